/** `npm run verify` starts here: `--help` is answered before the command's modules load (../help-gate.ts). */
import { answeredHelp } from '../help-gate.ts';

if (!(await answeredHelp('verify'))) await import('../verify.ts');
