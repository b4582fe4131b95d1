/** Where a verification run takes its pacts from. */
import type { PactBrokerConfig } from '../config/pact.ts';

export type PactSource =
  /**
   * Local pact files (the project's own contracts, PACT_URLS files, PACT_DIR).
   * `checkIds: 'testname'` (the project's pacts) takes each check id from the
   * interaction's testname; otherwise ids are `contract.own.<consumer>.<description>`.
   */
  | { readonly kind: 'files'; readonly label: string; readonly files: readonly string[]; readonly checkIds?: 'testname' }
  /** Pacts at http(s) URLs (PACT_URLS), fetched with the broker token when one is set. */
  | { readonly kind: 'urls'; readonly label: string; readonly urls: readonly string[]; readonly token?: string }
  /** The broker's pacts for the provider, chosen by consumer version selectors. */
  | { readonly kind: 'broker'; readonly label: string; readonly broker: PactBrokerConfig };
