/**
 * `npm run verify` starts here: `--help` is answered before the command's modules load (../help-gate.ts), and
 * `--env-file` given more than once is the upgrade rehearsal of several targets (../rehearsal.ts).
 */
import { commandArguments } from '../command-arguments.ts';
import { answeredHelp } from '../help-gate.ts';

const envFiles = commandArguments().filter((arg) => arg === '--env-file' || arg.startsWith('--env-file=')).length;
if (!(await answeredHelp('verify'))) await (envFiles > 1 ? import('../rehearsal.ts') : import('../verify.ts'));
