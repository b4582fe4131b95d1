import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The auth suites' checks (suites/auth) and the CAS faults that make each fail. */
export const authKills: KillExpectations = {
  // Skipping the challenge logs every user in as the same one, so the limited user's role checks see it too.
  'login-challenge-skipped': [
    'auth.login-challenge',
    // 7.4 only: on 8.0 the limited user may read general info anyway (spec §5.12).
    'review.general-info.limited-user@7.4',
    'media.ai-tagging-asset.role-required',
    'media.ai-tagging-configurations.role-required',
    'media.ai-tagging-providers.role-required',
    'media.ai-tagging-statistics.role-required',
    'media.ai-tagging-status.role-required',
  ],
  'state-not-echoed': ['auth.redirect-echo', 'auth.scope-error'],
  'expires-in-missing': ['auth.token-response-schema'],
  'token-type-not-bearer': ['auth.token-response-schema', 'auth.token-type-bearer'],
  'code-reusable': ['auth.code-reuse-refused'],
  'code-not-bound-to-redirect': ['auth.redirect-mismatch-refused'],
  'wrong-secret-accepted': ['auth.wrong-secret-refused'],
  'token-redirect-uri-optional': ['auth.token-missing-param.redirect_uri'],
  'client-credentials-accepted': ['auth.unsupported-grant.client_credentials'],
  'password-grant-accepted': ['auth.unsupported-grant.password'],
  'unregistered-redirect-followed': ['auth.unregistered-redirect-not-followed'],
  'scope-error-not-reported': ['auth.scope-error', 'auth.authorization-missing-param.scope'],
  'missing-param-accepted': [
    'auth.authorization-missing-param.state',
    'auth.authorization-missing-param.response_type',
    'auth.authorization-missing-param.response_mode',
  ],
  'bearer-case-sensitive': ['auth.bearer-keyword-case'],
  'no-token-accepted': ['auth.no-token-refused'],
  'garbage-token-accepted': ['auth.garbage-token-refused'],
  'expired-token-accepted': ['auth.expired-token-403'],
  'expired-token-401': ['auth.expired-token-403'],
  // Not rotated: the "old" token is still the family's current one, so reuse works and nothing is revoked.
  'refresh-not-rotated': ['auth.refresh-new-pair', 'auth.refresh-old-rejected', 'auth.refresh-family-revoked'],
  'new-token-rejected-after-refresh': ['auth.refresh-new-access-works'],
  'refresh-token-reusable': ['auth.refresh-old-rejected', 'auth.refresh-family-revoked'],
  'refresh-family-not-revoked': ['auth.refresh-family-revoked'],
};

/** With every user logged in as the full one, no template is hidden from the "limited" user: the check loses its premise and skips. */
export const authObservations: ObservationExpectations = {
  'login-challenge-skipped': ['template-builder.template-renderers.hidden-template-403'],
};
