import { UpgradeGuardError } from '../errors.ts';

/**
 * The line a `USAGE:` error shows for what node:util parseArgs refused: one line. Where a command takes positionals,
 * Node follows "Unknown option" with advice that quotes the option with an unbalanced quote (`as in '-- "--x"`); the
 * line keeps the first sentence and says the same plainly. A value that starts with a dash (`--latency-ms -5`) Node
 * calls ambiguous, over three lines; the line says how to give it.
 */
export function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && message.includes('To specify a positional argument')) {
    const option = /^Unknown option '([^']*)'/.exec(message)?.[1];
    if (option !== undefined) return `Unknown option '${option}' (a folder whose name starts with '-' goes after a lone --)`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && message.includes('is ambiguous')) {
    const option = /^Option '([^']*)'/.exec(message)?.[1];
    if (option !== undefined) return `Option '${option}' needs a value; one that starts with '-' goes after '=' (${option}=-…)`;
  }
  return message.split('\n').map((line) => line.trim()).filter((line) => line !== '').join(' ');
}

/**
 * USAGE for a value option given more than once, unless `multiple` names it: parseArgs keeps the last, so `--only auth
 * --only job` would run job alone, a typo gone green. `tokens`: parseArgs' own, with `tokens: true`.
 */
export function refuseRepeatedOptions(tokens: readonly { readonly kind: string; readonly rawName?: string; readonly value?: string | undefined }[], multiple: readonly string[] = []): void {
  const given = tokens.flatMap((token) => (token.kind === 'option' && token.value !== undefined && token.rawName !== undefined && !multiple.includes(token.rawName) ? [token.rawName] : []));
  const twice = given.find((name, index) => given.indexOf(name) !== index);
  if (twice) throw new UpgradeGuardError('USAGE', `${twice} is given more than once${twice === '--only' || twice === '--suites' ? ' (join the values with commas)' : ''}`);
}
