/**
 * `npm run sim` starts here: `--help` is answered before the simulated platform's modules load (../help-gate.ts),
 * with the fault names read from the simulator's own catalog.
 */
import { answeredHelp } from '../help-gate.ts';

const faultList = async (): Promise<string> => `Faults: ${(await import('../../../simulator/faults/index.ts')).faultNames.join(', ')}\n`;

if (!(await answeredHelp('sim', faultList))) await import('../sim.ts');
