/**
 * Reads 7.4's advanced search request: the abstract query base
 * (`conflictTypes`, `orderData` required, `text`) plus `conditions`,
 * `categoryId`, `filters`, `headerId`, `orderListId` (spec §2 lists them as
 * the properties 8.0 removed). A malformed request is a 400; one naming a
 * field, saved filter or order list that does not exist is the vendor's
 * 409 "Search data is not valid".
 */
import { categories, itemConflictTypes, orderLists, savedFilters, searchHeaderIds, type SearchCondition } from '../../../fixtures/shop.ts';
import { conditionFields, conditionOperators } from './conditions.ts';

export interface SearchQuery74 {
  readonly orderData: boolean;
  readonly text?: string;
  readonly conflictTypes?: readonly string[];
  readonly conditions: readonly SearchCondition[];
  readonly categoryId?: number;
  readonly orderListId?: number;
}

export interface QueryFailure {
  readonly ok: false;
  readonly status: 400 | 409;
  readonly message: string;
}

export type QueryResult = { readonly ok: true; readonly query: SearchQuery74 } | QueryFailure;

export const properties74 = ['conflictTypes', 'orderData', 'text', 'conditions', 'categoryId', 'filters', 'headerId', 'orderListId'] as const;

const invalid = (message: string): QueryFailure => ({ ok: false, status: 400, message });
const conflict = (message: string): QueryFailure => ({ ok: false, status: 409, message });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readConditions(raw: unknown): SearchCondition[] | QueryFailure {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return invalid('conditions must be an array.');
  const conditions: SearchCondition[] = [];
  for (const entry of raw) {
    if (!isRecord(entry)) return invalid('Each condition must be an object.');
    const { field, conditionOperator, value, operator } = entry;
    if (typeof field !== 'string' || typeof value !== 'string') return invalid('A condition needs field and value strings.');
    if (!conditionOperators.some((known) => known === conditionOperator)) return invalid(`Unknown conditionOperator ${JSON.stringify(conditionOperator)}.`);
    if (operator !== undefined && operator !== 'AND' && operator !== 'OR') return invalid('operator must be AND or OR.');
    if (!Object.hasOwn(conditionFields, field)) return conflict(`Unknown search field '${field}'.`);
    conditions.push({ field, conditionOperator: String(conditionOperator), value, ...(operator === undefined ? {} : { operator }) });
  }
  return conditions;
}

/**
 * `filters`: the vendor's SimpleSearchQueryFilterRestDto list, `{ filterId,
 * filterCriteriaId? }` each; a saved filter contributes its conditions.
 */
function readFilters(raw: unknown): SearchCondition[] | QueryFailure {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return invalid('filters must be an array of { filterId, filterCriteriaId } objects.');
  const conditions: SearchCondition[] = [];
  for (const entry of raw) {
    if (!isRecord(entry) || !Number.isInteger(entry['filterId'])) return invalid('Each filter needs an integer filterId.');
    const criteria = entry['filterCriteriaId'];
    if (criteria !== undefined && !Number.isInteger(criteria)) return invalid('filterCriteriaId must be an integer.');
    const filter = savedFilters.find((candidate) => candidate.id === entry['filterId']);
    if (!filter) return conflict(`Unknown saved filter ${String(entry['filterId'])}.`);
    conditions.push(...filter.conditions.map((condition) => ({ ...condition, operator: 'AND' as const })));
  }
  return conditions;
}

function optionalInteger(body: Record<string, unknown>, name: string): number | undefined | 'invalid' {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  return Number.isInteger(value) ? Number(value) : 'invalid';
}

export interface ReadOptions {
  /** 7.4 requires `orderData` (the vendor's AbstractSearchQueryRestDto); a platform that kept the old query by mistake may not. */
  readonly orderDataRequired: boolean;
}

export function readQuery74(body: unknown, options: ReadOptions = { orderDataRequired: true }): QueryResult {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.');
  const unknown = Object.keys(body).filter((key) => !properties74.some((known) => known === key));
  if (unknown.length > 0) return invalid(`Unrecognized field(s): ${unknown.join(', ')}.`);
  const orderData = body['orderData'] ?? (options.orderDataRequired ? undefined : false);
  if (typeof orderData !== 'boolean') return invalid('orderData is required and must be a boolean.');
  const text = body['text'];
  if (text !== undefined && typeof text !== 'string') return invalid('text must be a string.');
  const conflictTypes = body['conflictTypes'];
  if (conflictTypes !== undefined && (!Array.isArray(conflictTypes) || !conflictTypes.every((type) => itemConflictTypes.some((known) => known === type)))) {
    return invalid('conflictTypes must be an array of item conflict types.');
  }
  const conditions = readConditions(body['conditions']);
  if (!Array.isArray(conditions)) return conditions;

  const categoryId = optionalInteger(body, 'categoryId');
  const headerId = optionalInteger(body, 'headerId');
  const orderListId = optionalInteger(body, 'orderListId');
  if (categoryId === 'invalid' || headerId === 'invalid' || orderListId === 'invalid') return invalid('categoryId, headerId and orderListId must be integers.');
  if (categoryId !== undefined && !categories.some((category) => category.id === categoryId)) return conflict(`Unknown category ${categoryId}.`);
  if (headerId !== undefined && !searchHeaderIds.includes(headerId)) return conflict(`Unknown header ${headerId}.`);
  if (orderListId !== undefined && !orderLists.some((list) => list.id === orderListId)) return conflict(`Unknown order list ${orderListId}.`);

  const filterConditions = readFilters(body['filters']);
  if (!Array.isArray(filterConditions)) return filterConditions;

  return {
    ok: true,
    query: {
      orderData,
      ...(text === undefined ? {} : { text }),
      ...(conflictTypes === undefined ? {} : { conflictTypes }),
      conditions: [...conditions, ...filterConditions],
      ...(categoryId === undefined ? {} : { categoryId }),
      ...(orderListId === undefined ? {} : { orderListId }),
    },
  };
}
