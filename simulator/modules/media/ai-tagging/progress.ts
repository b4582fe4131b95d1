/**
 * GET and POST /rest/mp/v1.1/ai-tagging (spec §2, §3, §4.4): the service's
 * progress `{currentState, processedItems, totalItems}`, and a state change
 * `{state}` answered with `{currentState}`. An unknown state is a 400, a move
 * the service cannot make from where it is a 409 (vendor document).
 */
import { json } from '../../../http/router.ts';
import { badRequest, conflict } from '../errors.ts';
import { aiTaggingAccess } from '../access.ts';
import { isRecord, unknownProperties } from '../params.ts';
import { requestState } from './state-machine.ts';
import type { MediaRoutes } from '../registrar.ts';

export const registerAiTaggingProgressRoutes: MediaRoutes = (router, context, state) => {
  const roles = aiTaggingAccess(context);

  router.api('GET', '/rest/mp/v1.1/ai-tagging', roles, () => {
    const progress = state.aiProgress;
    if (context.faults.has('media-ai-tagging-progress-incomplete')) return json(200, { currentState: progress.currentState });
    return json(200, { currentState: progress.currentState, processedItems: progress.processedItems, totalItems: progress.totalItems });
  });

  router.api('POST', '/rest/mp/v1.1/ai-tagging', roles, (request) => {
    const body = request.body;
    if (!isRecord(body)) return badRequest('The request body must be a JSON object with a state.');
    const unknown = unknownProperties(body, ['state', 'messageDto']);
    if (unknown.length > 0) return badRequest(`Unrecognized field(s): ${unknown.join(', ')}.`);
    const previous = state.aiProgress.currentState;
    const move = requestState(previous, body['state']);
    if (move.kind === 'unknown-state') {
      if (context.faults.has('media-ai-tagging-unknown-state-accepted')) return json(200, { currentState: previous });
      return badRequest(`Unknown AI tagging state ${JSON.stringify(body['state'])}; expected RUNNING, STOPPED or FINISHED.`, 'MP_E07001');
    }
    if (move.kind === 'not-allowed') return conflict(`The AI tagging service cannot move from ${move.from} to ${move.to}.`);
    if (context.faults.has('media-ai-tagging-state-ignored')) return json(200, { currentState: move.next });
    state.aiProgress.currentState = move.next;
    if (context.faults.has('media-ai-tagging-state-response-stale')) return json(200, { currentState: previous });
    if (context.faults.has('media-ai-tagging-state-update-without-state')) return json(200, {});
    return json(200, { currentState: move.next });
  });
};
