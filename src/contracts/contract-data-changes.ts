/**
 * What the project's own contract interactions change on a target, and how
 * the change is undone: one declarative catalog, by the catalog endpoint the
 * interaction's request goes to. The request filter lets a change through on
 * a real target only with ALLOW_MUTATIONS=true, and a change the run cannot
 * undo only with ALLOW_IRREVERSIBLE=true as well (DESIGN.md "Rules"); each
 * change that reached the target goes to the run's ledger of data changes
 * (src/check/data-changes.ts), as the suites' own do.
 *
 * A team's own contracts (PACT_URLS, PACT_DIR, a broker) are theirs: what
 * their requests change is unknown here, so every one of them counts as a
 * change the run cannot undo.
 */
import { findCatalogEntry, type CatalogEntryId } from '../catalog/index.ts';
import { contractWebhookTitle } from './provider-states.ts';

export type ContractUndo =
  /** The teardown of the interaction's provider state (provider-states.ts) removes or restores it. */
  | { readonly by: 'teardown'; readonly outcome: 'removed' | 'restored' }
  /** Why nothing stays changed. */
  | { readonly unchanged: string }
  /** Why the run cannot undo it. */
  | { readonly irreversible: string };

export interface ContractChange {
  /** What the request changes, in a reader's words. */
  readonly what: string;
  readonly undo: ContractUndo;
}

const contractChanges: Readonly<Partial<Record<CatalogEntryId, ContractChange>>> = {
  'media.webhook-create': { what: `a webhook titled "${contractWebhookTitle}"`, undo: { by: 'teardown', outcome: 'removed' } },
  'media.ai-tagging-state-update': { what: 'the AI tagging state', undo: { by: 'teardown', outcome: 'restored' } },
  // Spec §4.2 names no way to create a grid row, so a deleted row of an existing job cannot be put back.
  'job.grid-rows-delete': { what: 'a row of a job grid', undo: { irreversible: 'it deletes a row of an existing job grid, and no endpoint of the spec puts a row back' } },
  // The spec lists only the removal (§4.6); the vendor's 7.4 document names the operation getAttachmentIds.
  'template-builder.attachment-external-ids': { what: 'nothing stored: a lookup of attachment ids', undo: { unchanged: "a lookup of attachment ids by external ids (the vendor's getAttachmentIds)" } },
};

/** What a request of the project's contracts changes; undefined for a request the catalog does not know or that changes nothing declared. */
export function contractChange(method: string, path: string): ContractChange | undefined {
  const match = findCatalogEntry(method.toUpperCase(), path);
  return match ? contractChanges[match.entry.id] : undefined;
}

/** Whose contracts a verification replays: the project's (their changes are declared above) or a team's own. */
export type ContractOwner = 'project' | 'team';

/** Why the run cannot undo a request's change; undefined when it can. */
export function irreversibleChange(owner: ContractOwner, method: string, path: string): string | undefined {
  if (owner === 'team') return "upgrade-guard cannot undo what a team's own contract changes";
  const change = contractChange(method, path);
  if (change === undefined) return 'the project declares no way to undo it (src/contracts/contract-data-changes.ts)';
  return 'irreversible' in change.undo ? change.undo.irreversible : undefined;
}
