/**
 * Process types. GET /dse/rest/v1/process-types lists them in both versions
 * (vendor DseObjectTypeDto; the module's discovery listing for technical
 * names and its protected-endpoint probe). GET
 * /dse/rest/v2/process-types/{technicalName}, added in 8.0 (spec §4.2, tag
 * ProcessMetaDataServiceV2), returns one with the additional metadata of
 * DseObjectTypeDtoV2: multilingual names, metatype and typed variables.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { JobFixtures, ProcessType } from '../../fixtures/job.ts';
import { notFound } from './errors.ts';
import { servesAddedEndpoints } from './added-endpoints.ts';
import { jobRoles } from './roles.ts';

const english = (names: Readonly<Record<string, string>>): string => names.en ?? Object.values(names)[0] ?? '';

function processTypeV1(type: ProcessType) {
  return {
    id: type.id,
    technicalName: type.technicalName,
    uniqueName: type.uniqueName,
    displayName: english(type.displayName),
    color: type.color,
    inheritance: 'NONE',
    forSubJobsOnly: false,
    respectRestrictionsByOrgUnits: false,
    variables: type.variables.map((variable) => ({
      id: variable.id,
      technicalName: variable.technicalName,
      uniqueName: variable.technicalName.toUpperCase(),
      displayName: english(variable.displayName),
      metaTypeName: variable.metatype,
      mode: 1,
      sharedLocale: true,
      typeSpanning: false,
      system: false,
    })),
    dataSheets: [],
  };
}

function processTypeV2(type: ProcessType) {
  return {
    id: type.id,
    technicalName: type.technicalName,
    displayName: type.displayName,
    metatype: 'PROCESS',
    variables: type.variables,
  };
}

export function registerProcessTypes(router: Router, context: ModuleContext, state: JobFixtures): void {
  router.api('GET', '/dse/rest/v1/process-types', jobRoles, () => json(200, state.processTypes.map(processTypeV1)));

  const servesV2 = (): boolean => servesAddedEndpoints(context) && !context.faults.has('job-process-types-v2-missing');
  const byTechnicalName = (request: SimRequest): SimResponse => {
    const type = state.processTypes.find((candidate) => candidate.technicalName === request.params.technicalName);
    return type ? json(200, processTypeV2(type)) : notFound(request, `Process type ${request.params.technicalName ?? ''} not found`);
  };
  router.when(servesV2).api('GET', '/dse/rest/v2/process-types/{technicalName}', jobRoles, byTechnicalName);
}
