/**
 * Like for like (method 3.0, issue 34): the index moves only with matched price changes. Over
 * generated markets whose traders each quote a book of items at their own levels and skip days
 * at random, so the day's mix of items changes all the time:
 *
 * 1. every item's price unchanged → the index level never moves, whoever quotes;
 * 2. every item's price following one market factor → the index follows the factor day by day
 *    (within rounding), whichever source prices the day;
 * 3. a thin sample of two traders at different levels, one skipping every other day, does not
 *    jump (the 天津中厚板 case of issue 34: about 7% on method 2.0);
 * 4. a partial recompute, whose first day matches the quotations of the day before its range,
 *    gives the full run's rows and fingerprints.
 *
 * Under method 2.0 (the tonnage-weighted mean of the day's quotes) 1-3 fail: the mean moves
 * with the mix.
 */
import { describe, expect, it } from 'vitest';
import { daysBetween, shiftDay } from '../../dates.ts';
import { Rng } from '../../seed/random.ts';
import { type ComputedDay, computeRange, inputKey, NATIONWIDE, type RangeInputs } from './compute.ts';
import { assembleInputs, type RawInputs } from './inputs.ts';
import { NO_FIGURES, type Sample } from './maths.ts';

const MARKET = '天津';
const FIRST = '2026-01-05';

interface MarketOptions {
  traders: [min: number, max: number];
  /** each trader's chance to skip a whole day */
  skip: number;
  /** the market factor's daily standard deviation (0: every price unchanged) */
  drift: number;
  /** sample warehouses listing at the market factor (the fallback); none: carried */
  listings: boolean;
  days: number;
}

/** A generated market and its factor per day (1 on the first day). */
function market(seed: number, o: MarketOptions): { inputs: RangeInputs; factor: number[] } {
  const rng = new Rng(seed);
  const dates = daysBetween(FIRST, shiftDay(FIRST, o.days - 1));
  const traders = Array.from({ length: rng.int(...o.traders) }, (_, c) =>
    // each trader quotes 2-7 items, at levels up to ~10% apart (gauges, mills, margins)
    Array.from({ length: rng.int(2, 7) }, (_, k) => ({
      item: JSON.stringify([c + 1, k]),
      base: Math.round(380_000 * (1 + rng.normal(0, 0.04))),
      weightKg: rng.int(5, 100) * 10_000,
    })),
  );
  const warehouses = [372_000, 377_000, 381_000];
  const figures = new Map();
  const quotes = new Map<string, Sample[]>();
  const listings = new Map<string, Sample[]>();
  const factor: number[] = [];
  let m = 1;
  dates.forEach((day, d) => {
    if (d > 0) m *= 1 + rng.normal(0, o.drift);
    factor.push(m);
    const key = inputKey(MARKET, 1, day);
    figures.set(key, { ...NO_FIGURES, stockKg: 1_000_000 });
    const todays: Sample[] = [];
    for (const book of traders) {
      if (rng.chance(o.skip)) continue;
      for (const i of book)
        todays.push({ priceFen: Math.round(i.base * m), weightKg: i.weightKg, item: i.item });
    }
    quotes.set(key, todays);
    if (o.listings)
      listings.set(
        key,
        warehouses.map((p, id) => ({ priceFen: Math.round(p * m), weightKg: 1, id: id + 1 })),
      );
  });
  const inputs: RangeInputs = {
    definitions: [{ id: 1, productId: 1, market: MARKET, baseDate: FIRST, basePriceFen: 1 }],
    days: dates,
    figures,
    quotes,
    listings,
    previous: new Map(),
    capacityKg: new Map([
      [MARKET, 2_000_000],
      [NATIONWIDE, 2_000_000],
    ]),
    previousSaturation: new Map(),
    corrections: new Map(),
  };
  return { inputs, factor };
}

const indexDays = (inputs: RangeInputs): ComputedDay[] =>
  computeRange(inputs).days.filter((d) => d.indexId === 1);

