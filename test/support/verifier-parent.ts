/**
 * A parent that starts a verifier child ahead, as verify does, and ends
 * without sending it a request (a run that failed before its
 * contract-breaks step): it prints the child's pid, then exits.
 */
import { startVerifierChild } from '../../src/contracts/quiet-verification.ts';

const child = startVerifierChild({ jobs: 1 });
process.stdout.write(`${String(child.pid)}\n`);
// Long enough for the child to be loading pact-js, the moment a failed run would leave it at.
setTimeout(() => process.exit(0), 300);
