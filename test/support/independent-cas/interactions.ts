/**
 * The CAS's own pages, which oidc-provider leaves to the deployment: an HTML
 * login form and a consent screen (DESIGN.md "Facts about the real CAS":
 * after the login the vendor's CAS asks the user to confirm). Written the
 * way oidc-provider's examples do it, with its interaction API; the protocol
 * (sessions, cookies, the resume, the redirect) stays oidc-provider's.
 *
 * Policy of this CAS: the consent step refuses scopes the app is not
 * registered for with `access_denied` (spec §7 only says "error at the
 * authorization step").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { registeredScope } from './cas-provider.ts';

const interactionPath = /^\/interaction\/([\w-]+)(?:\/(login|consent))?$/;

/** Handles the interaction routes; false for any other request (oidc-provider's then). */
export async function handleInteraction(provider: Provider, accounts: ReadonlyMap<string, string>, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const match = interactionPath.exec(new URL(req.url ?? '/', 'http://cas').pathname);
  if (!match) return false;
  const step = match[2];
  if (req.method === 'GET' && step === undefined) await showInteraction(provider, req, res);
  else if (req.method === 'POST' && step === 'login') await submitLogin(provider, accounts, req, res, await readForm(req));
  else if (req.method === 'POST' && step === 'consent') await submitConsent(provider, req, res, await readForm(req));
  else page(res, 405, 'Method not allowed', '<p>Method not allowed.</p>');
  return true;
}

async function showInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { uid, prompt, params } = await provider.interactionDetails(req, res);
  if (prompt.name === 'login') return loginPage(res, uid, undefined);
  const unregistered = requestedScopes(params).filter((scope) => !registeredScope.split(' ').includes(scope));
  if (unregistered.length > 0) {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: `scope not granted to this application: ${unregistered.join(' ')}` });
    return;
  }
  page(
    res,
    200,
    'Authorize application',
    `<form method="post" action="/interaction/${uid}/consent">
      <p>The application asks for access to your account.</p>
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </form>`,
  );
}

async function submitLogin(provider: Provider, accounts: ReadonlyMap<string, string>, req: IncomingMessage, res: ServerResponse, form: URLSearchParams): Promise<void> {
  const { uid, prompt } = await provider.interactionDetails(req, res);
  if (prompt.name !== 'login') return page(res, 400, 'Error', '<p>Unexpected step.</p>');
  const username = form.get('username') ?? '';
  if (accounts.get(username) === undefined || accounts.get(username) !== form.get('password')) return loginPage(res, uid, 'Invalid username or password.');
  await provider.interactionFinished(req, res, { login: { accountId: username } }, { mergeWithLastSubmission: false });
}

async function submitConsent(provider: Provider, req: IncomingMessage, res: ServerResponse, form: URLSearchParams): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const { prompt, params, session } = details;
  if (prompt.name !== 'consent' || !session) return page(res, 400, 'Error', '<p>Unexpected step.</p>');
  if (form.get('decision') !== 'allow') {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'the user denied the request' });
    return;
  }
  const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
  if (!grant) return page(res, 400, 'Error', '<p>Unknown grant.</p>');
  const missing = prompt.details;
  if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims);
  const resourceScopes = missing.missingResourceScopes;
  if (resourceScopes && typeof resourceScopes === 'object') {
    for (const [indicator, scopes] of Object.entries(resourceScopes)) if (Array.isArray(scopes)) grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
}

function requestedScopes(params: Record<string, unknown>): string[] {
  return typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [];
}

function loginPage(res: ServerResponse, uid: string, error: string | undefined): void {
  page(
    res,
    200,
    'Sign in',
    `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/interaction/${uid}/login">
      <label>Username <input type="text" name="username" autocomplete="username"></label>
      <label>Password <input type="password" name="password" autocomplete="current-password"></label>
      <button type="submit">Sign in</button>
    </form>`,
  );
}

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
