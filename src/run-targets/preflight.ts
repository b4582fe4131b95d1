/**
 * Before any suite starts against a real target: can BASE_URL and AUTH_URL
 * be reached at all? Any HTTP answer counts; a refused connection or a
 * timeout ends the run with one line naming the variable to fix.
 */
import { chromiumExecutable } from '../auth/chromium.ts';
import { HttpClient } from '../http/client.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import type { Config } from '../config/config.ts';

export async function preflight(config: Config, secrets: SecretRegistry): Promise<void> {
  // LOGIN_DRIVER=browser without a Chromium to launch is a configuration error, found before any target starts.
  if (config.loginDriver === 'browser') chromiumExecutable(config.chromiumPath);
  const remote = config.remote;
  if (!remote) return;
  const client = new HttpClient({ timeoutMs: config.requestTimeoutMs, maxConcurrency: 2, secrets });
  try {
    await Promise.all([
      probe(client, 'BASE_URL', remote.baseUrl),
      probe(client, 'AUTH_URL', remote.authUrl),
    ]);
  } finally {
    await client.close();
  }
}

async function probe(client: HttpClient, variable: string, url: string): Promise<void> {
  try {
    await client.request({ method: 'GET', url });
  } catch (error) {
    if (isUpgradeGuardError(error) && (error.code === 'TARGET_UNREACHABLE' || error.code === 'TARGET_TIMEOUT')) {
      throw new UpgradeGuardError(error.code, `${variable} ${url}: ${error.message.replace(/^GET \S+ /, '')}`);
    }
    throw error;
  }
}
