/**
 * The columns of the migration report's endpoint-change tables, one list for
 * the Markdown and the HTML, so both show the same and a new column is one
 * line here. A cell is plain text, code (an endpoint), the change kinds, a
 * version's outcome or the verdict; each format renders them its own way.
 */
import type { ChangeKind } from '../catalog/index.ts';
import type { MigrationRow, VersionOutcome } from './migration-report.ts';

export type ChangeCell =
  | string
  | { readonly code: string; readonly note?: string }
  | { readonly kinds: readonly ChangeKind[] }
  | { readonly outcome: VersionOutcome | undefined }
  | { readonly verdict: MigrationRow['verdict'] };

export interface ChangeColumn {
  readonly header: string;
  readonly cell: (row: MigrationRow) => ChangeCell;
}

export const changeColumns: readonly ChangeColumn[] = [
  { header: 'Endpoint', cell: (row) => ({ code: row.endpoint, ...(row.notes !== undefined && { note: row.notes }) }) },
  { header: 'Change', cell: (row) => ({ kinds: row.changeKinds }) },
  { header: 'Spec', cell: (row) => row.spec },
  { header: '7.4', cell: (row) => ({ outcome: row.versions['7.4'] }) },
  { header: '8.0', cell: (row) => ({ outcome: row.versions['8.0'] }) },
  { header: 'Verdict', cell: (row) => ({ verdict: row.verdict }) },
  { header: 'Use instead', cell: useInsteadCell },
];

/** What to call instead: an endpoint as code, the words "none named by the spec" as text, nothing on a row that needs none. */
export function useInsteadCell(row: Pick<MigrationRow, 'useInstead' | 'replacement'>): ChangeCell {
  if (row.useInstead === undefined) return '';
  return row.useInstead === row.replacement ? { code: row.useInstead } : row.useInstead;
}

/** The kinds an unchanged client does not survive: they stand out in both formats. */
export const breakingKinds: readonly ChangeKind[] = ['removed', 'breaking'];
