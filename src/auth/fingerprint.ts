/**
 * Secrets are compared by fingerprint in assertions, so a failing
 * comparison prints `3f2a9c…` and never the token itself.
 */
import { createHash } from 'node:crypto';

export function fingerprint(secret: string | undefined): string {
  if (secret === undefined) return '(none)';
  return `sha256:${createHash('sha256').update(secret).digest('hex').slice(0, 12)}`;
}
