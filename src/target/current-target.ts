/**
 * Which run target a check belongs to. A vitest project may carry several
 * targets (the kill matrix); each check is registered once per target and
 * runs inside that target's scope, so `suiteContext()` needs no argument.
 * While a file's checks are being collected inside `forEachTarget`, the
 * target being registered is known too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { inject } from 'vitest';
import type { PlatformVersion } from '../profile/versions.ts';
import type { TargetInfo } from './target-info.ts';

const scope = new AsyncLocalStorage<TargetInfo>();
let registering: TargetInfo | undefined;

export function projectTargets(): readonly TargetInfo[] {
  return inject('targets');
}

/** The version of every target of this project (a project holds one version). */
export function projectVersion(): PlatformVersion {
  return inject('runProject').version;
}

export function runInTarget<T>(target: TargetInfo, body: () => T): T {
  return scope.run(target, body);
}

/** During collection inside forEachTarget: the target whose checks are being registered. */
export function registeringTarget(): TargetInfo | undefined {
  return registering;
}

export function collectFor(target: TargetInfo, body: () => void): void {
  const previous = registering;
  registering = target;
  try {
    body();
  } finally {
    registering = previous;
  }
}

export function currentTarget(): TargetInfo {
  const target = scope.getStore() ?? registering;
  if (target) return target;
  const targets = projectTargets();
  if (targets.length === 1 && targets[0]) return targets[0];
  throw new Error('no current run target: call this inside a check, or wrap hooks with inTarget()');
}
