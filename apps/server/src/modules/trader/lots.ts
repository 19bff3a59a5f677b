/**
 * The trader's own spot stock and surplus (one shape, two tables): list, write, soft delete, bulk
 * actions. This module owns cargo and surplus, so what an import or ERP sync writes comes here
 * too (trader-import/rows.ts#writeRows): `deleteAllOwnLots` and `prepareOwnLots`, run on the
 * caller's transaction.
 */
import type {
  BulkResult,
  CargoInput,
  LotBulkBody,
  OwnLot,
  OwnLotQuery,
  OwnSurplus,
  PageOf,
  SurplusInput,
} from '@steelport/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { CargoStatus } from '../../db/schema/trade.ts';
import { NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import { lotSearchText, storedColumns } from '../search/lot-row.ts';
import type { LotKind } from '../search/service.ts';
import { PRICE_FLOOR_FEN, presentOwnLot, presentOwnSurplus } from './present.ts';
import * as lotRepo from './repo/lots.ts';
import * as profileRepo from './repo/profile.ts';
import { type TraderKit, traderOf, windowOf, wordsOf } from './workspace.ts';

const STATUS_OF: Record<Exclude<LotBulkBody['action'], 'reprice'>, CargoStatus> = {
  sold: 'sold_out',
  onSale: 'on_sale',
  delete: 'deleted',
};

/** The workspace's part for one kind of lot. */
export function ownLots(kit: TraderKit, kind: LotKind) {
  const { db, dictionary, now, today, written, understand, shortNameOf, checkDelta, tooLow } = kit;

  const presentLotOf = async (kind: LotKind, row: lotRepo.OwnLotRow) => {
    const dict = await dictionary.get();
    return kind === 'surplus'
      ? presentOwnSurplus(row, dict.productNames, now())
      : presentOwnLot(row, dict.productNames, now());
  };

  return {
    async page(user: AuthUser | null, query: OwnLotQuery): Promise<PageOf<OwnLot | OwnSurplus>> {
      const { companyId } = traderOf(user);
      const filter = { companyId, words: await wordsOf(dictionary, query.keyword), status: query.status };
      const rows = await lotRepo.ownLotPage(db, kind, filter, windowOf(query));
      const total = await lotRepo.countOwnLots(db, kind, filter);
      const list = await Promise.all(rows.map((r) => presentLotOf(kind, r)));
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    async create(user: AuthUser | null, input: CargoInput | SurplusInput): Promise<OwnLot | OwnSurplus> {
      const trader = traderOf(user);
      const { values, productName } = await understand(kind, input);
      const searchText = lotSearchText(values, productName, await shortNameOf(trader.companyId));
      const row = await db.transaction(async (tx) => {
        const id = await lotRepo.insertLot(tx, kind, trader.companyId, { ...values, searchText });
        await profileRepo.countActivity(tx, {
          ...trader,
          kind: kind === 'cargo' ? 'stock' : 'surplus',
          day: today(),
          n: 1,
        });
        return lotRepo.findOwnLot(tx, kind, trader.companyId, id);
      });
      await written(kind, [row!.id]);
      return presentLotOf(kind, row!);
    },

    async update(
      user: AuthUser | null,
      id: number,
      input: CargoInput | SurplusInput,
    ): Promise<OwnLot | OwnSurplus> {
      const trader = traderOf(user);
      const { values, productName } = await understand(kind, input);
      const searchText = lotSearchText(values, productName, await shortNameOf(trader.companyId));
      const row = await db.transaction(async (tx) => {
        if (!(await lotRepo.updateLot(tx, kind, trader.companyId, id, { ...values, searchText })))
          return null;
        await profileRepo.countActivity(tx, {
          ...trader,
          kind: kind === 'cargo' ? 'stock' : 'surplus',
          day: today(),
          n: 1,
        });
        return lotRepo.findOwnLot(tx, kind, trader.companyId, id);
      });
      if (!row)
        throw new NotFound(say('资源不存在或已删除', 'The listing does not exist or has been deleted'));
      await written(kind, [row.id]);
      return presentLotOf(kind, row);
    },

    async remove(user: AuthUser | null, id: number): Promise<BulkResult> {
      const { companyId } = traderOf(user);
      const affected = await lotRepo.setLotStatus(db, kind, companyId, [id], 'deleted');
      if (affected === 0)
        throw new NotFound(say('资源不存在或已删除', 'The listing does not exist or has been deleted'));
      return { affected };
    },

    async bulk(user: AuthUser | null, body: LotBulkBody): Promise<BulkResult> {
      const { companyId } = traderOf(user);
      const ids = [...new Set(body.ids)];
      if (body.action !== 'reprice') {
        const affected = await lotRepo.setLotStatus(db, kind, companyId, ids, STATUS_OF[body.action]);
        // Back on sale: matched like a new lot (the matcher reads only this company's live rows).
        if (body.action === 'onSale' && affected > 0) await written(kind, ids);
        return { affected };
      }
      const move = checkDelta(body.delta);
      const result = await db.transaction(async (tx) => {
        const low = move < 0 ? await lotRepo.countPricesAtOrBelow(tx, kind, companyId, ids, move) : 0;
        if (low > 0) throw tooLow(low);
        return { affected: await lotRepo.repriceLots(tx, kind, companyId, ids, move, PRICE_FLOOR_FEN) };
      });
      if (result.affected > 0) await written(kind, ids, move);
      return result;
    },
  };
}

/**
 * Marks every live lot of the company of `kind` deleted, on `tx` (the replace mode of an import
 * or ERP sync); returns how many.
 */
export function deleteAllOwnLots(tx: DbOrTx, kind: LotKind, companyId: number): Promise<number> {
  return lotRepo.deleteAllOwnLots(tx, kind, companyId);
}

/**
 * Builds the insert of understood rows (each with its `lotSearchText`) as the company's lots on
 * sale, in one multi-row statement; running it on the caller's transaction resolves the new ids
 * in order, for `onRowsWritten` after the commit. Built first, run later: an import builds its
 * next batch while the database writes the previous one.
 */
export function prepareOwnLots(
  kind: LotKind,
  companyId: number,
  rows: readonly lotRepo.LotWrite[],
): lotRepo.PreparedInsert {
  return lotRepo.prepareLotInsert(
    kind,
    rows.map((v) => newLot(v, companyId)),
  );
}

/** The stored row of an imported or synced lot: on sale, 正品 unless the row says otherwise. */
function newLot(v: lotRepo.LotWrite, companyId: number): lotRepo.NewLot {
  return {
    ...storedColumns(v),
    pieces: v.pieces,
    companyId,
    searchText: v.searchText,
    status: 'on_sale',
    grade: v.grade ?? '正品',
    defects: v.defects ?? '',
  };
}
