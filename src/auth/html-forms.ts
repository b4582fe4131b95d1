/**
 * Forms of an HTML page, read with parse5 (a WHATWG-conformant parser, so
 * the CAS's markup is read as a browser reads it): the login form, the
 * consent screen and whatever else the CAS shows before the redirect.
 *
 * @see HTML Living Standard §4.10.21.4 "Constructing the entry list" (which controls a form submits)
 * @see HTML Living Standard §4.10.21.3 "Form submission algorithm" (action, method)
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** A successful control of a form: what it contributes to the entry list. */
export interface FormField {
  readonly name: string;
  /** Lower-case input type (`text`, `password`, `hidden`, `email`, …); `select` and `textarea` for those elements. */
  readonly type: string;
  readonly value: string;
}

/** A submit button (`<button>` or `<input type=submit|image>`). */
export interface FormSubmitter {
  readonly name: string | undefined;
  readonly value: string;
  /** Visible label: the button's text or the input's value. */
  readonly label: string;
}

export interface HtmlForm {
  readonly id: string | undefined;
  /** Resolved against the page URL (and `<base href>`); the page URL when the form has no action. */
  readonly action: URL;
  readonly method: 'GET' | 'POST';
  /** The fields the form submits as is: hidden fields kept, unchecked boxes and disabled controls left out. */
  readonly fields: readonly FormField[];
  readonly submitters: readonly FormSubmitter[];
}

export interface HtmlPage {
  readonly title: string | undefined;
  readonly forms: readonly HtmlForm[];
  /** Visible texts of elements that look like messages (`role=alert`, class or id with error/alert/message/notice/warning). */
  readonly messages: readonly string[];
  /** The visible text of the body, whitespace collapsed (scripts, styles and templates left out). */
  readonly text: string;
  /** Scripts the page runs (JSON and other data blocks not counted): a page without a form that runs scripts may build its form in the browser. */
  readonly scripts: number;
}

/** Parses a page and extracts its title, forms and messages. */
export function parseHtmlPage(html: string, pageUrl: string | URL): HtmlPage {
  const document = parse(html);
  const elements = [...walk(document)];
  const base = baseUrl(elements, new URL(pageUrl.toString()));
  const titleElement = elements.find((element) => element.tagName === 'title');
  const title = titleElement ? normalise(textOf(titleElement)) : undefined;
  const forms = elements.filter((element) => element.tagName === 'form').map((form) => readForm(form, elements, base));
  const messages = elements
    .filter(isMessageElement)
    .map((element) => normalise(textOf(element)))
    .filter((text, index, all) => text !== '' && all.indexOf(text) === index);
  const body = elements.find((element) => element.tagName === 'body');
  const scripts = elements.filter(isRunnableScript).length;
  return { title: title || undefined, forms, messages, text: body ? normalise(textOf(body)) : '', scripts };
}

/** The forms of a page; see {@link parseHtmlPage}. */
export function extractForms(html: string, pageUrl: string | URL): HtmlForm[] {
  return [...parseHtmlPage(html, pageUrl).forms];
}

/**
 * The entry list a browser would submit: the form's fields, with `overrides`
 * replacing (or adding) values by name, and the submitter's name/value last.
 *
 * @see HTML Living Standard §4.10.21.4
 */
export function formEntries(form: HtmlForm, overrides: Readonly<Record<string, string>> = {}, submitter?: FormSubmitter): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  const pending = new Map(Object.entries(overrides));
  for (const field of form.fields) {
    const override = pending.get(field.name);
    if (override !== undefined) {
      entries.push([field.name, override]);
      pending.delete(field.name);
    } else {
      entries.push([field.name, field.value]);
    }
  }
  for (const [name, value] of pending) entries.push([name, value]);
  if (submitter?.name) entries.push([submitter.name, submitter.value]);
  return entries;
}

const submitInputTypes = new Set(['submit', 'image']);
/** Inputs that never contribute a plain name=value pair. */
const skippedInputTypes = new Set(['button', 'reset', 'file', 'submit', 'image']);

