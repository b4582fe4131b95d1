/**
 * Which run target a check belongs to. A vitest project may carry several
 * targets (the kill matrix); each check is registered once per target and
 * runs inside that target's scope, so `suiteContext()` needs no argument.
 * While a file's checks are being collected inside `forEachTarget`, the
 * target being registered is known too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { inject, TestRunner } from 'vitest';
import { runsFile } from './run-plan.ts';
import { SecretRegistry } from '../http/redact.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { registerTargetSecrets, type TargetInfo } from './target-info.ts';

const scope = new AsyncLocalStorage<TargetInfo>();
let registering: TargetInfo | undefined;

/**
 * This worker's redaction, one registry per run target (the worker is the
 * root of its targets' scopes): it starts with the target's own secrets and
 * gains every token, code and password the target's clients see, so a
 * token met in one check is hidden in every later attachment and message
 * of that target (DESIGN.md "Rules").
 */
const secretsByTarget = new Map<string, SecretRegistry>();

export function targetSecrets(target: TargetInfo): SecretRegistry {
  let secrets = secretsByTarget.get(target.project);
  if (!secrets) {
    secrets = new SecretRegistry();
    registerTargetSecrets(target, secrets);
    secretsByTarget.set(target.project, secrets);
  }
  return secrets;
}

/**
 * The targets that run the test file being collected or set up: the
 * project's targets, less those whose RunTarget.files leave the file out
 * (the kill matrix runs only the files a fault can reach). Call it while the
 * file loads; once its checks run, vitest may be collecting another file.
 */
export function projectTargets(): readonly TargetInfo[] {
  const targets = inject('targets');
  const file = collectingFile();
  if (file === undefined) return targets;
  const planned = new Map(inject('runProject').targets.map((runTarget) => [runTarget.name, runTarget]));
  return targets.filter((target) => runsFile(planned.get(target.project), file));
}

/**
 * The version of the current target: the one a check runs against, or, while
 * a file's checks are registered inside `forEachTarget`, the one being
 * registered. A project holds the targets of every version of the run, so
 * what differs by version is decided per target, never per file.
 */
export function targetVersion(): PlatformVersion {
  return currentTarget().version;
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
  // Every target of the project: once checks run, the file vitest collected last is not necessarily this one.
  const targets = inject('targets');
  if (targets.length === 1 && targets[0]) return targets[0];
  throw new Error('no current run target: call this inside a check, or wrap hooks with inTarget()');
}

function collectingFile(): string | undefined {
  try {
    return TestRunner.getCurrentSuite().file?.filepath;
  } catch {
    // Outside a file's collection: no file to narrow the targets to.
    return undefined;
  }
}
