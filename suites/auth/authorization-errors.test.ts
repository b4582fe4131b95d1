/**
 * Refusals at the authorization step (spec §4.1, §7; RFC 6749 §4.1.2.1): an
 * unregistered redirect_uri is never redirected to, a 7.4 scope error comes
 * back as an OAuth error with the state, and a request without a required
 * parameter yields no code.
 * Each check sends authorization requests of its own, so they run concurrently.
 */
import { isLoginError } from '../../src/auth/login-driver.ts';
import type { FaultDeclarations } from '../../src/catalog/faults.ts';
import { UpgradeGuardError } from '../../src/errors.ts';
import { generateState } from '../../src/auth/state.ts';
import { versionProfiles } from '../../src/profile/versions.ts';
import { check, forEachTarget } from '../../src/check/check.ts';
import { targetVersion } from '../../src/run-targets/current-target.ts';
import { observe } from '../../src/check/observe.ts';
import { targetBreak } from '../../src/check/failure.ts';
import { skipWithReason } from '../../src/check/skip.ts';
import { authorize, fullUserOrSkip, labels } from './_auth.ts';
import { departure } from './_departure.ts';

const unregisteredRedirectUri = 'https://unregistered.upgrade-guard.invalid/callback';

check(
  {
    id: 'auth.unregistered-redirect-not-followed',
    title: 'an unregistered redirect_uri is never redirected to',
    labels: labels('negative cases', 'authorization with an unregistered redirect_uri', '§4.1, §7'),
    concurrent: true,
    killedBy: ['unregistered-redirect-followed'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const outcome = await authorize(context, user, { redirectUri: unregisteredRedirectUri }).then(
      (result) => ({ reached: true, how: `redirected to it with ${result.kind === 'code' ? 'a code' : `error=${result.error}`}` }),
      (error: unknown) => {
        if (isLoginError(error)) return { reached: false, how: `stopped: ${error.reason}` };
        throw error;
      },
    );
    // RFC 6749 §4.1.2.1: "MUST NOT automatically redirect"; how the CAS tells the user (an error page, usually) is its own.
    await observe(test, outcome.how);
    test.expect(outcome.reached, `the CAS must not send the user to an unregistered redirect_uri (RFC 6749 §4.1.2.1); it ${outcome.how}`).toBe(false);
  },
);

check(
  {
    id: 'auth.scope-error',
    title: 'a wrong scope reaches the redirect as an OAuth error with the state (7.4)',
    labels: labels('negative cases', 'authorization with a wrong scope', '§4.1, §7'),
    concurrent: true,
    killedBy: ['state-not-echoed', 'scope-error-not-reported'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    if (!context.profile.supportsScopeParameter) {
      return skipWithReason(test, `the ${context.target.version} authorization request takes no scope parameter (spec §4.1, §9.1)`);
    }
    const state = generateState();
    const result = await authorize(context, user, { state, extraParams: { scope: 'openid-not-granted' } });
    // Spec §7 says only "error at the authorization step": any RFC 6749 §4.1.2.1 error code will do
    // (invalid_scope, access_denied, …); the one seen is reported.
    await observe(test, result.kind === 'error' ? `error=${result.error}` : 'a code was issued');
    test.expect(result.kind, 'an OAuth error redirect, not a code').toBe('error');
    test.expect(result.state, 'the error redirect carries the state (RFC 6749 §4.1.2.1)').toBe(state);
  },
);


/** What a code for a request without the parameter means for an integration. */
const missingParameterMeaning: Readonly<Record<string, string>> = {
  state: 'an integration that forgets state loses its protection against cross-site request forgery (RFC 6749 §10.12) and still gets codes here, while an instance that keeps the spec refuses it',
  response_mode: 'an integration that leaves response_mode out works here but is refused by an instance that keeps the spec',
};

/** For each required parameter of either version, the faults that let a request without it through. */
const missingParameterFaults: Readonly<Record<string, FaultDeclarations>> = {
  state: { killedBy: ['missing-param-accepted'] },
  response_type: { killedBy: ['missing-param-accepted'] },
  response_mode: { killedBy: ['missing-param-accepted'] },
  // 7.4: the CAS reports a missing scope as a scope error.
  scope: { killedBy: ['scope-error-not-reported'] },
};

// The required parameters of the target's version: `state` plus the version's own (spec §4.1, §9.1).
forEachTarget(() => {
  const requiredParameters = ['state', ...Object.keys(versionProfiles[targetVersion()].authorizationParams)];
  for (const parameter of requiredParameters) {
    const faults = missingParameterFaults[parameter];
    if (!faults) throw new UpgradeGuardError('INTERNAL', `no faults declared for the missing ${parameter} check (missingParameterFaults)`);
    check(
      {
        id: `auth.authorization-missing-param.${parameter}`,
        title: `an authorization request without ${parameter} yields no code`,
        labels: labels('negative cases', `authorization without ${parameter}`, '§4.1'),
        concurrent: true,
        ...faults,
      },
      async (test) => {
        const { context, user } = await fullUserOrSkip(test);
        const outcome = await authorize(context, user, { omitParams: [parameter] }).then(
          (result) => (result.kind === 'code' ? 'code issued' : `error=${result.error}`),
          (error: unknown) => {
            if (isLoginError(error)) return `stopped: ${error.reason}`;
            throw error;
          },
        );
        await observe(test, outcome);
        if (outcome === 'code issued') {
          throw targetBreak(
            departure(
              `redirected with a code for an authorization request without ${parameter}`,
              `spec §4.1 (${parameter} is required; RFC 6749 §4.1.2.1 answers such a request with an error, never a code)`,
              missingParameterMeaning[parameter] ?? 'an integration that leaves it out works here but is refused by an instance that keeps the spec',
            ),
          );
        }
      },
    );
  }
});
