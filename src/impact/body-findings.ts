/**
 * What the bodies a team sends and reads say beyond the path (pacts and
 * HARs show them): request fields 8.0 removes, renames or deprecates (spec
 * §2, the catalog's field lists), request fields sent with a type the 8.0
 * request schema does not take, and response fields the team reads whose
 * type 8.0 changes (the catalog's per-version response schemas).
 */
import { type CatalogEntry, type CatalogModule } from '../catalog/index.ts';
import { fieldChanges } from '../catalog/fields.ts';
import { isRecord } from '../http/json.ts';
import { formatIssue, validateBody } from '../schemas/validator.ts';

/** Request-side findings for a call that hits `entry` (may be undefined) below `module`. */
export function requestFieldFindings(entry: CatalogEntry | undefined, module: CatalogModule | undefined, body: unknown): string[] {
  if (body === undefined) return [];
  const findings: string[] = [];
  for (const field of entry?.removedFields?.request ?? []) {
    if (hasField(body, field)) findings.push(`sends request property \`${field}\`, which 8.0 removes (spec §2, ${entry?.specSection ?? ''})`);
  }
  for (const field of entry?.deprecatedFields?.request ?? []) {
    const successor = entry?.newFields?.request?.[0];
    if (hasField(body, field)) findings.push(`sends \`${field}\`, deprecated in 8.0${successor ? `: send \`${successor}\` (a UUID) instead` : ''} (spec §2, ${entry?.specSection ?? ''})`);
  }
  // Renames of spec §2 are tied to a DTO, not an endpoint: any body below the module that still uses the old name.
  for (const change of fieldChanges) {
    if (change.kind !== 'renamed' || change.previousName === undefined || change.module !== module) continue;
    if (hasField(body, change.previousName)) findings.push(`sends \`${change.previousName}\`, which 8.0 names \`${change.field}\` (${change.dto}, spec §2)`);
  }
  return findings;
}

const typeWords = /^(object|array|string|integer|number|boolean|null)( or (object|array|string|integer|number|boolean|null))*$/;

/**
 * Response fields the team reads whose type 8.0 changes: the body they
 * expect, against the entry's 8.0 response schema where it differs from the
 * 7.4 one. Only type mismatches count: a member 8.0 adds is not one they read.
 */
export function responseTypeFindings(entry: CatalogEntry | undefined, body: unknown): string[] {
  const schemas = entry?.schemas?.response;
  const before = schemas?.['7.4'];
  const after = schemas?.['8.0'];
  if (body === undefined || before === undefined || after === undefined || before === after) return [];
  const result = validateBody(after, body);
  if (result.ok) return [];
  return result.errors
    .filter((issue) => typeWords.test(issue.expected))
    .map((issue) => `reads ${formatIssue(issue).replace(/^(\S+): expected (.+), got (.+)$/, 'response $1 as $3; 8.0 sends $2')} (spec ${entry?.specSection ?? '§2'})`);
}

/**
 * Request members the team sends with a type the entry's 8.0 request schema does not take (spec §2: the node copy
 * request's `filteredIds` is an array of strings, and integer ids are not). Only type mismatches count: a member the
 * schema leaves open, or a required one the team leaves out, is for the contract checks to judge.
 */
export function requestTypeFindings(entry: CatalogEntry | undefined, body: unknown): string[] {
  const schema = entry?.schemas?.request?.['8.0'];
  if (body === undefined || schema === undefined) return [];
  const result = validateBody(schema, body);
  if (result.ok) return [];
  return result.errors
    .filter((issue) => typeWords.test(issue.expected))
    .map((issue) => `sends request ${issue.pointer === '' ? '(root)' : issue.pointer} as ${issue.got}; 8.0 takes ${issue.expected} there (spec §2, ${entry?.specSection ?? ''})`);
}

/** A member anywhere in the body, by name or dotted path (`filters.vdbUuids`). */
function hasField(body: unknown, field: string): boolean {
  const [head = '', ...rest] = field.split('.');
  if (Array.isArray(body)) return body.some((item) => hasField(item, field));
  if (!isRecord(body)) return false;
  if (head in body) return rest.length === 0 || hasField(body[head], rest.join('.'));
  return Object.values(body).some((member) => hasField(member, field));
}

