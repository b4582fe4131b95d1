import { describe, expect, it } from 'vitest';
import { CookieJar } from '../../../src/auth/cookie-jar.ts';

describe('CookieJar (RFC 6265, parsed by undici)', () => {
  it('sends a host-only cookie back to its host only', () => {
    const jar = new CookieJar();
    jar.store('https://cas.example/login', { 'set-cookie': 'SID=s3ss10n; Path=/; HttpOnly' });
    expect(jar.header('https://cas.example/consent')).toBe('SID=s3ss10n');
    expect(jar.header('https://sub.cas.example/')).toBeUndefined();
    expect(jar.header('https://app.example/callback')).toBeUndefined();
  });

  it('respects Path, and the default path of the setting URL', () => {
    const jar = new CookieJar();
    jar.store('https://cas.example/cas/ui/login', { 'set-cookie': ['a=1; Path=/cas', 'b=2', 'c=3; Path=/other'] });
    expect(jar.header('https://cas.example/cas/ui/consent')).toBe('b=2; a=1');
    expect(jar.header('https://cas.example/cas/token')).toBe('a=1');
    expect(jar.header('https://cas.example/cassette')).toBeUndefined();
    expect(jar.header('https://cas.example/other/x')).toBe('c=3');
  });

  it('applies a Domain cookie to subdomains, and ignores a Domain that does not cover the host', () => {
    const jar = new CookieJar();
    jar.store('https://login.example.com/', { 'set-cookie': ['d=1; Domain=.Example.com', 'evil=1; Domain=attacker.example'] });
    expect(jar.header('https://cas.example.com/')).toBe('d=1');
    expect(jar.header('https://example.com/')).toBe('d=1');
    expect(jar.header('https://attacker.example/')).toBeUndefined();
  });

  it('replaces a cookie of the same name and path, and deletes it on Max-Age=0 or a past Expires', () => {
    const jar = new CookieJar();
    jar.store('https://cas.example/', { 'set-cookie': ['SID=one; Path=/', 'X=1; Path=/'] });
    jar.store('https://cas.example/', { 'set-cookie': 'SID=two; Path=/' });
    expect(jar.header('https://cas.example/')).toBe('SID=two; X=1');
    jar.store('https://cas.example/', { 'set-cookie': ['SID=; Path=/; Max-Age=0', 'X=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'] });
    expect(jar.header('https://cas.example/')).toBeUndefined();
    expect(jar.size).toBe(0);
  });

  it('keeps Secure cookies off plain http', () => {
    const jar = new CookieJar();
    jar.store('https://cas.example/', { 'set-cookie': 'S=1; Secure; Path=/' });
    expect(jar.header('https://cas.example/')).toBe('S=1');
    expect(jar.header('http://cas.example/')).toBeUndefined();
  });

  it('ignores responses without Set-Cookie', () => {
    const jar = new CookieJar();
    jar.store('https://cas.example/', { 'content-type': 'text/html' });
    expect(jar.size).toBe(0);
  });
});
