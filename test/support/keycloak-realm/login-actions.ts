/**
 * The realm's login page, shaped as Keycloak's: a plain HTML form
 * (`username`, `password`, a hidden `credentialId`) posted to
 * `…/login-actions/authenticate?session_code=…&execution=…&client_id=…&tab_id=…`,
 * with session cookies (AUTH_SESSION_ID, KC_RESTART) that the post must
 * bring back. No consent screen follows (the realm grants at login).
 * The protocol around it stays oidc-provider's interaction API.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

export const loginActionsPath = '/login-actions/authenticate';

interface PendingLogin {
  readonly sessionCode: string;
  readonly execution: string;
  readonly authSessionId: string;
}

export function loginActions(provider: Provider, realmPath: string, clientId: string, accounts: ReadonlyMap<string, string>) {
  const pending = new Map<string, PendingLogin>();
  const action = `${realmPath}${loginActionsPath}`;

  async function showLogin(req: IncomingMessage, res: ServerResponse, error?: string): Promise<void> {
    const { uid } = await provider.interactionDetails(req, res);
    const login = { sessionCode: randomBytes(24).toString('base64url'), execution: randomUUID(), authSessionId: pending.get(uid)?.authSessionId ?? randomUUID() };
    pending.set(uid, login);
    const query = new URLSearchParams({ session_code: login.sessionCode, execution: login.execution, client_id: clientId, tab_id: uid });
    res.setHeader('set-cookie', [
      `AUTH_SESSION_ID=${login.authSessionId}; Path=${realmPath}/; HttpOnly; SameSite=Lax`,
      `KC_RESTART=${randomBytes(32).toString('base64url')}; Path=${realmPath}/; HttpOnly`,
    ]);
    page(
      res,
      200,
      'Sign in to acme',
      `${error ? `<div class="alert-error"><span class="kc-feedback-text">${error}</span></div>` : ''}
      <form id="kc-form-login" onsubmit="login.disabled = true; return true;" action="${action}?${escapeHtml(query.toString())}" method="post">
        <label for="username">Username or email</label><input tabindex="1" id="username" name="username" value="" type="text" autofocus autocomplete="off">
        <label for="password">Password</label><input tabindex="2" id="password" name="password" type="password" autocomplete="off">
        <input type="hidden" id="id-hidden-input" name="credentialId">
        <input tabindex="4" name="login" id="kc-login" type="submit" value="Sign In">
      </form>`,
    );
  }

  async function submitLogin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const { uid, prompt } = await provider.interactionDetails(req, res);
    const login = pending.get(uid);
    const cookie = /(?:^|;\s*)AUTH_SESSION_ID=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    // Keycloak's answer to a post without its session cookie or with a stale session_code.
    if (!login || cookie !== login.authSessionId) return page(res, 400, 'We are sorry...', '<p id="instruction1" class="instruction">Cookie not found. Please make sure cookies are enabled in your browser.</p>');
    if (url.searchParams.get('session_code') !== login.sessionCode || url.searchParams.get('execution') !== login.execution) {
      return page(res, 400, 'We are sorry...', '<p class="instruction">Your login attempt timed out. Login will start from the beginning.</p>');
    }
    const form = await readForm(req);
    const username = form.get('username') ?? '';
    if (prompt.name !== 'login' || !form.has('credentialId') || accounts.get(username) === undefined || accounts.get(username) !== form.get('password')) {
      return showLogin(req, res, 'Invalid username or password.');
    }
    pending.delete(uid);
    await provider.interactionFinished(req, res, { login: { accountId: username } }, { mergeWithLastSubmission: false });
  }

  /** True when the request was a login action. */
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://realm');
    if (url.pathname !== action) return false;
    if (req.method === 'GET') await showLogin(req, res);
    else if (req.method === 'POST') await submitLogin(req, res, url);
    else page(res, 405, 'Method not allowed', '');
    return true;
  };
}

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html;charset=utf-8', 'cache-control': 'no-store, must-revalidate, max-age=0' });
  res.end(`<!DOCTYPE html><html><head><title>${escapeHtml(title)}</title></head><body><div id="kc-content"><h1 id="kc-page-title">${escapeHtml(title)}</h1>${body}</div></body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
