/**
 * The review module's bodies leave out the members that have no value
 * (Jackson's NON_NULL inclusion): the vendor's Review Manager documents type
 * them as plain strings and integers, none `nullable`, so a member is either
 * absent or of its type (a review without a due date has no `dueDate`).
 */
export function withoutNulls(dto: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== null));
}
