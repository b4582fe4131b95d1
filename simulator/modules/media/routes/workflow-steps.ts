/**
 * Workflow steps of a virtual database (spec §4.4, §9.4).
 * - GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps: both
 *   versions, deprecated in 8.0. 7.4 takes the integer id; the 8.0 document
 *   also accepts the database's UUID on this path, so 8.0 takes either.
 * - GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps: the 8.0
 *   replacement, keyed by UUID; the legacy integer id still resolves.
 * Approvers and divisions are identifier pairs in 8.0.
 */
import { html, json, type Handler } from '../../../http/router.ts';
import { divisions, mediaUsers, virtualDatabases, workflowSteps, type Approver, type VirtualDatabase } from '../../../fixtures/media.ts';
import { badRequest, notFound } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { identifierPair } from '../identifiers.ts';
import { isUuid, parseId } from '../params.ts';
import type { ModuleContext } from '../../context.ts';
import type { MediaRoutes } from '../registrar.ts';

type Lookup = { readonly kind: 'found'; readonly database: VirtualDatabase } | { readonly kind: 'malformed' } | { readonly kind: 'unknown' };

function findDatabase(raw: string | undefined, acceptUuid: boolean): Lookup {
  const id = parseId(raw);
  if (id !== undefined) {
    const database = virtualDatabases.find((candidate) => candidate.id === id);
    return database ? { kind: 'found', database } : { kind: 'unknown' };
  }
  if (acceptUuid && isUuid(raw)) {
    const database = virtualDatabases.find((candidate) => candidate.uuid.toLowerCase() === raw.toLowerCase());
    return database ? { kind: 'found', database } : { kind: 'unknown' };
  }
  return { kind: 'malformed' };
}

function approverBody(context: ModuleContext, approver: Approver): Record<string, unknown> {
  const user = mediaUsers.find((candidate) => candidate.id === approver.userId);
  const pair = user ? identifierPair(context, user) : { id: approver.userId };
  return { ...pair, name: user?.name ?? 'Unknown user', responsibility: approver.responsibility };
}

function stepsHandler(context: ModuleContext, acceptUuid: boolean): Handler {
  return (request) => {
    const lookup = findDatabase(request.params['vdbId'], acceptUuid);
    if (lookup.kind === 'malformed') return badRequest('Virtual database id is not valid.');
    if (lookup.kind === 'unknown') return notFound('Virtual database is not found.');
    const steps = (workflowSteps[lookup.database.id] ?? []).map((step) => ({
      stepId: step.stepId,
      stepName: step.stepName,
      approvers: step.approvers.map((approver) => approverBody(context, approver)),
      divisions: step.divisions.map((entry) => {
        const division = divisions.find((candidate) => candidate.id === entry.divisionId);
        const pair = division ? identifierPair(context, division) : { id: entry.divisionId };
        return { ...pair, name: division?.name ?? '', approvers: entry.approvers.map((approver) => approverBody(context, approver)) };
      }),
    }));
    return json(200, { steps });
  };
}

/** The v1.1 route: in 7.4 the current one, in 8.0 deprecated but still served. */
export const registerWorkflowStepsV11: MediaRoutes = (router, context) => {
  const steps = stepsHandler(context, context.version === '8.0');
  router.api('GET', '/rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps', mediaAccess, (request) =>
    context.faults.has('media-workflow-steps-v1.1-sign-in-page') ? html(200, signInPage) : steps(request),
  );
};

/** What a single sign-on gateway shows instead of an API answer: a 200 that is no API answer at all. */
const signInPage = '<!doctype html><html><head><title>Sign in</title></head><body><form method="post" action="/sso/login"><input name="username"><input name="password" type="password"><button>Sign in</button></form></body></html>';

/** The v1.2 replacement, 8.0 only. */
export const registerWorkflowStepsV12: MediaRoutes = (router, context) => {
  const steps = stepsHandler(context, true);
  router.api('GET', '/rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps', mediaAccess, (request) =>
    context.faults.has('media-workflow-steps-replacement-sign-in-page') ? html(200, signInPage) : steps(request),
  );
};
