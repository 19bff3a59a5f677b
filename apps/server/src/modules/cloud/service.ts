/**
 * Cloud warehouse (云仓, /beginClound): everyone sees the partner warehouses with capacity and
 * saturation; a logged-in member also sees their own coils (and their company's), stock totals
 * per warehouse and the in/out history. Nobody sees another depositor's goods: every query of
 * the member's part is filtered by owner in the repo.
 */
import type { CloudIndex, CloudIndexQuery } from '@steelport/contracts';
import type { Db } from '../../db/client.ts';
import { NeedLogin } from '../../errors.ts';
import { say } from '../../text.ts';
import type { openCheckService } from '../open-check/service.ts';
import { presentCoil, presentMovement, presentTotal, presentWarehouse, summarize } from './present.ts';
import { coilsPage, movementsPage, type Owner, partnerWarehouses, stockTotals } from './repo.ts';

/** Movements per page of the history. */
export const HISTORY_PAGE_SIZE = 20;

export interface CloudService {
  index(query: CloudIndexQuery, owner: Owner | null): Promise<CloudIndex>;
}

/** The cloud-warehouse service over the pool. */
export function cloudService(deps: {
  db: Db;
  /** refuses the screen's data while operators keep 仓库自助 closed (openCheck) */
  services: ReturnType<typeof openCheckService>;
}): CloudService {
  const { db } = deps;
  return {
    async index(query, owner) {
      await deps.services.assertOpen('cloudWarehouse', say('仓库自助', 'cloud warehouse'));
      if (!owner && query.coilNo)
        throw new NeedLogin(say('登录后可查询自己的卷号', 'Log in to look up your own coil numbers'));
      // a few dozen partners, each a latest-day lookup on the daily figures' unique index: no cache
      const warehouses = (await partnerWarehouses(db)).map(presentWarehouse);
      if (!owner) return { warehouses, mine: null };
      const filter = { coilNo: query.coilNo, warehouseId: query.warehouseId, status: query.status };
      const totals = await stockTotals(db, owner);
      const coils = await coilsPage(db, owner, filter, query.page, query.pageSize);
      const history = await movementsPage(db, owner, filter, query.historyPage, HISTORY_PAGE_SIZE);
      return {
        warehouses,
        mine: {
          totals: totals.map(presentTotal),
          summary: summarize(totals),
          coils: {
            list: coils.rows.map(presentCoil),
            total: coils.total,
            page: query.page,
            pageSize: query.pageSize,
          },
          history: {
            list: history.rows.map(presentMovement),
            total: history.total,
            page: query.historyPage,
            pageSize: HISTORY_PAGE_SIZE,
          },
        },
      };
    },
  };
}
