import { describe, expect, it } from 'vitest';
import { ExchangeLog } from '../../src/http/exchange-log.ts';
import { REDACTED, SecretRegistry, redactBody, redactHeaders, redactUrl } from '../../src/http/redact.ts';

const accessToken = 'at_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const refreshToken = 'rt_0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const clientSecret = 'cs_Zm9vYmFyYmF6cXV4cXV1eA';

function registry(): SecretRegistry {
  const secrets = new SecretRegistry();
  for (const value of [accessToken, refreshToken, clientSecret]) secrets.add(value);
  return secrets;
}

describe('redaction', () => {
  it('hides secret headers but keeps the bearer scheme', () => {
    const out = redactHeaders({ authorization: `Bearer ${accessToken}`, cookie: 'CASSESSION=abc', accept: 'application/json' }, registry());
    expect(out).toEqual({ authorization: `Bearer ${REDACTED}`, cookie: REDACTED, accept: 'application/json' });
  });

  it('hides secret query parameters by name (state included) and known values anywhere', () => {
    const url = redactUrl(`https://app.example.com/cb?code=abc123456&state=Ab3dEf7h&page=2&note=${refreshToken}`, registry());
    expect(url).not.toContain('abc123456');
    expect(url).not.toContain(refreshToken);
    expect(url).not.toContain('Ab3dEf7h');
    expect(url).toContain('page=2');
  });

  it('hides API keys and request signatures by name, as a recorded call (a HAR) carries them', () => {
    const url = redactUrl('https://api.example.com/assets?api_key=LEAK-query-333&sig=LEAK-sig-444&X-Amz-Signature=LEAK-amz-555&apiKey=LEAK-camel-666&page=2', registry());
    for (const leaked of ['LEAK-query-333', 'LEAK-sig-444', 'LEAK-amz-555', 'LEAK-camel-666']) expect(url).not.toContain(leaked);
    expect(url).toContain('page=2');
    // In text too (a presigned URL in a body, a failure message): the name may hold dashes and digits.
    const text = registry().scrub('see https://cdn.example.com/a.png?X-Amz-Credential=LEAK-cred-777&X-Amz-Signature=LEAK-amz-888&api-key=LEAK-dash-999&v2=1');
    for (const leaked of ['LEAK-cred-777', 'LEAK-amz-888', 'LEAK-dash-999']) expect(text).not.toContain(leaked);
    expect(text).toContain('v2=1');
  });

  it("keeps only OAuth's public values in a redirect's Location, and hides the login flow's handles wherever they come next", () => {
    const secrets = new SecretRegistry();
    const handle = 'pending-authorization-0123456789abcdef';
    const out = redactHeaders({ location: `/cas/login?authorization_request=${handle}&client_id=app-1&error=access_denied&lang=de` }, secrets);
    expect(out.location).toBe('/cas/login?authorization_request=%5BREDACTED%5D&client_id=app-1&error=access_denied&lang=%5BREDACTED%5D');
    // The GET that follows the redirect, and anything else of the run, before its page was read.
    expect(redactUrl(`https://cas.example/cas/login?authorization_request=${handle}`, secrets)).not.toContain(handle);
    expect(secrets.scrub(`form for ${handle}`)).not.toContain(handle);
    // A short value is redacted in the Location but not registered: it would hide ordinary words elsewhere.
    expect(secrets.scrub('lang=de')).toBe('lang=de');
  });

  const bodies: Array<{ type: string; body: string }> = [
    { type: 'application/x-www-form-urlencoded', body: `grant_type=refresh_token&refresh_token=${refreshToken}&client_secret=${clientSecret}&client_id=app` },
    { type: 'application/json', body: JSON.stringify({ access_token: accessToken, refresh_token: refreshToken, token_type: 'Bearer', nested: { password: 'pw-123456' } }) },
    { type: 'text/html', body: `<p>token ${accessToken}</p>` },
  ];
  for (const vector of bodies) {
    it(`hides secrets in a ${vector.type} body`, () => {
      const out = redactBody(vector.body, vector.type, registry());
      for (const secret of [accessToken, refreshToken, clientSecret, 'pw-123456']) expect(out).not.toContain(secret);
    });
  }

  it("hides a code in a redirect page's HTML body and in free text, whoever wrote it", () => {
    const registry = new SecretRegistry();
    const html = '<p>Redirecting to <a href="https://app.example/cb?state=abcdefgh&amp;code=unseen-code-literal-42">https://app.example/cb?code=unseen-code-literal-42&state=abcdefgh</a></p>';
    const out = redactBody(html, 'text/html; charset=utf-8', registry);
    expect(out).not.toContain('unseen-code-literal-42');
    expect(out).not.toContain('state=abcdefgh');
    expect(registry.scrub('login failed at https://cas.example/cb?access_token=tok-123456789&x=1')).not.toContain('tok-123456789');
  });

  it('hides the values of hidden inputs of an HTML page (CSRF tokens), keeping the names', () => {
    const html = '<form><input type="hidden" name="_csrf" value="csrf-literal-0123456789"><input type=hidden name=\'sid\' value=sid-literal-987654321><input name="username" value="ada"></form>';
    const out = redactBody(html, 'text/html', new SecretRegistry());
    expect(out).not.toContain('csrf-literal-0123456789');
    expect(out).not.toContain('sid-literal-987654321');
    expect(out).toContain('name="_csrf"');
    expect(out).toContain('value="ada"');
  });

  it('keeps non-secret JSON members readable', () => {
    const out = JSON.parse(redactBody(JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600 }), 'application/json', registry()));
    expect(out).toEqual({ access_token: REDACTED, token_type: 'Bearer', expires_in: 3600 });
  });

  it('ends a query value in free text at a backquote, so a Markdown code span keeps its closing mark', () => {
    expect(new SecretRegistry().scrub('`/assets/1?access_token=abc123secret` and more')).toBe(`\`/assets/1?access_token=${REDACTED}\` and more`);
  });

  it('hides URL-encoded forms of known secrets', () => {
    const secrets = new SecretRegistry();
    secrets.add('a+b/c=d&e');
    expect(secrets.scrub(`x=${encodeURIComponent('a+b/c=d&e')}`)).toBe(`x=${REDACTED}`);
  });

  it('records exchanges already redacted', () => {
    const log = new ExchangeLog(registry());
    log.record({
      method: 'POST',
      url: 'https://cas.example.com/api/v1.1/token',
      requestHeaders: { 'content-type': 'application/x-www-form-urlencoded' },
      requestBody: `grant_type=refresh_token&refresh_token=${refreshToken}&client_secret=${clientSecret}`,
      status: 200,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: JSON.stringify({ access_token: accessToken }),
      durationMs: 3,
    });
    const text = JSON.stringify(log.drain());
    for (const secret of [accessToken, refreshToken, clientSecret]) expect(text).not.toContain(secret);
    expect(log.drain()).toEqual([]);
  });
});
