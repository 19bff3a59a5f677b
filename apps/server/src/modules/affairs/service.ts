/**
 * Market dynamics (商务动态): mill price adjustments, warehouse openings, events and market news,
 * public to everyone. A page filtered by kind; an item counts its reads and links the items
 * above and below it in the list (上一条 / 下一条). The module owns the table: the console's
 * writes come through `createAffair`, `updateAffair` and `deleteAffair`.
 */
import type { AffairDetail, AffairPageQuery, AffairSummary, PageOf } from '@steelport/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { say } from '../../text.ts';
import { presentAffairDetail, presentAffairSummary } from './present.ts';
import {
  type AffairValues,
  addAffairView,
  affairNeighbours,
  affairsPage,
  deleteAffair as deleteAffairRow,
  findPublishedAffair,
  insertAffair,
  updateAffair as updateAffairRow,
} from './repo.ts';

export type { AffairValues } from './repo.ts';

/*
 * The writes operators make in the console (`admin-content/affairs`), which calls these inside its
 * audited transaction (pass that `tx`). The affairs module owns `commercial_affairs`; the console
 * sanitises the HTML before it calls.
 */

/** Inserts an operator's market-dynamics item; answers its id. */
export function createAffair(db: DbOrTx, values: AffairValues & { createdBy: number }): Promise<number> {
  return insertAffair(db, values);
}

/** Rewrites a market-dynamics item's operator columns. */
export function updateAffair(db: DbOrTx, id: number, values: AffairValues): Promise<void> {
  return updateAffairRow(db, id, values);
}

/** Deletes a market-dynamics item. */
export function deleteAffair(db: DbOrTx, id: number): Promise<void> {
  return deleteAffairRow(db, id);
}

/** The market-dynamics service over the database. */
export function affairsService(deps: { db: DbOrTx }) {
  const { db } = deps;
  return {
    /** One page of published items, newest first. */
    async page(query: AffairPageQuery): Promise<PageOf<AffairSummary>> {
      const { list, total } = await affairsPage(db, query);
      return { list: list.map(presentAffairSummary), total, page: query.page, pageSize: query.pageSize };
    },

    /** One published item; code 6 when it is missing, hidden or not yet due. */
    async detail(id: number): Promise<AffairDetail> {
      const row = await findPublishedAffair(db, id);
      if (!row)
        throw new NotFound(
          say('该市场动态不存在或已下线', 'This market news item does not exist or has been taken down'),
        );
      await addAffairView(db, row.id);
      const neighbours = await affairNeighbours(db, row);
      return presentAffairDetail({ ...row, views: row.views + 1 }, neighbours);
    },
  };
}

/** What `affairsService` gives. */
export type AffairsService = ReturnType<typeof affairsService>;
