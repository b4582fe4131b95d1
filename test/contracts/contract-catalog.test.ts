/**
 * The contracts agree with the endpoint-change catalog and the provider
 * state catalog (STYLE.md "one declarative catalog per concern"): every
 * interaction calls an endpoint that exists in its version, names a known
 * provider state that yields every id it uses, and has a unique check id
 * and description; every provider state is used.
 */
import { describe, expect, it } from 'vitest';
import { moduleContracts } from '../../contracts/consumer/index.ts';
import { resolveEndpoint } from '../../contracts/interaction.ts';
import { fixtureVariable } from '../../src/catalog/fixtures.ts';
import { entryById, existsIn } from '../../src/catalog/index.ts';
import { providerStates } from '../../src/contracts/provider-states.ts';
import { contractCheckId, pactFileName, providerName } from '../../src/contracts/sources.ts';
import { platformVersions } from '../../src/profile/versions.ts';

const all = moduleContracts.flatMap((contracts) =>
  platformVersions.flatMap((version) => (contracts.versions[version] ?? []).map((interaction) => ({ module: contracts.module, version, interaction }))),
);

describe('consumer contracts', () => {
  it('cover every module in both versions (one pact file each)', () => {
    for (const contracts of moduleContracts) {
      for (const version of platformVersions) expect(contracts.versions[version]?.length ?? 0, `${contracts.module} ${version}`).toBeGreaterThan(0);
    }
    expect(pactFileName('templateBuilder', '8.0')).toBe('upgrade-guard-platform-template-builder-8.0.json');
    expect(providerName('media', '7.4')).toBe('platform-media-7.4');
  });

  it('call only endpoints that exist in their version, of their own module', () => {
    for (const { module, version, interaction } of all) {
      const entry = entryById(interaction.endpoint);
      expect(entry.module, interaction.description).toBe(module);
      expect(existsIn(entry, version), `${interaction.description} (${version})`).toBe(true);
      if (interaction.replacement) expect(version, 'replacements are 8.0 paths').toBe('8.0');
    }
  });

  it('include every endpoint 8.0 removed in the 7.4 contracts, so the cross-version run sees them break', () => {
    const removed = moduleContracts.flatMap((contracts) => (contracts.versions['7.4'] ?? []).map((interaction) => entryById(interaction.endpoint))).filter((entry) => entry.change === 'removed');
    expect(new Set(removed.map((entry) => entry.id))).toEqual(
      new Set(['job.grid-rows-delete', 'media.archive-entries-asset', 'template-builder.attachment-external-ids', 'template-builder.user-write-attachments']),
    );
  });

  it('have unique check ids and descriptions within a version', () => {
    for (const version of platformVersions) {
      const here = all.filter((entry) => entry.version === version);
      const ids = here.map(({ module, interaction }) => contractCheckId(module, interaction.slug));
      const descriptions = here.map(({ interaction }) => interaction.description);
      expect(new Set(ids).size, `${version} check ids`).toBe(ids.length);
      expect(new Set(descriptions).size, `${version} descriptions`).toBe(descriptions.length);
      for (const id of ids) expect(id).toMatch(/^contract\.[a-z-]+\.[a-z0-9-]+$/);
    }
  });

  it('name provider states that yield every id of the path, and use every state of the catalog', () => {
    const used = new Set<string>();
    for (const { interaction } of all) {
      const endpoint = resolveEndpoint(interaction);
      const needed = Object.values(endpoint.params);
      if (interaction.state === undefined) {
        expect(needed, `${interaction.description} has path ids but no provider state`).toEqual([]);
        continue;
      }
      used.add(interaction.state);
      const yields: readonly string[] = providerStates[interaction.state].yields;
      for (const fixture of needed) expect(yields, `${interaction.state} must yield ${fixture}`).toContain(fixture);
    }
    expect([...used].sort()).toEqual(Object.keys(providerStates).sort());
  });

  it('state ids in request bodies and queries that their state yields', () => {
    for (const { interaction } of all) {
      const text = JSON.stringify({ body: interaction.body, query: interaction.query });
      const referenced = [...text.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]);
      const yields: readonly string[] = interaction.state === undefined ? [] : providerStates[interaction.state].yields;
      for (const name of referenced) expect(yields, `${interaction.description} uses \${${name}}`).toContain(name);
    }
  });

  it('name fixture variables by the one catalog rule (FIXTURE_<NAME>)', () => {
    expect(fixtureVariable('mediaAssetId')).toBe('FIXTURE_MEDIA_ASSET_ID');
    expect(fixtureVariable('jobUserId')).toBe('FIXTURE_JOB_USER_ID');
  });
});
