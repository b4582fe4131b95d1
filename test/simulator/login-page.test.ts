/**
 * The simulator's script login page (`--login-page script`): the served HTML
 * holds no form, only the data a script builds it from, so a client that
 * does not run JavaScript cannot sign in; no value can break out of the data
 * block. Read with parse5, as a browser parses the page before scripts run.
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { loginPage } from '../../simulator/cas/login-page.ts';

type Node = DefaultTreeAdapterTypes.Node;

function elements(node: Node, tag: string): DefaultTreeAdapterTypes.Element[] {
  const found: DefaultTreeAdapterTypes.Element[] = [];
  const visit = (current: Node): void => {
    if ('tagName' in current && current.tagName === tag) found.push(current);
    if ('childNodes' in current) for (const child of current.childNodes) visit(child);
  };
  visit(node);
  return found;
}

const input = { csrf: 'csrf-value-0123456789', authorizationRequestId: 'req-1', clientId: 'app</script><form id=x>' };

describe('the login page kinds', () => {
  it('form: the login form is in the HTML', () => {
    expect(elements(parse(loginPage(input, 'form')), 'form')).toHaveLength(1);
  });

  it('script: no form in the HTML, a script, and a data block that holds the values and cannot be closed from inside', () => {
    const document = parse(loginPage(input, 'script'));
    expect(elements(document, 'form')).toHaveLength(0);
    const scripts = elements(document, 'script');
    const data = scripts.find((script) => script.attrs.some((attribute) => attribute.name === 'type' && attribute.value === 'application/json'));
    expect(scripts.length).toBe(2);
    const text = data?.childNodes[0] && 'value' in data.childNodes[0] ? data.childNodes[0].value : '';
    expect(JSON.parse(text)).toMatchObject({ csrf: input.csrf, authorizationRequest: input.authorizationRequestId, clientId: input.clientId });
  });
});
