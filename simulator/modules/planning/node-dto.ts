/**
 * The vendor's Node (NodeDTO): a plan node with its type, responsible
 * person, ancestors and whether it is a leaf, plus walking a node's subtree.
 */
import type { PlanNode, PlanningFixtures } from '../../fixtures/planning.ts';
import { findUserById } from '../../fixtures/user-directory.ts';
import type { ModuleContext } from '../context.ts';
import { planningUserDto } from './users.ts';

export function childrenOf(state: PlanningFixtures, nodeId: number): PlanNode[] {
  return [...state.nodes.values()].filter((candidate) => candidate.parentId === nodeId).sort((a, b) => a.id - b.id);
}

/** Every node below `nodeId`, breadth first, with its depth (children are at depth 1). */
export function descendantsOf(state: PlanningFixtures, nodeId: number): { node: PlanNode; depth: number }[] {
  const found: { node: PlanNode; depth: number }[] = [];
  let level = childrenOf(state, nodeId).map((child) => ({ node: child, depth: 1 }));
  while (level.length > 0) {
    found.push(...level);
    level = level.flatMap((entry) => childrenOf(state, entry.node.id).map((child) => ({ node: child, depth: entry.depth + 1 })));
  }
  return found;
}

function ancestorsOf(state: PlanningFixtures, node: PlanNode): { id: number; name: string }[] {
  const ancestors: { id: number; name: string }[] = [];
  let parentId = node.parentId;
  while (parentId !== undefined) {
    const parent = state.nodes.get(parentId);
    if (!parent) break;
    ancestors.unshift({ id: parent.id, name: parent.name });
    parentId = parent.parentId;
  }
  return ancestors;
}

export function nodeDto(node: PlanNode, state: PlanningFixtures, context: ModuleContext) {
  const type = state.nodeTypes.find((candidate) => candidate.id === node.nodeTypeId);
  const person = findUserById(node.respPersonId);
  return {
    id: node.id,
    ...(node.parentId === undefined ? {} : { parentId: node.parentId }),
    name: node.name,
    startDate: node.startDate,
    endDate: node.endDate,
    currencyId: node.currencyId,
    externalId: node.externalId,
    info: node.info,
    ...(person ? { respPerson: planningUserDto(person, context) } : {}),
    leaf: childrenOf(state, node.id).length === 0,
    ...(type
      ? {
          nodeType: {
            id: type.id,
            name: type.name,
            colour: type.colour,
            backgroundColour: type.backgroundColour,
            bold: type.bold,
            italic: type.italic,
            active: true,
            editable: false,
            icon: type.icon,
          },
        }
      : {}),
    nodeTypeId: node.nodeTypeId,
    ancestors: ancestorsOf(state, node),
  };
}
