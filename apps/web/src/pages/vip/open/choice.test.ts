import type { BuyVipInfo, VipCommodity } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { durationTotal, needsSeats, readChoice, writeChoice } from './choice.ts';

const commodity = (id: number, name: string, perSeat = false, isVip: 0 | 1 = 0): VipCommodity => ({
  id,
  name,
  isVip,
  description: '',
  benefits: [],
  perSeat,
  prices: [
    { day: 30, priceFen: 3000 * id, perDayFen: 100 * id, saveFen: 0 },
    { day: 365, priceFen: 30000 * id, perDayFen: 82 * id, saveFen: 6500 * id },
  ],
});

const info: BuyVipInfo = {
  commodities: [commodity(2, '数据会员'), commodity(1, '免豆会员', false, 1), commodity(3, '企业会员', true)],
  payMethods: [{ method: 'sandbox', scenes: ['desktop', 'phone'] }],
  days: [30, 365],
  beans: { fenPerBean: 10, capPercent: 20, balance: 0, useBeans: false },
  payTimeoutSeconds: 900,
};

describe('readChoice', () => {
  it('chooses 免豆会员 for the shortest duration when the URL says nothing', () => {
    expect(readChoice(new URLSearchParams(), info)).toEqual({ ids: [1], day: 30, count: 1, useBeans: false });
  });

  it('keeps what the URL chose and drops what is not on sale', () => {
    const params = new URLSearchParams('ids=2&ids=3&ids=99&ids=2&day=365&count=4&beans=1');
    expect(readChoice(params, info)).toEqual({ ids: [2, 3], day: 365, count: 4, useBeans: true });
  });

  it('bounds the seats and replaces a duration without a price', () => {
    expect(readChoice(new URLSearchParams('day=31&count=999'), info)).toMatchObject({ day: 30, count: 50 });
    expect(readChoice(new URLSearchParams('count=-3'), info).count).toBe(1);
    expect(readChoice(new URLSearchParams('count=abc'), info).count).toBe(1);
  });

  it('reads an emptied selection as empty, not as the default', () => {
    expect(readChoice(new URLSearchParams('ids='), info).ids).toEqual([]);
  });
});

describe('writeChoice', () => {
  it('round-trips and keeps other parameters such as redirect', () => {
    const params = new URLSearchParams('redirect=%2FexponentMain');
    const next = writeChoice(params, { ids: [1, 3], day: 365, count: 2, useBeans: true });
    expect(next.get('redirect')).toBe('/exponentMain');
    expect(readChoice(next, info)).toEqual({ ids: [1, 3], day: 365, count: 2, useBeans: true });
    const cleared = writeChoice(next, { ids: [], day: 30, count: 1, useBeans: false });
    expect(readChoice(cleared, info)).toEqual({ ids: [], day: 30, count: 1, useBeans: false });
    expect(cleared.has('beans')).toBe(false);
    expect(cleared.has('count')).toBe(false);
  });
});

describe('durationTotal and needsSeats', () => {
  it('adds the chosen list prices, per-seat ones times the seats', () => {
    expect(durationTotal(info.commodities, [1, 3], 30, 2)).toEqual({ priceFen: 3000 + 9000 * 2, saveFen: 0 });
    expect(durationTotal(info.commodities, [1], 365, 5)).toEqual({ priceFen: 30000, saveFen: 6500 });
    expect(durationTotal(info.commodities, [], 30, 1)).toBeNull();
    expect(durationTotal(info.commodities, [1], 90, 1)).toBeNull();
  });

  it('asks for seats only when a per-seat commodity is chosen', () => {
    expect(needsSeats(info.commodities, [1, 2])).toBe(false);
    expect(needsSeats(info.commodities, [3])).toBe(true);
  });
});
