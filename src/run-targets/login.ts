/**
 * The login driver a run target uses (LOGIN_DRIVER): the form driver, or
 * the browser driver through the run's Chromium, which the run's setup
 * launched and whose endpoint the target carries. The shared sessions, the
 * auth suites and the expiry check all log in through here, so one setting
 * decides for every login of the run.
 */
import { loginWithBrowser, viewLoginChallenge, type ChallengeView } from '../auth/browser-login.ts';
import { connectChromium } from '../auth/chromium.ts';
import { loginWithForm, type LoginResult, type LoginWithFormOptions } from '../auth/login-driver.ts';
import type { HttpClient } from '../http/client.ts';
import type { TargetInfo } from './target-info.ts';

export type LoginOptions = Omit<LoginWithFormOptions, 'jar'>;

type DriverSettings = Pick<TargetInfo, 'loginBrowser' | 'requestTimeoutMs'>;

/** One login through the target's driver, from the authorization URL to the redirect to REDIRECT_URI. */
export async function driveLogin(http: HttpClient, target: DriverSettings, options: LoginOptions): Promise<LoginResult> {
  if (!target.loginBrowser) return loginWithForm(http, options);
  const browser = await connectChromium(target.loginBrowser.wsEndpoint, target.requestTimeoutMs);
  return loginWithBrowser(browser, http.secrets, { ...options, timeoutMs: target.requestTimeoutMs });
}

/** With the browser driver: what the browser shows at the authorization URL. Undefined with the form driver. */
export async function browserChallengeView(http: HttpClient, target: DriverSettings, options: LoginOptions): Promise<ChallengeView | undefined> {
  if (!target.loginBrowser) return undefined;
  const browser = await connectChromium(target.loginBrowser.wsEndpoint, target.requestTimeoutMs);
  return viewLoginChallenge(browser, http.secrets, { ...options, timeoutMs: target.requestTimeoutMs });
}
