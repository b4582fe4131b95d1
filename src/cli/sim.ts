/**
 * `npm run sim -- --version 8.0 --port 4080 [--token-ttl SECONDS] [--login-page form|script] [--deprecation-headers sent|malformed] [--removed-endpoints not-found|gone] [--fault NAME]...`
 *
 * Serves one simulated platform instance and prints the `.env` lines that
 * point the suite at it, on stdout and nothing else there (so
 * `npm run sim -- … > .env` works); the banner goes to stderr. Runs until
 * SIGINT or SIGTERM. This file belongs to the simulator's side: it imports
 * only from simulator/ and node builtins.
 *
 * Exit codes follow the project's catalog: 64 for a command line that is not
 * understood, 3 when the port cannot be had.
 */
import { parseArgs } from 'node:util';
import { faultNames, isFaultName, type FaultName } from '../../simulator/faults/index.ts';
import { createPlatform, isLoginPageKind, loginPageKinds, type LoginPageKind, type Platform, type PlatformAddress } from '../../simulator/platform.ts';
import { isSimVersion, simVersions, type SimVersion } from '../../simulator/version.ts';
import { deprecationHeaderModes, isDeprecationHeaderMode, type DeprecationHeaderMode } from '../../simulator/http/deprecation-notices.ts';
import { isRemovedEndpointMode, removedEndpointModes, type RemovedEndpointMode } from '../../simulator/http/removed-endpoints.ts';

const usage = `npm run sim -- --version ${simVersions.join('|')} [--port N] [--host ADDRESS] [--token-ttl SECONDS] [--login-page ${loginPageKinds.join('|')}] [--deprecation-headers ${deprecationHeaderModes.join('|')}] [--removed-endpoints ${removedEndpointModes.join('|')}] [--fault NAME]...`;
const exitUsage = 64;
const exitUnreachable = 3;

interface SimArguments {
  readonly version: SimVersion;
  readonly port: number;
  readonly host: string;
  readonly tokenTtlSeconds: number | undefined;
  readonly faults: readonly FaultName[];
  /** `script`: the CAS's login form is built by JavaScript, which a form parser cannot drive (LOGIN_DRIVER=browser can). */
  readonly loginPage: LoginPageKind;
  readonly deprecationHeaders: DeprecationHeaderMode | undefined;
  /** `gone`: the endpoints 8.0 removed answer 410 instead of 404/405 (simulator/http/removed-endpoints.ts). */
  readonly removedEndpoints: RemovedEndpointMode | undefined;
}

class UsageError extends Error {}

function parseCommandLine(argv: readonly string[]): SimArguments | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      version: { type: 'string' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'token-ttl': { type: 'string' },
      'login-page': { type: 'string', default: 'form' },
      fault: { type: 'string', multiple: true, default: [] },
      'deprecation-headers': { type: 'string' },
      'removed-endpoints': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';

  const version = values.version;
  if (version === undefined) throw new UsageError('--version is required');
  if (!isSimVersion(version)) throw new UsageError(`--version must be one of ${simVersions.join(', ')}, got "${version}"`);

  const port = wholeNumber('--port', values.port, 0, 65_535);
  const tokenTtl = values['token-ttl'];
  const tokenTtlSeconds = tokenTtl === undefined ? undefined : wholeNumber('--token-ttl', tokenTtl, 1, 31_536_000);

  const faults: FaultName[] = [];
  for (const name of values.fault) {
    if (!isFaultName(name)) throw new UsageError(`unknown --fault "${name}"; known faults: ${faultNames.join(', ')}`);
    faults.push(name);
  }
  const loginPage = values['login-page'];
  if (!isLoginPageKind(loginPage)) throw new UsageError(`--login-page must be one of ${loginPageKinds.join(', ')}, got "${loginPage}"`);
  const deprecationHeaders = values['deprecation-headers'];
  if (deprecationHeaders !== undefined && !isDeprecationHeaderMode(deprecationHeaders)) {
    throw new UsageError(`--deprecation-headers must be one of ${deprecationHeaderModes.join(', ')}, got "${deprecationHeaders}"`);
  }
  const removedEndpoints = values['removed-endpoints'];
  if (removedEndpoints !== undefined && !isRemovedEndpointMode(removedEndpoints)) {
    throw new UsageError(`--removed-endpoints must be one of ${removedEndpointModes.join(', ')}, got "${removedEndpoints}"`);
  }
  return { version, port, host: values.host, tokenTtlSeconds, faults, loginPage, deprecationHeaders, removedEndpoints };
}

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

function fail(code: string, message: string, exitCode: number): never {
  process.stderr.write(`${code}: ${message}\n`);
  process.exit(exitCode);
}

function listenFailure(error: unknown, options: SimArguments): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EADDRINUSE') return `port ${options.port} on ${options.host} is already in use; pick another --port`;
  if (code === 'EACCES') return `port ${options.port} on ${options.host} may not be used by this user; pick another --port`;
  if (code === 'EADDRNOTAVAIL') return `address ${options.host} is not available on this machine; pick another --host`;
  return `cannot listen on ${options.host}:${options.port}: ${error instanceof Error ? error.message : String(error)}`;
}

/** The npm script puts `--` before our flags: Node 20 would otherwise take a `--env-file` after the script for its own. */
function ownArguments(): string[] {
  const args = process.argv.slice(2);
  return args[0] === '--' ? args.slice(1) : args;
}

async function main(): Promise<void> {
  let options: SimArguments | 'help';
  try {
    options = parseCommandLine(ownArguments());
  } catch (error) {
    // parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes for unknown or malformed flags.
    const message = error instanceof Error ? error.message : String(error);
    fail('USAGE', `${message}. Usage: ${usage}`, exitUsage);
  }
  if (options === 'help') {
    process.stdout.write(`Usage: ${usage}\nFaults: ${faultNames.join(', ')}\n`);
    return;
  }

  const platform: Platform = createPlatform({
    version: options.version,
    faults: options.faults,
    loginPage: options.loginPage,
    ...(options.deprecationHeaders !== undefined && { deprecationHeaders: options.deprecationHeaders }),
    ...(options.removedEndpoints !== undefined && { removedEndpoints: options.removedEndpoints }),
    ...(options.tokenTtlSeconds === undefined ? {} : { tokenTtlSeconds: options.tokenTtlSeconds }),
  });
  // Installed before anything is printed: a caller may signal as soon as it has read the .env lines.
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(130);
    stopping = true;
    process.stderr.write(`${signal}: stopping the simulated platform\n`);
    platform.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  let address: PlatformAddress;
  try {
    address = await platform.listen(options.port, options.host);
  } catch (error) {
    fail('TARGET_UNREACHABLE', listenFailure(error, options), exitUnreachable);
  }

  process.stdout.write(`${platform.envLines().join('\n')}\n`);
  const faultList = options.faults.length > 0 ? options.faults.join(', ') : 'none';
  process.stderr.write(
    `simulated platform ${options.version} at ${address.baseUrl}, CAS at ${address.authUrl}; faults: ${faultList}; login page: ${options.loginPage}. Stop with Ctrl-C.\n`,
  );
}

await main();
