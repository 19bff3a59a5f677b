/**
 * The price rules of a VIP purchase, pure (no database): a quote from the commodities' stored
 * prices, the beans deduction and its cap, and the beans a paid order earns. Everything is
 * integer fen and whole beans, so the quote the buyer saw and the amount the server charges
 * cannot drift apart by a rounding.
 */
import { BEANS_DEDUCTION_CAP_PERCENT, BEANS_PER_PAID_YUAN, FEN_PER_BEAN } from '@steelport/contracts';
import { BusinessError } from '../../errors.ts';
import { say } from '../../text.ts';

/** A commodity with its prices (fen, one seat) by day, as the repo loads them. */
export interface PricedCommodity {
  id: number;
  name: string;
  isVip: number;
  perSeat: boolean;
  prices: Map<number, number>;
}

export interface QuoteLine {
  commodityId: number;
  name: string;
  isVip: 0 | 1;
  day: number;
  count: number;
  unitPriceFen: number;
  subtotalFen: number;
}

export interface Quote {
  day: number;
  count: number;
  items: QuoteLine[];
  listFen: number;
}

const PERCENT = 100;
/** Fen in a yuan: the reward counts whole yuan paid. */
const FEN_PER_YUAN = 100;

/**
 * Prices `ids` for `day` days: each commodity once (a repeated id counts once), its price
 * multiplied by `count` when it is sold per seat. Refuses an unknown or inactive commodity and a
 * duration it is not sold for, naming them.
 */
export function quote(catalog: PricedCommodity[], ids: number[], day: number, count: number): Quote {
  const byId = new Map(catalog.map((c) => [c.id, c]));
  const items: QuoteLine[] = [];
  for (const id of [...new Set(ids)]) {
    const c = byId.get(id);
    if (!c)
      throw new BusinessError(
        say('所选会员不存在或已下架', 'The chosen membership does not exist or is no longer sold'),
      );
    const unit = c.prices.get(day);
    if (unit === undefined) {
      const offered = [...c.prices.keys()].sort((a, b) => a - b).join('、');
      throw new BusinessError(
        say(
          `${c.name}不支持 ${day} 天，可选时长：${offered} 天`,
          `This membership is not sold for ${day} days; available: ${offered.replaceAll('、', ', ')} days`,
        ),
      );
    }
    const seats = c.perSeat ? count : 1;
    items.push({
      commodityId: c.id,
      name: c.name,
      isVip: c.isVip === 1 ? 1 : 0,
      day,
      count: seats,
      unitPriceFen: unit,
      subtotalFen: unit * seats,
    });
  }
  // Catalogue order (免豆会员 first), whatever order the ids came in.
  const rank = new Map(catalog.map((c, i) => [c.id, i]));
  items.sort((a, b) => (rank.get(a.commodityId) ?? 0) - (rank.get(b.commodityId) ?? 0));
  return { day, count, items, listFen: items.reduce((s, i) => s + i.subtotalFen, 0) };
}

export interface Deduction {
  maxDeductionFen: number;
  beansNeeded: number;
  beansUsed: number;
  deductionFen: number;
  amountFen: number;
  enough: boolean;
}

/**
 * What beans take off `listFen`: at most BEANS_DEDUCTION_CAP_PERCENT of it, in whole beans of
 * FEN_PER_BEAN; a balance short of that uses what it has.
 */
export function deduction(listFen: number, balance: number, useBeans = true): Deduction {
  const beansNeeded = Math.floor((listFen * BEANS_DEDUCTION_CAP_PERCENT) / (PERCENT * FEN_PER_BEAN));
  const maxDeductionFen = beansNeeded * FEN_PER_BEAN;
  const beansUsed = useBeans ? Math.max(0, Math.min(balance, beansNeeded)) : 0;
  const deductionFen = beansUsed * FEN_PER_BEAN;
  return {
    maxDeductionFen,
    beansNeeded,
    beansUsed,
    deductionFen,
    amountFen: listFen - deductionFen,
    enough: balance >= beansNeeded,
  };
}

/** Price per day, rounded to the fen. */
export function perDay(priceFen: number, day: number): number {
  return day > 0 ? Math.round(priceFen / day) : 0;
}

/** Beans a paid order earns: BEANS_PER_PAID_YUAN per whole yuan paid. */
export function purchaseReward(amountFen: number): number {
  return Math.floor(amountFen / FEN_PER_YUAN) * BEANS_PER_PAID_YUAN;
}
