/** `npm run report` starts here: `--help` is answered before the command's modules load (../help-gate.ts). */
import { answeredHelp } from '../help-gate.ts';

if (!(await answeredHelp('report'))) await import('../report.ts');
