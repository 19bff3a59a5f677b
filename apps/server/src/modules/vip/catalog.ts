/**
 * What a member reads before and after buying: the catalogue with its prices, the beans
 * deduction a basket would get, the member's own memberships and orders.
 */
import { BEANS_DEDUCTION_CAP_PERCENT, FEN_PER_BEAN } from '@steelport/contracts';
import { NotFound } from '../../errors.ts';
import { say } from '../../text.ts';
import { myInfoOf } from '../account/service.ts';
import { readBalance } from '../beans/service.ts';
import { presentBuyInfo, presentMyVip, presentOrder, presentPrice } from './present.ts';
import { deduction, quote } from './pricing.ts';
import * as repo from './repo.ts';
import type { VipDeps, VipService } from './service.ts';

/** The catalogue's and the member's own reads. */
export function catalogMethods(
  deps: VipDeps,
): Pick<VipService, 'info' | 'price' | 'derate' | 'myVip' | 'myOrders'> {
  const { db, payments } = deps;
  return {
    async info(userId, useBeans) {
      const catalog = await repo.loadCatalog(db);
      const balance = userId === null ? 0 : ((await readBalance(db, userId)) ?? 0);
      return presentBuyInfo(catalog, { balance, useBeans: userId !== null && useBeans }, payments.offers());
    },

    async price(query) {
      const q = quote(await repo.loadCatalog(db), query.commodity_id, query.day, query.count ?? 1);
      return presentPrice(q);
    },

    async derate(userId, query) {
      const q = quote(await repo.loadCatalog(db), query.ids, query.days, query.count ?? 1);
      const balance = (await readBalance(db, userId)) ?? 0;
      const d = deduction(q.listFen, balance);
      return {
        listFen: q.listFen,
        maxDeductionFen: d.maxDeductionFen,
        beansNeeded: d.beansNeeded,
        balance,
        beansUsed: d.beansUsed,
        deductionFen: d.deductionFen,
        amountFen: d.amountFen,
        enough: d.enough,
        fenPerBean: FEN_PER_BEAN,
        capPercent: BEANS_DEDUCTION_CAP_PERCENT,
      };
    },

    async myVip(userId) {
      const now = new Date();
      const [catalog, summary, me] = [
        await repo.loadCatalog(db),
        await repo.membershipSummary(db, userId, now),
        await myInfoOf(db, userId),
      ];
      if (!me) throw new NotFound(say('用户不存在', 'User not found'));
      return presentMyVip(catalog, summary, me, now);
    },

    async myOrders(userId, { page, pageSize }) {
      const { list, total } = await repo.ordersPage(db, userId, page, pageSize);
      const names = await repo.commodityNames(db, [...new Set(list.flatMap((o) => o.commodityIds))]);
      return { list: list.map((o) => presentOrder(o, names)), total, page, pageSize };
    },
  };
}
