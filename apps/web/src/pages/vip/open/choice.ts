/**
 * The buyer's choice on /vipopen, kept in the URL (`ids`, `day`, `count`, `beans`) like every
 * screen's state: a reload, a shared link and the way back from the login site restore it.
 * Pure functions over the search parameters and what getBuyVIPInfo offers.
 */
import { type BuyVipInfo, VIP_ENTRY_NAME, VIP_LIMITS, type VipCommodity } from '@steelport/contracts';

export interface Choice {
  ids: number[];
  day: number;
  count: number;
  useBeans: boolean;
}

/** The commodity the badge depends on (the VIP entry): chosen when the URL names none. */
function defaultIds(info: BuyVipInfo): number[] {
  const vip = info.commodities.find((c) => c.isVip === 1 || c.name === VIP_ENTRY_NAME) ?? info.commodities[0];
  return vip ? [vip.id] : [];
}

/**
 * The choice the URL describes, cut to what is on sale: unknown ids dropped, a day without a
 * price replaced by the shortest, seats within 1..seatsMax. `ids` present but empty means the
 * buyer cleared every box; absent means the default (the VIP entry).
 */
export function readChoice(params: URLSearchParams, info: BuyVipInfo): Choice {
  const onSale = new Set(info.commodities.map((c) => c.id));
  const ids = params.has('ids')
    ? [...new Set(params.getAll('ids').map(Number))]
        .filter((id) => onSale.has(id))
        .slice(0, VIP_LIMITS.commoditiesMax)
    : defaultIds(info);
  const day = Number(params.get('day'));
  const count = Math.trunc(Number(params.get('count')));
  return {
    ids,
    day: info.days.includes(day) ? day : (info.days[0] ?? 0),
    count: Number.isFinite(count) ? Math.min(Math.max(count, 1), VIP_LIMITS.seatsMax) : 1,
    useBeans: params.get('beans') === '1',
  };
}

/** The search parameters of `choice` on top of `params` (others, such as `redirect`, stay). */
export function writeChoice(params: URLSearchParams, choice: Choice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('ids');
  if (choice.ids.length === 0) next.set('ids', '');
  for (const id of choice.ids) next.append('ids', String(id));
  next.set('day', String(choice.day));
  if (choice.count > 1) next.set('count', String(choice.count));
  else next.delete('count');
  if (choice.useBeans) next.set('beans', '1');
  else next.delete('beans');
  return next;
}

/** Whether any chosen commodity is priced per seat (the seats input shows then). */
export function needsSeats(commodities: readonly VipCommodity[], ids: readonly number[]): boolean {
  return commodities.some((c) => c.perSeat && ids.includes(c.id));
}

/**
 * What one duration costs for the chosen commodities, for the labels of the duration buttons:
 * the sum of their list prices (per-seat ones times the seats) and of what the duration saves.
 * The amount to pay is always the server's (getBuyVIPPrice, checkDerateCount).
 */
export function durationTotal(
  commodities: readonly VipCommodity[],
  ids: readonly number[],
  day: number,
  count: number,
): { priceFen: number; saveFen: number } | null {
  let priceFen = 0;
  let saveFen = 0;
  for (const commodity of commodities) {
    if (!ids.includes(commodity.id)) continue;
    const option = commodity.prices.find((p) => p.day === day);
    if (!option) return null;
    const seats = commodity.perSeat ? count : 1;
    priceFen += option.priceFen * seats;
    saveFen += option.saveFen * seats;
  }
  return ids.length > 0 ? { priceFen, saveFen } : null;
}
