/**
 * GET /rest/mp/v1.0/asset-attributes/{id}/nodes: the nodes of a tree
 * attribute (spec §4.4).
 * - 7.4: the whole tree, roots with their `children` nested.
 * - 8.0: a flat list. `filter=all` (default) every node, `filter=roots`
 *   the roots, `parentId=N` the first-level children of node N; both
 *   together answer an empty list, as the vendor documents.
 * Labels stay keyed by language tag, as in the vendor's example.
 */
import { json } from '../../../http/router.ts';
import { assetAttributes, type AttributeNode } from '../../../fixtures/media.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { localize } from '../languages.ts';
import { parseId } from '../params.ts';
import type { SimRequest, SimResponse } from '../../../http/router.ts';
import type { MediaRoutes } from '../registrar.ts';

interface NodeBody {
  readonly id: number;
  readonly parentId?: number;
  readonly label: Record<string, string>;
  readonly hasChildren: boolean;
  readonly children?: readonly NodeBody[];
}

function flatNode(node: AttributeNode, all: readonly AttributeNode[]): NodeBody {
  const hasChildren = all.some((candidate) => candidate.parentId === node.id);
  const base = { id: node.id, label: localize(node.label, false), hasChildren };
  return node.parentId === undefined ? base : { ...base, parentId: node.parentId };
}

function nestedNode(node: AttributeNode, all: readonly AttributeNode[]): NodeBody {
  const children = all.filter((candidate) => candidate.parentId === node.id).map((child) => nestedNode(child, all));
  return { ...flatNode(node, all), children };
}

/** 8.0's filter and parentId, applied to a flat list. */
function selectNodes(request: SimRequest, nodes: readonly AttributeNode[]): SimResponse {
  const filter = (request.query.get('filter') ?? 'all').toLowerCase();
  if (filter !== 'all' && filter !== 'roots') return badRequest(`Unknown filter '${filter}'; use roots or all.`);
  const rawParent = request.query.get('parentId');
  if (rawParent !== null && request.query.has('filter')) return json(200, []);
  if (rawParent !== null) {
    const parentId = parseId(rawParent);
    if (parentId === undefined) return badRequest('parentId must be a non-negative integer.');
    if (!nodes.some((node) => node.id === parentId)) return notFound(`Node ${parentId} not found.`);
    return json(200, nodes.filter((node) => node.parentId === parentId).map((node) => flatNode(node, nodes)));
  }
  const selected = filter === 'roots' ? nodes.filter((node) => node.parentId === undefined) : nodes;
  return json(200, selected.map((node) => flatNode(node, nodes)));
}

export const registerAttributeNodeRoutes: MediaRoutes = (router, context) => {
  router.api('GET', '/rest/mp/v1.0/asset-attributes/{id}/nodes', mediaAccess, (request) => {
    const id = parseId(request.params['id']);
    if (id === undefined) return badRequest('Attribute id is not valid.');
    const attribute = assetAttributes.find((candidate) => candidate.id === id);
    if (!attribute) return notFound(`Attribute ${id} not found.`);
    if (attribute.nodes.length === 0) return conflict(`Attribute ${id} is not a tree attribute.`);
    const nodes = attribute.nodes;
    if (context.version === '7.4') {
      return json(200, nodes.filter((node) => node.parentId === undefined).map((node) => nestedNode(node, nodes)));
    }
    if (context.faults.has('media-attribute-nodes-filter-ignored')) return json(200, nodes.map((node) => flatNode(node, nodes)));
    return selectNodes(request, nodes);
  });
};