function readForm(form: Element, all: readonly Element[], base: URL): HtmlForm {
  const id = attr(form, 'id');
  const action = attr(form, 'action');
  const method = (attr(form, 'method') ?? 'get').toLowerCase() === 'post' ? 'POST' : 'GET';
  const controls = [...walk(form)].filter((element) => element !== form);
  // Controls outside the form that name it with form="id" belong to it too.
  if (id) controls.push(...all.filter((element) => attr(element, 'form') === id && !isInside(element, form)));
  const fields: FormField[] = [];
  const submitters: FormSubmitter[] = [];
  for (const control of controls) {
    if (attr(control, 'form') !== undefined && attr(control, 'form') !== id) continue;
    if (hasAttr(control, 'disabled')) continue;
    const name = attr(control, 'name');
    switch (control.tagName) {
      case 'input': {
        const type = (attr(control, 'type') ?? 'text').toLowerCase();
        const value = attr(control, 'value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : '');
        if (submitInputTypes.has(type)) {
          submitters.push({ name, value, label: value });
        } else if (name && !skippedInputTypes.has(type) && ((type !== 'checkbox' && type !== 'radio') || hasAttr(control, 'checked'))) {
          fields.push({ name, type, value });
        }
        break;
      }
      case 'button': {
        const type = (attr(control, 'type') ?? 'submit').toLowerCase();
        if (type === 'submit') {
          const label = normalise(textOf(control));
          submitters.push({ name, value: attr(control, 'value') ?? '', label });
        }
        break;
      }
      case 'select':
        if (name) {
          const value = selectValue(control);
          if (value !== undefined) fields.push({ name, type: 'select', value });
        }
        break;
      case 'textarea':
        if (name) fields.push({ name, type: 'textarea', value: textOf(control) });
        break;
      default:
        break;
    }
  }
  return { id, action: resolveAction(action, base), method, fields, submitters };
}

/** The selected option of a single select, else its first enabled option. */
function selectValue(select: Element): string | undefined {
  const options = [...walk(select)].filter((element) => element.tagName === 'option' && !hasAttr(element, 'disabled'));
  const chosen = options.find((option) => hasAttr(option, 'selected')) ?? options[0];
  if (!chosen) return undefined;
  return attr(chosen, 'value') ?? normalise(textOf(chosen));
}

function resolveAction(action: string | undefined, base: URL): URL {
  const trimmed = action?.trim();
  if (!trimmed) return new URL(base);
  return URL.canParse(trimmed, base.href) ? new URL(trimmed, base) : new URL(base);
}

function baseUrl(elements: readonly Element[], pageUrl: URL): URL {
  const href = elements.find((element) => element.tagName === 'base' && attr(element, 'href') !== undefined);
  const value = href ? attr(href, 'href') : undefined;
  return value && URL.canParse(value, pageUrl.href) ? new URL(value, pageUrl) : pageUrl;
}

/** HTML Living Standard §4.12.1.1: no type, a JavaScript MIME type or `module` runs; any other type is a data block. */
function isRunnableScript(element: Element): boolean {
  if (element.tagName !== 'script') return false;
  const type = (attr(element, 'type') ?? '').trim().toLowerCase();
  return type === '' || type === 'module' || /^(?:text|application)\/(?:x-)?(?:java|ecma)script$/.test(type);
}

const messagePattern = /error|alert|message|notice|warning|invalid/i;

function isMessageElement(element: Element): boolean {
  if (element.tagName === 'form' || element.tagName === 'body' || element.tagName === 'html') return false;
  if (attr(element, 'role') === 'alert') return true;
  const hint = `${attr(element, 'class') ?? ''} ${attr(element, 'id') ?? ''}`;
  return hint.trim() !== '' && messagePattern.test(hint);
}

function* walk(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  // Inert template content is not part of the page.
  if ('childNodes' in node && !('content' in node)) {
    for (const child of node.childNodes) yield* walk(child);
  }
}

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if (node.nodeName === 'script' || node.nodeName === 'style' || node.nodeName === 'template') return '';
  if (!('childNodes' in node)) return '';
  return node.childNodes.map(textOf).join(' ');
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function hasAttr(element: Element, name: string): boolean {
  return element.attrs.some((attribute) => attribute.name === name);
}

function isInside(element: Element, ancestor: Element): boolean {
  for (let current = element.parentNode; current; current = 'parentNode' in current ? current.parentNode : null) {
    if (current === ancestor) return true;
  }
  return false;
}
