/**
 * The fault declarations that can be read without a run: the catalog's
 * entries (one per lifecycle check), the consumer interactions (one per
 * contract check), and the table rows that generate checks (field changes,
 * role requirements). That every declared fault exists, the type says
 * (FaultRef is built from the simulator's FaultName). What it cannot say, this
 * test does: a declaration names a fault that runs on a version its check
 * runs on (the fault catalog's `versions`), so no declaration is dead, and
 * every generated check declares at least one fault. Hand-written checks
 * declare in their suite file, and the kill matrix judges them from the
 * clean runs.
 */
import { describe, expect, it } from 'vitest';
import { moduleContracts } from '../../contracts/consumer/index.ts';
import type { ContractInteraction } from '../../contracts/interaction.ts';
import { faultCatalog } from '../../simulator/faults/index.ts';
import type { FaultDeclarations, FaultRef } from '../../src/catalog/faults.ts';
import { fieldChanges } from '../../src/catalog/fields.ts';
import { catalog, existsIn, lifecycleAspects, moduleIdPrefix, type CatalogEntry, type LifecycleAspect } from '../../src/catalog/index.ts';
import type { AddedFaults, RemovedFaults, ReplacedFaults } from '../../src/catalog/types.ts';
import { roleRequirements } from '../../src/catalog/roles.ts';
import { platformVersions, type PlatformVersion } from '../../src/profile/versions.ts';

/** The versions a declaration's ref applies on: every version its fault runs on, or only its own suffix's. */
function refVersions(ref: FaultRef): readonly string[] {
  for (const [fault, definition] of Object.entries(faultCatalog)) {
    if (ref === fault) return definition.versions;
    if (ref.startsWith(`${fault}@`)) return definition.versions.filter((version) => ref === `${fault}@${version}`);
  }
  return [];
}

/** Refs of a declaration that never apply where the check runs. */
function deadRefs(faults: FaultDeclarations, checkVersions: readonly string[]): FaultRef[] {
  return [...faults.killedBy, ...(faults.observedBy ?? [])].filter((ref) => !refVersions(ref).some((version) => checkVersions.includes(version)));
}

function declaresSome(faults: FaultDeclarations): boolean {
  return faults.killedBy.length + (faults.observedBy?.length ?? 0) > 0;
}

/** Where each lifecycle check of an entry runs (suites/modules/_lifecycle.ts). */
function aspectVersions(entry: CatalogEntry, aspect: LifecycleAspect): readonly PlatformVersion[] {
  if (aspect === 'served') return platformVersions.filter((version) => existsIn(entry, version));
  if (aspect === 'absent-before-8.0') return ['7.4'];
  return ['8.0'];
}

const aspectKeys = ['served', 'gone', 'absentBefore8', 'replacementServed'] as const satisfies readonly (keyof typeof lifecycleAspects)[];

describe('fault declarations of the generated checks', () => {
  it('every lifecycle check of the catalog declares faults that run where it runs', () => {
    const problems: string[] = [];
    for (const entry of catalog) {
      const declared: Partial<AddedFaults & RemovedFaults & ReplacedFaults> = entry.faults;
      for (const key of aspectKeys) {
        const faults = declared[key];
        if (!faults) continue;
        const aspect = lifecycleAspects[key];
        const id = `${entry.id}.${aspect}`;
        if (!declaresSome(faults)) problems.push(`${id} declares no fault`);
        for (const ref of deadRefs(faults, aspectVersions(entry, aspect))) problems.push(`${id} declares ${ref}, which never runs where the check runs`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every contract interaction declares faults that run on a version it is used in', () => {
    // One definition may serve both versions' pacts; its declarations then hold where it is used.
    const usedIn = new Map<ContractInteraction, { readonly id: string; readonly versions: PlatformVersion[] }>();
    for (const contracts of moduleContracts) {
      for (const version of platformVersions) {
        for (const interaction of contracts.versions[version] ?? []) {
          const use = usedIn.get(interaction) ?? { id: `contract.${moduleIdPrefix(contracts.module)}.${interaction.slug}`, versions: [] };
          use.versions.push(version);
          usedIn.set(interaction, use);
        }
      }
    }
    const problems: string[] = [];
    for (const [interaction, { id, versions }] of usedIn) {
      if (!declaresSome(interaction)) problems.push(`${id} declares no fault`);
      for (const ref of deadRefs(interaction, versions)) problems.push(`${id} (${versions.join(', ')}) declares ${ref}, which never runs there`);
    }
    expect(problems).toEqual([]);
  });

  it('every table row that declares faults names faults that run on some version', () => {
    const rows = [...fieldChanges, ...roleRequirements].flatMap((row) => (row.faults ? [{ id: row.id, faults: row.faults }] : []));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(declaresSome(row.faults), `${row.id} declares no fault`).toBe(true);
      expect(deadRefs(row.faults, platformVersions), row.id).toEqual([]);
    }
  });
});
