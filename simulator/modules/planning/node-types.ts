/**
 * Node types and their icons, served in both versions. GET /node-type lists
 * the types (discovery of `typeId`). GET /node-type/icons/download/{typeId}
 * is the spec's breaking change (spec §4.3): 7.4 answers a JSON object
 * describing the icon file, 8.0 a JSON string holding the icon's bytes in
 * base64.
 */
import { json, type Router, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { NodeType, PlanningFixtures } from '../../fixtures/planning.ts';
import { parseInteger } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { planningRoute } from './route.ts';

/** A 1×1 PNG: the icon bytes the simulator hands out for every type. */
const iconPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function iconObject(type: NodeType): SimResponse {
  return json(200, { typeId: type.id, icon: type.icon, fileName: type.iconFileName, contentType: 'image/png', size: Buffer.from(iconPng, 'base64').length, content: iconPng });
}

/** A JSON string body: the router sends strings as they are, so it is serialised here. */
function iconString(): SimResponse {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(iconPng) };
}

export function registerNodeTypes(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  planningRoute(router, 'GET', '/node-type', () =>
    json(
      200,
      state.nodeTypes.map((type) => ({
        id: type.id,
        name: type.name,
        colour: type.colour,
        backgroundColour: type.backgroundColour,
        bold: type.bold,
        italic: type.italic,
        active: true,
        editable: false,
        icon: type.icon,
      })),
    ),
  );

  const asObject = (): boolean => (context.version === '7.4' ? !context.faults.has('planning-icon-string-before-8.0') : context.faults.has('planning-icon-still-object'));
  planningRoute(router, 'GET', '/node-type/icons/download/{typeId}', (request) => {
    const typeId = parseInteger(request.params.typeId);
    if (typeId === undefined) return badRequest(request, 'typeId must be an integer');
    const type = state.nodeTypes.find((candidate) => candidate.id === typeId);
    if (!type) return notFound(request, `Node type ${typeId} not found`);
    return asObject() ? iconObject(type) : iconString();
  });
}
