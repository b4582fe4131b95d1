import { describe, expect, it } from 'vitest';
import { extractForms, formEntries, parseHtmlPage } from '../../../src/auth/html-forms.ts';

const loginPage = `<!doctype html>
<html><head><title> Sign in – CAS </title></head>
<body>
  <div class="alert alert-danger" role="alert">Invalid username or password.</div>
  <form id="login" action="../login?flow=1" method="POST">
    <input type="hidden" name="_csrf" value="csrf-abc">
    <input type="hidden" name="challenge" value="ch-42">
    <label>User <input name="username" autocomplete="username"></label>
    <input type="password" name="password">
    <input type="checkbox" name="remember" value="yes">
    <input type="checkbox" name="terms" checked>
    <input type="text" name="ignored" disabled value="x">
    <select name="lang"><option value="de">Deutsch</option><option value="en" selected>English</option></select>
    <select name="tz"><option>UTC</option><option>CET</option></select>
    <textarea name="note">hello</textarea>
    <input type="file" name="upload">
    <input type="reset" name="r" value="reset">
    <button type="submit" name="action" value="login">Sign <b>in</b></button>
    <button type="button" name="show">Show password</button>
  </form>
  <input type="hidden" name="outside" value="o" form="login">
  <form action="https://other.example/lang" method="get"><button>English</button></form>
  <template><form action="/inert"></form></template>
</body></html>`;

describe('parseHtmlPage (parse5)', () => {
  const page = parseHtmlPage(loginPage, 'https://cas.example/cas/ui/login?x=1');

  it('reads the title and the visible message', () => {
    expect(page.title).toBe('Sign in – CAS');
    expect(page.messages).toEqual(['Invalid username or password.']);
  });

  it('finds the forms, not the inert template one', () => {
    expect(page.forms).toHaveLength(2);
  });

  it('resolves the action against the page URL and reads the method', () => {
    const [login, lang] = page.forms;
    expect(login?.action.href).toBe('https://cas.example/cas/login?flow=1');
    expect(login?.method).toBe('POST');
    expect(lang?.action.href).toBe('https://other.example/lang');
    expect(lang?.method).toBe('GET');
  });

  it('keeps hidden fields and submits what a browser submits', () => {
    const login = page.forms[0];
    expect(login?.fields).toEqual([
      { name: '_csrf', type: 'hidden', value: 'csrf-abc' },
      { name: 'challenge', type: 'hidden', value: 'ch-42' },
      { name: 'username', type: 'text', value: '' },
      { name: 'password', type: 'password', value: '' },
      { name: 'terms', type: 'checkbox', value: 'on' },
      { name: 'lang', type: 'select', value: 'en' },
      { name: 'tz', type: 'select', value: 'UTC' },
      { name: 'note', type: 'textarea', value: 'hello' },
      { name: 'outside', type: 'hidden', value: 'o' },
    ]);
  });

  it('lists submit buttons with name, value and label', () => {
    expect(page.forms[0]?.submitters).toEqual([{ name: 'action', value: 'login', label: 'Sign in' }]);
    expect(page.forms[1]?.submitters).toEqual([{ name: undefined, value: '', label: 'English' }]);
  });

  it('builds the entry list with overrides and the submitter last', () => {
    const login = page.forms[0];
    if (!login) throw new Error('no form');
    const entries = formEntries(login, { username: 'alice', password: 'pw', extra: '1' }, login.submitters[0]);
    expect(entries).toEqual([
      ['_csrf', 'csrf-abc'],
      ['challenge', 'ch-42'],
      ['username', 'alice'],
      ['password', 'pw'],
      ['terms', 'on'],
      ['lang', 'en'],
      ['tz', 'UTC'],
      ['note', 'hello'],
      ['outside', 'o'],
      ['extra', '1'],
      ['action', 'login'],
    ]);
  });
});

describe('extractForms', () => {
  for (const vector of [
    { name: 'no action: the page URL', html: '<form method=post><input name=a value=1></form>', action: 'https://cas.example/p/consent?c=1', method: 'POST' },
    { name: 'empty action: the page URL', html: '<form action=""></form>', action: 'https://cas.example/p/consent?c=1', method: 'GET' },
    { name: '<base href> applies', html: '<head><base href="https://cas.example/base/"></head><form action="next"></form>', action: 'https://cas.example/base/next', method: 'GET' },
    { name: 'absolute path', html: '<form action="/oauth2/consent" METHOD="Post"></form>', action: 'https://cas.example/oauth2/consent', method: 'POST' },
    { name: 'unknown method is GET', html: '<form action="x" method="dialog"></form>', action: 'https://cas.example/p/x', method: 'GET' },
  ]) {
    it(vector.name, () => {
      const [form] = extractForms(vector.html, 'https://cas.example/p/consent?c=1');
      expect(form?.action.href).toBe(vector.action);
      expect(form?.method).toBe(vector.method);
    });
  }

  it('reads malformed markup as a browser does (unclosed tags, uppercase, unquoted values)', () => {
    const [form] = extractForms('<FORM ACTION=/go METHOD=post><P><INPUT TYPE=HIDDEN NAME=k VALUE=v><INPUT NAME=u><input type=submit value=Allow name=ok>', 'https://cas.example/');
    expect(form?.fields).toEqual([
      { name: 'k', type: 'hidden', value: 'v' },
      { name: 'u', type: 'text', value: '' },
    ]);
    expect(form?.submitters).toEqual([{ name: 'ok', value: 'Allow', label: 'Allow' }]);
  });

  it('finds nothing on a page without forms', () => {
    expect(extractForms('<h1>Error</h1><p>redirect_uri is not registered</p>', 'https://cas.example/')).toEqual([]);
  });
});