describe('like for like: traders skipping days', () => {
  it('keeps the level when no item changes price, however the mix changes', () => {
    let quoted = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { inputs } = market(seed, {
        traders: [2, 6],
        skip: 0.35,
        drift: 0,
        listings: seed % 2 === 0,
        days: 30,
      });
      const days = indexDays(inputs);
      const first = days[0]!.priceFen;
      for (const d of days) expect(d.priceFen, `seed ${seed} ${d.day} (${d.source})`).toBe(first);
      quoted += days.filter((d, i) => i > 0 && d.source === 'quotes').length;
    }
    // most days are priced from matched quotations, not only from the fallbacks
    expect(quoted).toBeGreaterThan(500);
  });

  it('follows the market factor day by day when every item moves with it', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { inputs, factor } = market(seed, {
        traders: [2, 6],
        skip: 0.35,
        drift: 0.01,
        listings: true,
        days: 30,
      });
      const days = indexDays(inputs);
      expect(days).toHaveLength(30);
      for (let i = 1; i < days.length; i++) {
        const [a, b] = [days[i - 1]!, days[i]!];
        const expected = a.priceFen * (factor[i]! / factor[i - 1]!);
        // a fen of chain rounding, a fen of the items' own rounding
        expect(Math.abs(b.priceFen - expected), `seed ${seed} ${b.day} (${b.source})`).toBeLessThanOrEqual(2);
      }
      const level = days[days.length - 1]!.priceFen / days[0]!.priceFen;
      expect(Math.abs(level / (factor[days.length - 1]! / factor[0]!) - 1)).toBeLessThan(1e-4);
    }
  });

  it('moves x% when every item moves x%, whoever skips', () => {
    let tested = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const { inputs } = market(seed, { traders: [3, 6], skip: 0.3, drift: 0, listings: false, days: 2 });
      // every item 2% dearer on the second day
      const key = inputKey(MARKET, 1, inputs.days[1]!);
      const second = inputs.quotes.get(key)!;
      inputs.quotes.set(
        key,
        second.map((s) => ({ ...s, priceFen: Math.round(s.priceFen * 1.02) })),
      );
      const [a, b] = indexDays(inputs);
      // a first day nobody quoted has no index; a second with too few matched items is carried
      if (!a || !b || b.source !== 'quotes') continue;
      tested++;
      expect(Math.abs(b.priceFen - a.priceFen * 1.02), `seed ${seed}`).toBeLessThanOrEqual(2);
    }
    expect(tested).toBeGreaterThan(15);
  });

  it('does not jump when one of two traders at different levels skips every other day', () => {
    const { inputs } = market(7, { traders: [2, 2], skip: 0, drift: 0, listings: true, days: 10 });
    // trader 1 quotes 6 items 7% above trader 2's; trader 1 is away on odd days
    inputs.days.forEach((day, d) => {
      const key = inputKey(MARKET, 1, day);
      const dear = Array.from({ length: 6 }, (_, k) => ({
        priceFen: 400_000 + k * 1000,
        weightKg: 500_000,
        item: `dear ${k}`,
      }));
      const cheap = Array.from({ length: 6 }, (_, k) => ({
        priceFen: 374_000 + k * 1000,
        weightKg: 100_000,
        item: `cheap ${k}`,
      }));
      inputs.quotes.set(key, d % 2 === 1 ? cheap : [...dear, ...cheap]);
    });
    const days = indexDays(inputs);
    expect(new Set(days.map((d) => d.priceFen)).size).toBe(1);
    expect(days.slice(1).every((d) => d.source === 'quotes' && d.sampleCount === 6)).toBe(true);
  });

  it("gives a partial recompute the full run's rows: its first day matches the quotations before the range", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const options: MarketOptions = { traders: [3, 6], skip: 0.3, drift: 0.01, listings: true, days: 12 };
      const full = indexDays(market(seed, options).inputs);
      const { inputs: partial } = market(seed, options);
      const start = 6;
      const stored = full[start - 1]!;
      partial.days = partial.days.slice(start);
      partial.definitions = partial.definitions.map((d) => ({ ...d, basePriceFen: full[0]!.priceFen }));
      partial.previous = new Map([
        [
          1,
          {
            day: stored.day,
            priceFen: stored.priceFen,
            points: stored.points,
            stockKg: stored.stockKg,
            tradingKg: stored.tradingKg,
            packKg: stored.packKg,
          },
        ],
      ]);
      expect(indexDays(partial), `seed ${seed}`).toEqual(full.slice(start));
    }
  });
});

describe('the quotations as the job loads them', () => {
  const raw = (): RawInputs => ({
    from: '2026-01-06',
    to: '2026-01-06',
    definitions: [{ id: 1, productId: 1, market: MARKET, baseDate: '2026-01-01', basePriceFen: 1 }],
    warehouses: [{ id: 1, city: MARKET, market: MARKET, capacityKg: 1, isSample: true, active: true }],
    daily: [],
    quotes: ['2026-01-05', '2026-01-06'].flatMap((day, d) =>
      [1, 2].map((companyId) => ({
        productId: 1,
        city: MARKET,
        day,
        priceFen: 380_000 + d * 1000 + companyId * 100,
        weightKg: 10_000,
        companyId,
        material: 'Q235B',
        spec: '20*2200*L',
        origin: '河钢',
        warehouseName: '',
      })),
    ),
    previous: [
      { indexId: 1, day: '2026-01-05', priceFen: 380_000, points: 1000, stockKg: 0, tradingKg: 0, packKg: 0 },
    ],
    previousSaturation: [],
    corrections: [],
  });

  it("names each trader's item and keeps the previous day's quotations before the range", () => {
    const inputs = assembleInputs(raw(), ['2026-01-06']);
    const before = inputs.quotes.get(inputKey(MARKET, 1, '2026-01-05'))!;
    const today = inputs.quotes.get(inputKey(MARKET, 1, '2026-01-06'))!;
    expect(before).toHaveLength(2);
    // two traders quoting the same spec are two items, each matched with itself only
    expect(new Set(today.map((s) => s.item)).size).toBe(2);
    expect(today.map((s) => s.item).sort()).toEqual(before.map((s) => s.item).sort());
    expect(JSON.parse(today[0]!.item!)).toEqual([1, 1, 'Q235B', '20*2200*L', '河钢', MARKET, '']);
  });

  it('fingerprints the quotations a day was matched with', () => {
    const a = computeRange(assembleInputs(raw(), ['2026-01-06'])).days[0]!;
    const changed = raw();
    changed.quotes[0]!.priceFen += 100;
    const b = computeRange(assembleInputs(changed, ['2026-01-06'])).days[0]!;
    // only the previous day's quote changed (two quotes are too few to price the day either way)
    expect(b.priceFen).toBe(a.priceFen);
    expect(b.inputsFingerprint).not.toBe(a.inputsFingerprint);
  });
});
