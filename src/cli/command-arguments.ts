/**
 * The command's own arguments. The npm scripts put `--` between the script
 * and them: Node 20 reads `--env-file` anywhere on its command line, even
 * after the script, and would take our flag for its own.
 */
export function commandArguments(argv: readonly string[] = process.argv): string[] {
  const args = argv.slice(2);
  return args[0] === '--' ? args.slice(1) : args;
}
