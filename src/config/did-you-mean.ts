/**
 * The known name a slip of the hand away from what was typed: one edit for a
 * short name, two for a longer one, and two letters swapped (`jbo`) count as
 * one slip though Levenshtein counts two. Anything further off gets no
 * suggestion: a wrong guess would send the user after the wrong name.
 */
import { closest, distance } from 'fastest-levenshtein';

/** `; did you mean "job"?`, or nothing. */
export function didYouMean(typed: string, known: readonly string[]): string {
  if (known.length === 0) return '';
  const nearest = closest(typed, [...known]);
  return distance(typed, nearest) <= (typed.length > 4 ? 2 : 1) + (sameLetters(typed, nearest) ? 1 : 0) ? `; did you mean "${nearest}"?` : '';
}

function sameLetters(a: string, b: string): boolean {
  return [...a].sort().join('') === [...b].sort().join('');
}
