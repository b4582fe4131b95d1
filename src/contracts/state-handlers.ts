/**
 * The Verifier's `stateHandlers`, one per provider state of the catalog
 * (provider-states.ts): each resolves the state's fixture ids on the target,
 * in this order: FIXTURE_* first, then the embedded platform's seed ids, then
 * discovery through the API, and returns them, so the verifier fills the
 * pact's `fromProviderState` expressions. An id none of them gives is a
 * MissingFixture: its interactions skip, naming the variable to set (and, for
 * a value another endpoint gave wrongly, what it gave: that endpoint's check
 * holds the finding); any other failure fails them. A state whose interactions change data reads
 * what they change at its first setup (`remember`); after the run, `cleanUp`
 * removes what they created and puts back what they changed (the states'
 * teardowns), where mutations are allowed, and says per state how it went.
 */
import { fixturePrefix, fixtureVariable } from '../catalog/fixtures.ts';
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import {
  IrreversibleHere,
  embeddedFixtures,
  fixtureExamples,
  isProviderStateName,
  NotUndoneHere,
  providerState,
  providerStates,
  type ContractFixture,
  type FixtureValue,
  type FixtureValues,
  type ProviderStateDefinition,
  type ProviderStateName,
  DiscoveryRefused,
  UnusableDiscovery,
} from './provider-states.ts';
import { gatewaySilence } from '../http/gateway-status.ts';
import type { ProviderTarget } from './provider-target.ts';

/** A setup function as pact-js calls it; a plain function suits both its HTTP and message handler types. */
export type StateSetup = () => Promise<Record<string, string | number>>;

export interface StateProblems {
  /** State → why its fixtures are missing (the interaction skips). */
  readonly missing: Map<string, string>;
  /** State → why its setup failed (the interaction fails). */
  readonly failed: Map<string, string>;
  /** State → why the target gave its setup no response (the interaction fails, and is not compared: no response is not a break). */
  readonly unanswered: Map<string, string>;
  /** State → why its interactions would change data the run cannot undo (the interaction skips: ALLOW_IRREVERSIBLE is off). */
  readonly guarded: Map<string, string>;
  /** `METHOD path` of a request the request filter held back → the state set up before it whose problem did so. */
  readonly heldBack: Map<string, { readonly state: string; readonly reason: string }>;
}

export interface ProviderStateHandlers {
  readonly handlers: Record<string, StateSetup>;
  readonly problems: StateProblems;
  /** For the request filter: whether a state set up for the coming request failed (the verifier would go on with the pact's example ids). */
  readonly gate: StateGate;
  /** Runs the teardowns of the states used; answers, per state, what was undone or why not. */
  cleanUp(): Promise<ReadonlyMap<string, StateCleanUp>>;
  /**
   * Waits for the setups still running. The verifier gives up on a setup call after its timeout (a discovery of
   * several slow requests takes longer) and reports only "state change handlers has failed"; the setup's own
   * reason is known once it ends (each of its requests is bounded by REQUEST_TIMEOUT_MS).
   */
  settled(): Promise<void>;
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

  /**
   * The verifier gave up on a setup call (its timeout closed the connection before the answer): it then fails that
   * interaction without sending its request, so the state must not stop the next interaction's request.
   */
  forgetSetup(state: string): void {
    const index = this.#pending.lastIndexOf(state);
    if (index >= 0) this.#pending.splice(index, 1);
  }

  /**
   * The request after the setups (`METHOD path`): why it must not go on, if it must not, noted in `heldBack`. A guarded
   * state stops only a request that changes data.
   */
  takeBlockReason(request: string, mutating = true): string | undefined {
    const states = this.#pending;
    this.#pending = [];
    for (const state of states) {
      const guarded = mutating ? this.#problems.guarded.get(state) : undefined;
      const problem = guarded ?? this.#problems.missing.get(state) ?? this.#problems.failed.get(state) ?? this.#problems.unanswered.get(state);
      if (problem === undefined) continue;
      this.#problems.heldBack.set(request, { state, reason: problem });
      return problem;
    }
    return undefined;
  }
}

/** What a state's teardown did: `undone` false when it did not undo the change (`detail` then says why). */
export interface StateCleanUp {
  readonly undone: boolean;
  readonly detail: string;
  /** Known not to be undoable beforehand (the interaction ran with ALLOW_IRREVERSIBLE): no failure of the clean-up. */
  readonly expected?: true;
}

