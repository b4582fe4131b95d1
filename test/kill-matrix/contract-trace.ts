/**
 * The contract trace: which faults the contract verification of a version
 * can be affected by at all. The Pact verifier is the matrix's dearest part
 * (a verifier run per target), and most faults sit on endpoints no contract
 * interaction calls. So before the matrix runs, the project's contracts of
 * each version are verified once against a clean embedded target of their
 * own, whose two instances report every fault they are asked about, from
 * their start (the logins) to the verifier's last interaction. A route that
 * a fault leaves out or adds is asked about only by a request whose path
 * matches it (simulator/http/router.ts `when`), so the faults of routes no
 * interaction calls are never asked about (test/simulator/fault-questions.test.ts).
 *
 * Why that is sound: the simulator changes behaviour only where it asks
 * `faults.has(name)` (simulator/faults/index.ts). A single-fault platform
 * answers every question exactly as the clean one does except the question
 * about its own fault; if the clean verification never asks it, the faulted
 * one takes the same branches, request by request, and the verifier sees
 * the same answers. A fault run of such a fault therefore leaves the
 * contract suite out (RunTarget.files, suite-trace.ts `filesReachedBy`);
 * every other fault run verifies as before, and the kill matrix test checks
 * that the trace ran clean and agrees with the clean runs' contract checks.
 */
import { SecretRegistry } from '../../src/http/redact.ts';
import type { Config } from '../../src/config/config.ts';
import { verifyQuietly } from '../../src/contracts/quiet-verification.ts';
import { platformPactSource } from '../../src/contracts/sources.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';
import { startEmbeddedTarget, type ResolvedTarget } from '../../src/run-targets/embedded.ts';
import { openSessions } from '../../src/run-targets/sessions.ts';
import type { DeviationName } from '../../simulator/faults/index.ts';

export interface ContractTrace {
  readonly version: PlatformVersion;
  /** Every fault either clean instance was asked about while the contracts were verified, sorted. */
  readonly consulted: readonly DeviationName[];
  /** The traced verification's verdict per contract check id (named as the contract suite names them). */
  readonly verdicts: Readonly<Record<string, string>>;
  /** Why the traced verification could not run (then nothing may be left out). */
  readonly error?: string;
}

/** One verifier child for every version (its start is most of a verification's cost), one clean target per version. */
export async function traceContracts(config: Config, versions: readonly PlatformVersion[]): Promise<ContractTrace[]> {
  const secrets = new SecretRegistry();
  const consulted = versions.map(() => new Set<DeviationName>());
  const started: ResolvedTarget[] = [];
  try {
    for (const [index, version] of versions.entries()) {
      const observe = { onFaultConsulted: (name: DeviationName) => consulted[index]?.add(name) };
      started.push(await startEmbeddedTarget(config, { name: `contract trace ${version}`, version, faults: [] }, observe));
    }
    const targets = await Promise.all(started.map((resolved) => openSessions(resolved.target, secrets)));
    const results = await verifyQuietly({ jobs: targets.map((target) => ({ target, sources: [platformPactSource(target.version)] })) }, secrets);
    return versions.map((version, index) => {
      const result = results[index]?.[0];
      if (!result) return { version, consulted: [], verdicts: {}, error: 'the verification returned no result' };
      if (!result.ok) return { version, consulted: [], verdicts: {}, error: result.error };
      return { version, consulted: [...(consulted[index] ?? [])].sort(), verdicts: verdictsById(result.verification.outcomes) };
    });
  } finally {
    await Promise.all(started.map((resolved) => resolved.close()));
  }
}

/** As suites/contracts/contracts.test.ts names the checks: a repeated id gets `-2`, `-3`, … */
function verdictsById(outcomes: readonly { readonly checkId: string; readonly state: string }[]): Record<string, string> {
  const seen = new Map<string, number>();
  const verdicts: Record<string, string> = {};
  for (const outcome of outcomes) {
    const count = (seen.get(outcome.checkId) ?? 0) + 1;
    seen.set(outcome.checkId, count);
    verdicts[count === 1 ? outcome.checkId : `${outcome.checkId}-${count}`] = outcome.state;
  }
  return verdicts;
}
