/**
 * The line a `USAGE:` error shows for what node:util parseArgs refused. Where a command takes positionals, Node
 * follows "Unknown option" with advice that quotes the option with an unbalanced quote (`as in '-- "--x"`); the
 * line keeps the first sentence and says the same plainly.
 */
export function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as { code?: unknown } | null)?.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return message;
  const option = /^Unknown option '([^']*)'/.exec(message)?.[1];
  return option === undefined ? message : `Unknown option '${option}' (a folder whose name starts with '-' goes after a lone --)`;
}