export function providerStateHandlers(target: ProviderTarget): ProviderStateHandlers {
  const problems: StateProblems = { missing: new Map(), failed: new Map(), unanswered: new Map(), guarded: new Map(), heldBack: new Map() };
  const used = new Set<ProviderStateName>();
  const mutationsAllowed = target.embedded || target.allowMutations;
  const context = { api: target.api, version: target.version, allowIrreversible: target.embedded || target.allowIrreversible === true };
  // What a state's `remember` read, at its first setup: its teardown puts it back.
  const remembered = new Map<ProviderStateName, Promise<unknown>>();
  const running = new Set<Promise<unknown>>();
  const handlers: Record<string, StateSetup> = {};
  for (const name of Object.keys(providerStates)) {
    if (!isProviderStateName(name)) continue;
    const setUp = async (): Promise<Record<string, FixtureValue>> => {
      used.add(name);
      try {
        const remember = providerState(name).remember;
        if (remember && mutationsAllowed && !remembered.has(name)) remembered.set(name, remember(context));
        await remembered.get(name);
        return await resolveProviderState(name, target);
      } catch (error) {
        // A listing answered by a gateway while the host gives no answer either: the target's silence, not a refusal.
        const silence = error instanceof DiscoveryRefused ? await gatewaySilence(() => target.api.http, { request: `discovery: ${new URL(error.url).pathname}`, url: error.url, status: error.status }) : undefined;
        const failure = silence ?? error;
        const message = target.secrets.scrub(failure instanceof Error ? failure.message : String(failure));
        (failure instanceof MissingFixture ? problems.missing : failure instanceof IrreversibleHere ? problems.guarded : noResponse(failure) ? problems.unanswered : problems.failed).set(name, message);
        throw failure;
      }
    };
    handlers[name] = () => {
      const setup = setUp();
      const tracked = setup.catch(() => undefined).finally(() => running.delete(tracked));
      running.add(tracked);
      return setup;
    };
  }
  return {
    handlers,
    problems,
    gate: new StateGate(problems),
    async settled() {
      await Promise.all([...running]);
    },
    async cleanUp() {
      const results = new Map<string, StateCleanUp>();
      if (!mutationsAllowed) return results;
      // States that share a teardown (the webhooks a contract created) share one run of it, and its result.
      const done = new Map<NonNullable<ProviderStateDefinition['teardown']>, StateCleanUp>();
      for (const name of used) {
        const teardown = providerState(name).teardown;
        if (!teardown || problems.guarded.has(name)) continue;
        const earlier = done.get(teardown);
        // Best effort: a clean-up that fails (the listing moved, say) must not cost the run its verdicts; the ledger says so.
        const result =
          earlier ??
          (await (remembered.get(name) ?? Promise.resolve(undefined))
            .then((value) => teardown(context, value))
            .then(
              (detail): StateCleanUp => ({ undone: true, detail }),
              (error: unknown): StateCleanUp => ({
                undone: false,
                detail: target.secrets.scrub(error instanceof Error ? error.message : String(error)),
                ...(error instanceof NotUndoneHere && { expected: true as const }),
              }),
            ));
        done.set(teardown, result);
        results.set(name, result);
      }
      return results;
    },
  };
}

export class MissingFixture extends Error {
  override readonly name = 'MissingFixture';
  readonly variables: readonly string[];

  /** `unusable`: what discovery found but could not use (UnusableDiscovery's reason). */
  constructor(state: string, variables: readonly string[], unusable?: string) {
    const found = unusable === undefined ? 'discovery found none on the target' : `discovery found none usable on the target (${unusable})`;
    super(`provider state "${state}": no ${variables.join(', ')} set and ${found}; set ${variables.join(', ')}`);
    this.variables = variables;
  }
}

export async function resolveProviderState(name: ProviderStateName, target: ProviderTarget): Promise<Record<string, FixtureValue>> {
  const definition = providerState(name);
  const values: FixtureValues = {};
  for (const fixture of definition.yields) {
    const fromVariable = target.fixtures[fixtureVariable(fixture).slice(fixturePrefix.length)];
    if (fromVariable !== undefined) values[fixture] = typed(fixture, fromVariable);
    else if (target.embedded && embeddedFixtures[fixture] !== undefined) values[fixture] = embeddedFixtures[fixture];
  }
  let unusable: string | undefined;
  if (definition.yields.some((fixture) => values[fixture] === undefined) && definition.discover) {
    const discovered = await definition.discover({ api: target.api, version: target.version }, { ...values }).catch((error: unknown): FixtureValues => {
      if (!(error instanceof UnusableDiscovery)) throw error;
      unusable = error.message;
      return {};
    });
    for (const fixture of definition.yields) {
      const found = discovered[fixture];
      if (values[fixture] === undefined && found !== undefined) values[fixture] = found;
    }
  }
  const missing = definition.yields.filter((fixture) => values[fixture] === undefined);
  if (missing.length > 0) throw new MissingFixture(name, missing.map((fixture) => fixtureVariable(fixture)), unusable);
  const resolved: Record<string, FixtureValue> = {};
  for (const fixture of definition.yields) {
    const value = values[fixture];
    if (value !== undefined) resolved[fixture] = value;
  }
  return resolved;
}

/** A FIXTURE_* value has the type of the fixture's example: ids that are numbers in the API stay numbers in a body. */
function typed(fixture: ContractFixture, raw: string): FixtureValue {
  if (typeof fixtureExamples[fixture] === 'string') return raw;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new UpgradeGuardError('CONFIG_INVALID', `${fixtureVariable(fixture)} must be a whole number`);
  return value;
}

/** The target did not answer the setup's request at all (src/http/client.ts codes): nothing of the contract was compared. */
function noResponse(error: unknown): boolean {
  return isUpgradeGuardError(error) && (error.code === 'TARGET_UNREACHABLE' || error.code === 'TARGET_TIMEOUT');
}
