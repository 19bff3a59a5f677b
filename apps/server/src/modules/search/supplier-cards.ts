/**
 * Supplier cards (name, city, contact) for lot rows. A page names a handful of the same few
 * hundred traders again and again, so cards are kept a minute per process, bounded; the cards a
 * page misses are read in one query.
 */
import { createCache } from '../../cache.ts';
import { MINUTE_MS } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { type SupplierCard, supplierCardsById } from './repo/suppliers.ts';

export const SUPPLIER_CARD_FRESH_MS = MINUTE_MS;
/** More than the traders with stock on a busy day; the least recently shown go first. */
export const SUPPLIER_CARD_LIMIT = 5000;

export interface SupplierCards {
  /** The cards of `ids`; null for an id of no company. */
  of(ids: number[]): Promise<Map<number, SupplierCard | null>>;
}

/** Supplier cards of `db` from a bounded one-minute cache. */
export function supplierCards(deps: { db: Db; now?: () => number }): SupplierCards {
  const cache = createCache<SupplierCard | null>({
    name: 'supplier-cards',
    freshMs: SUPPLIER_CARD_FRESH_MS,
    maxEntries: SUPPLIER_CARD_LIMIT,
    ...(deps.now ? { now: deps.now } : {}),
  });

  // The cache loads key by key; misses asked for in the same turn of the event loop (one page,
  // or pages of concurrent requests) are gathered here and read with one query.
  let batch: { ids: Set<number>; cards: Promise<Map<number, SupplierCard>> } | null = null;
  const loadCard = async (id: number): Promise<SupplierCard | null> => {
    if (!batch) {
      const ids = new Set<number>();
      const cards = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batch = null;
        return supplierCardsById(deps.db, [...ids]);
      });
      batch = { ids, cards };
    }
    batch.ids.add(id);
    return (await batch.cards).get(id) ?? null;
  };

  return {
    async of(ids) {
      const unique = [...new Set(ids)];
      // No database handle here: the misses among these become one query (loadCard).
      const cards = await Promise.all(unique.map((id) => cache.get(String(id), () => loadCard(id))));
      return new Map(unique.map((id, i) => [id, cards[i] ?? null]));
    },
  };
}
