/**
 * Finds the template a request names and decides whether the caller may see
 * it: unknown or malformed ids are 404, a template outside the caller's
 * visibility is 403 (spec §4.6, §7: renderers answer 200, 403, 404).
 */
import { templates, type Template } from '../../fixtures/template-builder.ts';
import type { SimRequest } from '../../http/router.ts';

export type TemplateLookup =
  | { readonly kind: 'found'; readonly template: Template }
  | { readonly kind: 'forbidden'; readonly id: number }
  | { readonly kind: 'unknown'; readonly id: string };

const int32 = /^\d{1,9}$/;

export function canSee(template: Template, userId: number | undefined): boolean {
  return template.visibleTo === undefined || (userId !== undefined && template.visibleTo.includes(userId));
}

export function lookUpTemplate(request: SimRequest): TemplateLookup {
  const raw = request.params['id'] ?? '';
  const template = int32.test(raw) ? templates.find((candidate) => candidate.id === Number(raw)) : undefined;
  if (!template) return { kind: 'unknown', id: raw };
  if (!canSee(template, request.principal?.userId)) return { kind: 'forbidden', id: template.id };
  return { kind: 'found', template };
}
