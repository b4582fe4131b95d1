/**
 * The Verifier's `stateHandlers`, one per provider state of the catalog:
 * each resolves the state's fixture ids on the target and returns them, so
 * the verifier fills the pact's `fromProviderState` expressions. What went
 * wrong is kept per state, so a missing fixture skips its interactions with
 * the reason instead of failing them. After the run, `cleanUp` undoes what
 * interactions created (the states' teardowns), where mutations are allowed.
 */
import { isProviderStateName, providerState, providerStates, type ProviderStateName } from '../../contracts/provider-states.ts';
import { processSecrets } from '../http/redact.ts';
import type { ProviderTarget } from './provider-target.ts';
import { MissingFixture, resolveProviderState } from './resolve-state.ts';

/** A setup function as pact-js calls it; a plain function suits both its HTTP and message handler types. */
export type StateSetup = () => Promise<Record<string, string | number>>;

export interface StateProblems {
  /** State → why its fixtures are missing (the interaction skips). */
  readonly missing: Map<string, string>;
  /** State → why its setup failed (the interaction fails). */
  readonly failed: Map<string, string>;
}

export interface ProviderStateHandlers {
  readonly handlers: Record<string, StateSetup>;
  readonly problems: StateProblems;
  /** For the request filter: whether a state set up for the coming request failed (the verifier would go on with the pact's example ids). */
  readonly gate: StateGate;
  /** Runs the teardowns of the states used; answers what could not be cleaned up. */
  cleanUp(): Promise<string[]>;
}

/**
 * pact-js answers a state handler that throws with 200 and an empty body,
 * so the verifier carries on with the pact's example ids. The request
 * filter sees every state setup call before the request it prepares (the
 * verifier runs an interaction's setup, then its request); the gate lets it
 * stop a request whose state could not be set up, so example ids never
 * reach a target.
 */
export class StateGate {
  readonly #problems: StateProblems;
  #pending: string[] = [];

  constructor(problems: StateProblems) {
    this.#problems = problems;
  }

  /** A state setup call passed the filter. */
  noteSetup(state: string): void {
    this.#pending.push(state);
  }

  /** The request after the setups: why it must not go on, if it must not. */
  takeBlockReason(): string | undefined {
    const states = this.#pending;
    this.#pending = [];
    for (const state of states) {
      const problem = this.#problems.missing.get(state) ?? this.#problems.failed.get(state);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
}

export function providerStateHandlers(target: ProviderTarget): ProviderStateHandlers {
  const problems: StateProblems = { missing: new Map(), failed: new Map() };
  const used = new Set<ProviderStateName>();
  const handlers: Record<string, StateSetup> = {};
  for (const name of Object.keys(providerStates)) {
    if (!isProviderStateName(name)) continue;
    handlers[name] = async () => {
      used.add(name);
      try {
        return await resolveProviderState(name, target);
      } catch (error) {
        const message = processSecrets.scrub(error instanceof Error ? error.message : String(error));
        (error instanceof MissingFixture ? problems.missing : problems.failed).set(name, message);
        throw error;
      }
    };
  }
  return {
    handlers,
    problems,
    gate: new StateGate(problems),
    async cleanUp() {
      const failures: string[] = [];
      if (!target.embedded && !target.allowMutations) return failures;
      for (const name of used) {
        const teardown = providerState(name).teardown;
        // Best effort: a clean-up that fails (the listing moved, say) must not cost the run its verdicts.
        if (teardown) await teardown({ api: target.api, version: target.version }).catch((error: unknown) => failures.push(`clean-up of "${name}": ${error instanceof Error ? error.message : String(error)}`));
      }
      return failures;
    },
  };
}
