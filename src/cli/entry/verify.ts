/**
 * `npm run verify` starts here: `--help` is answered before the command's modules load (../help-gate.ts), and
 * `--env-file` given more than once is the upgrade rehearsal of several targets (../rehearsal.ts). A first line goes
 * out before the command's own modules load (the configuration's validator among them), so a user sees at once that
 * the run started; verify's own first line, what runs against what, follows once the configuration is read.
 */
import { commandArguments } from '../command-arguments.ts';
import { answeredHelp } from '../help-gate.ts';
import { endAtFirstSignal } from '../first-signals.ts';

const envFiles = commandArguments().filter((arg) => arg === '--env-file' || arg.startsWith('--env-file=')).length;
if (!(await answeredHelp('verify'))) {
  // From the first line on, no Ctrl-C or SIGTERM ends the command silently.
  endAtFirstSignal();
  process.stdout.write(`upgrade-guard: starting ${envFiles > 1 ? 'the upgrade rehearsal' : 'verify'}\n`);
  await (envFiles > 1 ? import('../rehearsal.ts') : import('../verify.ts'));
}
