/**
 * Called by every check when it ends: with conformance on, its module
 * exchanges (already redacted) are kept for the conformance suite.
 */
import { inject } from 'vitest';
import { modulePrefixes } from '../catalog/modules.ts';
import type { Exchange } from '../http/exchange-log.ts';
import type { TargetInfo } from '../run-targets/target-info.ts';
import { appendExchanges } from './exchange-store.ts';
import { recordedModuleExchanges } from './recorded-exchange.ts';
import './settings.ts';

const prefixes = Object.values(modulePrefixes);

export async function recordForConformance(target: TargetInfo, check: string, exchanges: readonly Exchange[]): Promise<void> {
  const settings = inject('conformance');
  if (!settings) return;
  await appendExchanges(settings.exchangesDir, target.project, recordedModuleExchanges(check, target.baseUrl, exchanges, prefixes));
}
