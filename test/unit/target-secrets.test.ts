/**
 * A worker's redaction is one registry per run target (src/run-targets/current-target.ts):
 * it starts with the target's own secrets, and a token met by one check of the
 * target stays hidden for every later check of it.
 */
import { describe, expect, it } from 'vitest';
import { targetSecrets } from '../../src/run-targets/current-target.ts';
import type { TargetInfo } from '../../src/run-targets/target-info.ts';

function target(project: string, clientSecret: string, password: string): TargetInfo {
  return {
    project,
    version: '8.0',
    embedded: true,
    faults: [],
    baseUrl: 'http://127.0.0.1:1',
    authUrl: 'http://127.0.0.1:2',
    client: { clientId: 'app-1', clientSecret, redirectUri: 'https://app.example/callback' },
    fullUser: { username: 'alice', password },
    sessions: {},
    sessionErrors: {},
    allowMutations: false,
    expiryMaxWaitSeconds: 5,
    expiryLeewaySeconds: 5,
    requestTimeoutMs: 1000,
    maxConcurrency: 2,
    loginFields: {},
    fixtures: {},
    pathVersions: {},
  };
}

describe('targetSecrets', () => {
  it("starts with the target's own secrets and keeps what a check registered", () => {
    const first = target('secrets-a', 'client-secret-aaaa', 'password-aaaa');
    targetSecrets(first).add('access-token-met-in-check-1');
    expect(targetSecrets(first).scrub('client-secret-aaaa password-aaaa access-token-met-in-check-1')).toBe('[REDACTED] [REDACTED] [REDACTED]');
  });

  it('gives each target of the worker its own registry', () => {
    const a = target('secrets-b', 'client-secret-bbbb', 'password-bbbb');
    const b = target('secrets-c', 'client-secret-cccc', 'password-cccc');
    expect(targetSecrets(a)).toBe(targetSecrets(a));
    expect(targetSecrets(a)).not.toBe(targetSecrets(b));
    expect(targetSecrets(b).scrub('client-secret-cccc')).toBe('[REDACTED]');
  });
});
