/**
 * The console's steering of a product's rows (GET/PUT /api/admin/priceTable/items): the
 * candidates (the most quoted items of the frequency window, and every item an operator set),
 * each with its state, its quotes and whether the public table shows it; and one item's state
 * set to auto, pinned or hidden, audited (`price_table_item.pin|hide|release`) in the write's
 * transaction. The public tables key their cache on the item states too (repo.ts#dayStamp), so
 * a pin or hide shows at once on every instance.
 */
import type {
  PriceItem,
  PriceItemState,
  PriceItemStateBody,
  PriceItems,
  PriceItemsQuery,
} from '@steelport/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { presentItem, presentItemKey } from './present.ts';
import * as repo from './repo.ts';
import { countsByItem, frequencyWindow, itemKeyOf, type RowFen } from './table.ts';

/** Candidates listed beside the items operators set: enough to find any item worth a row. */
export const CANDIDATES_MAX = 200;

/** The verb of each state's audit action. */
const VERB: Record<PriceItemState, string> = { pinned: 'pin', hidden: 'hide', auto: 'release' };

/** What the console's items need from the service: the product's id, the day, the shown rows. */
export interface PriceItemsDeps {
  db: Db;
  /** the product's id; code 1 when there is none of that name */
  productOf: (name: string) => Promise<number>;
  /** today's day (Shanghai) */
  today: () => string;
  /** the rows of the product's public table on its latest day (no filter) */
  shownRows: (productId: number) => Promise<RowFen[]>;
}

/** The console's list and write of item states. */
export function priceItemsAdmin(deps: PriceItemsDeps) {
  const { db } = deps;

  /** The frequency window ending at the product's latest priced day (today when none). */
  const windowOf = async (productId: number) => {
    return frequencyWindow((await repo.latestPricedDay(db, deps.today(), productId)) ?? deps.today());
  };

  const shownSet = async (productId: number) =>
    new Set((await deps.shownRows(productId)).map((r) => itemKeyOf(r)));

  return {
    /** The product's candidate rows: the most quoted first, then items set but not quoted. */
    async list(query: PriceItemsQuery): Promise<PriceItems> {
      const productId = await deps.productOf(query.product);
      const window = await windowOf(productId);
      const candidates = await repo.itemCounts(
        db,
        productId,
        window,
        {},
        {
          limit: CANDIDATES_MAX,
          withoutHidden: false,
        },
      );
      const steered = await repo.steeredItems(db, productId);
      const listed = new Set(candidates.map(itemKeyOf));
      const unlisted = steered.filter((s) => !listed.has(itemKeyOf(s)));
      const counts = countsByItem(await repo.countsOfItems(db, productId, window, unlisted));
      const states = new Map(steered.map((s) => [itemKeyOf(s), s.state]));
      const shown = await shownSet(productId);
      const list: PriceItem[] = [...candidates, ...unlisted].map((item) => {
        const key = itemKeyOf(item);
        const quotes = 'quotes' in item ? item.quotes : (counts.get(key) ?? 0);
        return presentItem(item, states.get(key) ?? 'auto', quotes, shown.has(key));
      });
      return { product: query.product, list };
    },

    /** Sets one item's state with one audit row in the same transaction; answers the item now. */
    async setState(ctx: AuditContext, body: PriceItemStateBody): Promise<PriceItem> {
      const productId = await deps.productOf(body.product);
      const item: repo.ItemKey = { material: body.grade, spec: body.spec, origin: body.mill };
      const view = (row: repo.ItemStateRow | null) =>
        row && { product: body.product, ...presentItemKey(row), state: row.state, updatedBy: row.updatedBy };
      await db.transaction(async (tx) => {
        const before = await repo.lockItemState(tx, productId, item);
        const id = await repo.writeItemState(tx, productId, item, body.state, ctx.operatorId);
        const after = await repo.lockItemState(tx, productId, item);
        await recordAudit(tx, ctx, {
          action: `price_table_item.${VERB[body.state]}`,
          entity: 'price_table_item',
          entityId: id,
          before: view(before),
          after: view(after),
        });
      });
      const window = await windowOf(productId);
      const [count] = await repo.countsOfItems(db, productId, window, [item]);
      const shown = await shownSet(productId);
      return presentItem(item, body.state, count?.quotes ?? 0, shown.has(itemKeyOf(item)));
    },
  };
}
