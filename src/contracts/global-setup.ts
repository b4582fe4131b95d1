/**
 * Vitest global setup of the suites project, after the run targets' own
 * (src/run-targets/global-setup.ts): the contract suite's provider
 * verification (suite-verification.ts) runs here, in verify's process,
 * when the suite's worker asks for it, and its verdicts reach the worker on
 * a handoff channel (src/run-targets/handoff.ts), keyed by project. It runs
 * in the run's verifier child when the command shared one (run-verifier.ts:
 * verify does), so pact-js loads once per run; otherwise (the kill matrix)
 * in a child of its own. A run without the contract suite verifies nothing.
 *
 * Why not start at once, while the workers load: a verification started
 * then takes the CPU the workers' start needs and ends no sooner (`npm run
 * bench` at 50 and 200 ms a request shows it).
 */
import type { TestProject } from 'vitest/node';
import { SecretRegistry } from '../http/redact.ts';
import { forgetHandedOver, Handoff } from '../run-targets/handoff.ts';
import { openedSessions } from '../run-targets/opened-target.ts';
import { withSessions } from '../run-targets/session-handoff.ts';
import { registerTargetSecrets } from '../run-targets/target-info.ts';
import { runVerifierOf } from './run-verifier.ts';
import type { SuiteVerification } from './suite-verification.ts';

export default function setup(project: TestProject): () => Promise<void> {
  // Provided by the run targets' setup, which runs first.
  const { runProject, config, targets, sessionHandoff, runVerifier } = project.getProvidedContext();
  // The setup is a root: its registry knows every target's secrets, and the tokens the verification meets join it.
  const secrets = new SecretRegistry();
  for (const target of targets) registerTargetSecrets(target, secrets);
  const child = runVerifierOf(runVerifier);
  let verification: Promise<void> | undefined;
  const start = (): void => {
    // Loaded when the suite asks: the workers start only after every global setup has loaded, and the verification's
    // modules (the configuration's validator among them) are no part of that.
    verification ??= import('./suite-verification.ts').then(({ verifySuiteContracts }) => verifySuiteContracts({
      config,
      runProject,
      targets,
      // The session handoff's worker half serves this thread too: a BroadcastChannel delivers within one thread.
      opened: async (target) => {
        const opened = await openedSessions(sessionHandoff, target.project);
        // The expiry instance's token was issued by the run targets' setup, with a registry of its own.
        secrets.add(opened.issued?.accessToken);
        return withSessions(target, opened);
      },
      secrets,
      child,
    }))
      // It reports what kept it from running as problems; anything else is a defect of ours, and still no hang.
      .catch(
        (error: unknown): SuiteVerification => ({
          // Every target gets the problem's check (the suite declares a target's checks where it has results).
          results: Object.fromEntries(targets.map((target) => [target.project, []])),
          problems: [{ id: 'contract.run', label: 'the provider verification', message: secrets.scrub(error instanceof Error ? error.message : String(error)) }],
        }),
      )
      .then((verified) => handoff.settle(runProject.name, verified));
  };
  const handoff = new Handoff<SuiteVerification>('contracts', start);
  project.provide('contractHandoff', handoff.name);
  return async () => {
    // A verification under way uses the platforms: it ends (at RUN_TIMEOUT_S at the latest) before they close.
    await verification;
    handoff.close();
    forgetHandedOver(sessionHandoff);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's channel for the contract suite's verification (src/contracts/global-setup.ts). */
    contractHandoff: string;
  }
}
