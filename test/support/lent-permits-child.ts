/**
 * A child process for the lent-permits test, as a Pact verifier child is one:
 * it borrows the run's permits from its parent (src/http/lent-permits.ts) and
 * reports over IPC what it saw.
 * - `bound LIMIT TASKS`: starts TASKS tasks at once; each holds its permit
 *   until LIMIT tasks have run at the same time (so the most at once is
 *   exactly what the lending let through), then reports that most;
 * - `leave N`: takes N permits and exits while holding them;
 * - `refused`: asks for one permit and prints the code of the error it gets
 *   (none comes over a channel that closed).
 */
import { borrowedPermits } from '../../src/http/lent-permits.ts';
import { RunPermits } from '../../src/http/run-permits.ts';
import { isUpgradeGuardError } from '../../src/errors.ts';

const [mode, first = '0', second = '0'] = process.argv.slice(2);
RunPermits.lend(borrowedPermits());
const permits = RunPermits.ofRun();
if (!permits) throw new Error('no permits were lent');

function report(message: Record<string, unknown>): void {
  process.send?.({ kind: 'test-report', ...message }, () => process.exit(0));
}

if (mode === 'bound') {
  const limit = Number(first);
  let active = 0;
  let most = 0;
  let openGate = (): void => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  await Promise.all(
    Array.from({ length: Number(second) }, () =>
      permits.run(async () => {
        active += 1;
        most = Math.max(most, active);
        if (active >= limit) openGate();
        await gate;
        active -= 1;
      }),
    ),
  );
  report({ most });
} else if (mode === 'leave') {
  let held = 0;
  for (let index = 0; index < Number(first); index += 1) {
    void permits.run(async () => {
      held += 1;
      if (held === Number(first)) process.exit(0);
      await new Promise(() => undefined);
    });
  }
} else if (mode === 'refused') {
  permits.run(async () => undefined).then(
    () => process.stdout.write('granted\n'),
    (error: unknown) => process.stdout.write(`${isUpgradeGuardError(error) ? error.code : String(error)}\n`),
  );
}
