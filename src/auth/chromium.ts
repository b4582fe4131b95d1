/**
 * The system's Chromium for LOGIN_DRIVER=browser (Debian's `chromium`
 * package, or CHROMIUM_PATH), driven with playwright-core, which brings no
 * browser of its own. One browser per run, launched as a server: the main
 * process logs the shared sessions in through it and the suites' workers
 * connect to it, so Chromium starts once, not once per worker or login.
 *
 * Nothing the browser does is kept: no trace, no screenshot, no video, no
 * HAR, and its console and network logs are not listened to.
 */
import { accessSync, constants, statSync } from 'node:fs';
import type { Browser, BrowserServer, BrowserType } from 'playwright-core';
import { UpgradeGuardError } from '../errors.ts';

/**
 * playwright-core loads only for LOGIN_DRIVER=browser: it is heavy to load, and every suite worker
 * imports this file, so with the form driver no worker pays for a browser driver it does not use.
 */
async function chromiumType(): Promise<BrowserType> {
  return (await import('playwright-core')).chromium;
}

/** Where Debian's `chromium` package installs the browser. */
export const defaultChromiumPath = '/usr/bin/chromium';

/** The launch flags: headless, and no traffic of the browser's own (updates, sync, background fetches). */
export const chromiumFlags = ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] as const;

/**
 * The Chromium executable to launch: CHROMIUM_PATH when set, else Debian's.
 * One that does not exist or cannot be run is CONFIG_INVALID naming
 * CHROMIUM_PATH, before any target is started.
 */
export function chromiumExecutable(configured: string | undefined): string {
  const path = configured ?? defaultChromiumPath;
  const fix = configured === undefined
    ? `install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable`
    : 'set CHROMIUM_PATH to the Chromium executable';
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
    accessSync(path, constants.X_OK);
  } catch {
    throw new UpgradeGuardError('CONFIG_INVALID', `LOGIN_DRIVER=browser needs Chromium, and CHROMIUM_PATH ${configured === undefined ? `(default ${path})` : path} ${isFile ? 'is not executable' : 'does not exist'}; ${fix}`);
  }
  if (!isFile) throw new UpgradeGuardError('CONFIG_INVALID', `LOGIN_DRIVER=browser needs Chromium, and CHROMIUM_PATH ${path} is not a file; ${fix}`);
  refuseProtocolLogging(process.env.DEBUG);
  return path;
}

/**
 * Playwright's own debug channels (`DEBUG=pw:*`, read when playwright-core loads) print the protocol traffic,
 * the typed password and the session cookies among it: secrets never leak, so such a run is refused.
 */
export function refuseProtocolLogging(debug: string | undefined): void {
  // The `debug` package's syntax: names separated by commas or spaces, `*` a wildcard, a leading `-` excludes.
  const enabled = (debug ?? '').split(/[\s,]+/).filter((name) => name !== '' && !name.startsWith('-'));
  if (enabled.some((name) => name === '*' || name.startsWith('pw'))) {
    throw new UpgradeGuardError('CONFIG_INVALID', `LOGIN_DRIVER=browser with DEBUG=${debug} would print the browser's protocol traffic, the typed password among it; unset DEBUG (or leave out its pw: channels)`);
  }
}

/** Starts Chromium for the run; its `wsEndpoint()` lets other processes connect. Close it at the end of the run. */
export async function launchChromiumServer(executablePath: string, timeoutMs: number): Promise<BrowserServer> {
  try {
    // headless is passed as a flag of our own (chromiumFlags) as well as Playwright's option, which adds its own set.
    // The signals stay verify's (src/cli/interruption.ts): Playwright's own handlers would close the browser in the
    // middle of a login and end the process with no line, a refresh-token rotation perhaps unstored (spec §5.8). The
    // run's setup closes the browser, and Playwright still kills it when the process exits.
    return await (await chromiumType()).launchServer({
      executablePath,
      headless: true,
      args: [...chromiumFlags],
      timeout: timeoutMs,
      host: '127.0.0.1',
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    const first = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new UpgradeGuardError('CONFIG_INVALID', `LOGIN_DRIVER=browser could not start Chromium at CHROMIUM_PATH ${executablePath}: ${first}`);
  }
}

const connections = new Map<string, Promise<Browser>>();

/** A connection of this process to the run's browser, made once per endpoint and then shared. */
export function connectChromium(wsEndpoint: string, timeoutMs: number): Promise<Browser> {
  let connection = connections.get(wsEndpoint);
  if (!connection) {
    connection = chromiumType().then((chromium) => chromium.connect(wsEndpoint, { timeout: timeoutMs }));
    connections.set(wsEndpoint, connection);
    // A failed or lost connection is made again by the next login.
    connection.then(
      (browser) => browser.on('disconnected', () => connections.delete(wsEndpoint)),
      () => connections.delete(wsEndpoint),
    );
  }
  return connection;
}
