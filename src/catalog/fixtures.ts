/**
 * The symbolic fixtures that fill the `{param}`s of catalog paths. A suite
 * resolves each by discovery on the target or, where discovery cannot find
 * one, from the variable `FIXTURE_<NAME>` (DESIGN.md "The target contract").
 */
/** Fixture ids the suites cannot discover on a real target come as FIXTURE_<NAME> variables. */
export const fixturePrefix = 'FIXTURE_';

export const fixtures = {
  mediaAssetId: 'numeric id of a media asset (the job module calls it assetId, aka mediaGUID)',
  jobInstanceId: 'instance id of a job (dse object)',
  jobOrdinalNumber: 'ordinal number of a job',
  gridVariableInstanceId: 'instance id of a grid variable of that job',
  locale: 'l10nLocaleId of the job object',
  userUuid: 'UUID of a user who may be a job participant',
  processTypeTechnicalName: 'technical name of a process type',
  planningNodeId: 'id of a planning node (also a dimension node)',
  planningParentNodeId: 'id of the planning node a copy goes under',
  planningDimensionIds: 'ids of planning dimensions, comma-separated (the required `dimensionids` of the node-allchildren value listing)',
  planningGroupId: 'id of a planning group',
  planningUserId: 'numeric id of a user (the planning module\'s `{userId}` paths take an integer in both versions)',
  nodeTypeId: 'id of a planning node type with an icon',
  viewId: 'id of a planning view',
  vdbId: 'id of a media virtual database',
  aiConfigurationId: 'id of an AI tagging configuration',
  aiProviderId: 'id of an AI tagging provider',
  assetAttributeId: 'id of a media asset attribute with nodes',
  reviewId: 'id of a review',
  templateId: 'id of a template builder template',
  dynamicServiceId: 'id of a template builder dynamic service',
} as const satisfies Record<string, string>;

export type FixtureName = keyof typeof fixtures;

export const fixtureNames = Object.keys(fixtures).filter(isFixtureName);

export function isFixtureName(value: string): value is FixtureName {
  return Object.hasOwn(fixtures, value);
}

/** `mediaAssetId` → `FIXTURE_MEDIA_ASSET_ID` (the catalog's fixtures and the provider states' alike). */
export function fixtureVariable(name: string): string {
  return `${fixturePrefix}${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}
