/**
 * The trader's workspace (/api/trader): its own spot stock, surplus and quotations (list,
 * write, soft delete, bulk actions, copy yesterday's quotes), its firm profile and the enquiries
 * it received. A trader is a user with a company; every read and write is bounded to that
 * company, so another trader's id answers exactly like a missing one (code 6).
 *
 * What a trader writes is text, understood by the one row reader every writer shares
 * (search/lot-row.ts): the same dictionary and spec parser as search, so a published row is
 * found by keyword like a seeded one. The module owns cargo and surplus: an import or ERP sync
 * writes lots through `deleteAllOwnLots` and `prepareOwnLots` below; quotations are the quotation
 * module's, which the workspace calls (quotation/service.ts).
 */
import type { Db } from '../../db/client.ts';
import type { Dictionary } from '../search/dictionary.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import { ownLots } from './lots.ts';
import { ownProfile, receivedEnquiries } from './profile.ts';
import { ownQuotes } from './quotes.ts';
import { traderKit } from './workspace.ts';

// What an import or ERP sync writes of the lots this module owns (trader-import/rows.ts#writeRows),
// plain functions on the caller's transaction.
export { deleteAllOwnLots, prepareOwnLots } from './lots.ts';

export interface TraderDeps {
  db: Db;
  /** the trade dictionary every search shares: rows are understood with it */
  dictionary: Dictionary;
  /** The clock, for tests; "today" is its Shanghai day. */
  now?: () => Date;
  /** after a commit: the written rows, for saved searches to match (modules/subscription) */
  onRowsWritten?: OnRowsWritten;
}

/**
 * The trader service over the pool and the trade dictionary: stock and surplus (`lots.ts`),
 * quotations (`quotes.ts`), the profile and received enquiries (`profile.ts`), on the shared kit
 * of `workspace.ts`.
 */
export function traderService(deps: TraderDeps) {
  const kit = traderKit(deps);
  return {
    cargo: ownLots(kit, 'cargo'),
    surplus: ownLots(kit, 'surplus'),
    quotes: ownQuotes(kit),
    profile: ownProfile(kit),
    enquiries: receivedEnquiries(kit),
  };
}

export type TraderService = ReturnType<typeof traderService>;
