/**
 * HISTORY_LIMIT: how many runs the Allure history keeps (Allure 3's `historyLimit`): each run adds one line to
 * HISTORY_DIR/history.jsonl, and without a bound a nightly job's history (and the CI cache that carries it) grows
 * every night. verify reads it with the rest of its configuration (config.ts); `npm run report`, which reads no
 * target configuration, reads it here, with the same bounds.
 */
import { UpgradeGuardError } from '../errors.ts';

export const historyLimitBounds = { minimum: 1, maximum: 1000, default: 30 } as const;

export function historyLimitFromEnvironment(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.HISTORY_LIMIT;
  if (value === undefined || value === '') return historyLimitBounds.default;
  const limit = /^\d{1,4}$/.test(value) ? Number.parseInt(value, 10) : Number.NaN;
  if (!(limit >= historyLimitBounds.minimum && limit <= historyLimitBounds.maximum)) {
    throw new UpgradeGuardError('CONFIG_INVALID', `HISTORY_LIMIT must be a whole number of runs from ${historyLimitBounds.minimum} to ${historyLimitBounds.maximum} (got "${value}")`);
  }
  return limit;
}
