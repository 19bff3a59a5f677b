/**
 * The index maths: weighted mean, outliers, points, every change and ratio, gaps and zeros, and
 * the input hierarchy (quotes, chained, carried) with provisional days.
 */
import { describe, expect, it } from 'vitest';
import { type ComputedDay, computeRange, inputKey, type RangeInputs } from './compute.ts';
import {
  CONFIRM_SAMPLES,
  chainFen,
  computeIndexDay,
  type Figures,
  linkOf,
  median,
  NO_FIGURES,
  type Pricing,
  pointsOf,
  priceDay,
  ratioOf,
  removeOutliers,
  roundTo,
  type Sample,
  weightedMeanFen,
} from './maths.ts';

const figures = (f: Partial<Figures>): Figures => ({ ...NO_FIGURES, ...f });

describe('weighted mean', () => {
  it('weights each price by its tonnage and rounds half up to whole fen', () => {
    // (360000*10t + 362000*30t) / 40t = 361500
    expect(
      weightedMeanFen([
        { priceFen: 360000, weightKg: 10_000 },
        { priceFen: 362000, weightKg: 30_000 },
      ]),
    ).toBe(361500);
    // 100001 and 100002 in equal weight: 100001.5 rounds up
    expect(
      weightedMeanFen([
        { priceFen: 100001, weightKg: 1 },
        { priceFen: 100002, weightKg: 1 },
      ]),
    ).toBe(100002);
  });
  it('counts a quote without tonnage once and gives null for no samples', () => {
    expect(weightedMeanFen([{ priceFen: 350000, weightKg: 0 }])).toBe(350000);
    expect(weightedMeanFen([])).toBeNull();
  });
  it('stays exact where floating point would not (huge tonnages)', () => {
    const s = Array.from({ length: 500 }, (_, i) => ({
      priceFen: 370001 + (i % 7),
      weightKg: 90_000_000 + i,
    }));
    const exact = s.reduce((n, x) => n + BigInt(x.priceFen) * BigInt(x.weightKg), 0n);
    const w = s.reduce((n, x) => n + BigInt(x.weightKg), 0n);
    expect(BigInt(weightedMeanFen(s)!)).toBe((2n * exact + w) / (2n * w));
  });
});

describe('outlier removal (3 robust deviations from the median)', () => {
  it('drops a typo ten times the market and keeps normal spread', () => {
    const prices = [360000, 361000, 359000, 362000, 358000, 3600000];
    const { kept, removed } = removeOutliers(prices.map((p) => ({ priceFen: p, weightKg: 10_000 })));
    expect(removed.map((s) => s.priceFen)).toEqual([3600000]);
    expect(kept).toHaveLength(5);
  });
  it('keeps a 0.3% difference when most quotes are identical (MAD = 0)', () => {
    const s = [360000, 360000, 360000, 360000, 361000].map((p) => ({ priceFen: p, weightKg: 1 }));
    expect(removeOutliers(s).removed).toHaveLength(0);
  });
  it('drops 电议 (price 0) and does not judge fewer than three quotes', () => {
    const { kept, removed } = removeOutliers([
      { priceFen: 0, weightKg: 5 },
      { priceFen: 360000, weightKg: 5 },
      { priceFen: 900000, weightKg: 5 },
    ]);
    expect(kept.map((s) => s.priceFen)).toEqual([360000, 900000]);
    expect(removed).toEqual([]);
    expect(median([3, 1, 2, 4])).toBe(2.5);
  });
});

describe('points and ratios', () => {
  it('gives 1000 on the base price and two decimals otherwise', () => {
    expect(pointsOf(350000, 350000)).toBe(1000);
    expect(pointsOf(357000, 350000)).toBe(1020);
    expect(pointsOf(350123, 350000)).toBe(1000.35);
    expect(() => pointsOf(1, 0)).toThrow();
  });
  it('gives null instead of dividing by zero or by a missing day', () => {
    expect(ratioOf(500, 0)).toBeNull();
    expect(ratioOf(500, null)).toBeNull();
    expect(ratioOf(-250, 10_000)).toBe(-0.025);
    expect(roundTo(1.005, 2)).toBe(1.01);
  });
});

describe('an index day', () => {
  const previous = {
    day: '2026-03-01',
    priceFen: 360000,
    points: 1000,
    stockKg: 100_000_000,
    tradingKg: 0,
    packKg: 4_000_000,
  };
  const quoted = (priceFen: number, sampleCount = 12): Pricing => ({
    priceFen,
    source: 'quotes',
    sampleCount,
    outlierCount: 0,
  });
  it('fills every change and ratio field against the previous day', () => {
    const day = computeIndexDay({
      pricing: quoted(363600),
      figures: figures({
        stockKg: 98_000_000,
        tradingKg: 25_000_000,
        packKg: 5_000_000,
        inKg: 1,
        outKg: 2,
        dealKg: 3,
      }),
      previous,
      basePriceFen: 360000,
    });
    expect(day).toMatchObject({
      priceFen: 363600,
      points: 1010,
      changeFen: 3600,
      changePoints: 10,
      changeStockKg: -2_000_000,
      changeStockRatio: -0.02,
      changeTradingKg: 25_000_000,
      // the previous day had nothing listed: no ratio, not Infinity
      tradingWeightRatio: null,
      changePackKg: 1_000_000,
      changePackRatio: 0.25,
      source: 'quotes',
      sampleCount: 12,
      removedOutliers: 0,
      provisional: false,
      inKg: 1,
      outKg: 2,
      dealKg: 3,
    });
  });
  it('has zero changes and null ratios on the first day', () => {
    const day = computeIndexDay({
      pricing: quoted(350000),
      figures: figures({ stockKg: 5 }),
      previous: null,
      basePriceFen: 350000,
    });
    expect(day).toMatchObject({
      changeFen: 0,
      changeStockKg: 0,
      changeStockRatio: null,
      tradingWeightRatio: null,
    });
  });
  it('is provisional when it moves more than 3% on fewer than 10 samples', () => {
    const day = (priceFen: number, samples: number) =>
      computeIndexDay({ pricing: quoted(priceFen, samples), figures: NO_FIGURES, previous, basePriceFen: 1 });
    // +3.1% on 9 quotations: a handful of quotes is as likely an accident as a market move
    expect(day(371160, 9).provisional).toBe(true);
    // the same move on 10 quotations, or 2.9% on 9, is published as final
    expect(day(371160, 10).provisional).toBe(false);
    expect(day(370440, 9).provisional).toBe(false);
  });
});

const q = (...prices: number[]): Sample[] => prices.map((p) => ({ priceFen: p, weightKg: 10_000 }));
/** One trader's quotes of items a1, a2, a3... in that order (the same item on every day). */
const items = (...prices: number[]): Sample[] =>
  prices.map((p, i) => ({ priceFen: p, weightKg: 10_000 * (i + 1), item: `a${i + 1}` }));
/** Listings of warehouses 1, 2, 3... in that order. */
const listed = (...prices: number[]): Sample[] =>
  prices.map((p, i) => ({ priceFen: p, weightKg: 1, id: i + 1 }));

describe('the input hierarchy', () => {
  it('prices a day by the change of the items quoted on both days, chained onto the previous price', () => {
    const day = priceDay({
      // a1..a5 moved +1% in sum; a6 is quoted only today: its level does not count
      quotes: items(383800, 384810, 382790, 383800, 383800, 386000),
      quotesBefore: items(380000, 381000, 379000, 380000, 380000),
      listings: listed(350000, 352000),
      listingsBefore: listed(340000, 342000),
      previousFen: 370000,
    });
    // (383800 + 384810 + 382790 + 383800 + 383800) / (380000 + ... + 380000) = 1.01
    expect(day).toEqual({ priceFen: 373700, source: 'quotes', sampleCount: 5, outlierCount: 0 });
  });

  it("starts an index's first day with enough quotations at their trimmed, tonnage-weighted mean", () => {
    expect(
      priceDay({
        quotes: q(380000, 381000, 379000, 380000, 380000),
        quotesBefore: [],
        listings: listed(350000, 352000),
        listingsBefore: [],
        previousFen: null,
      }),
    ).toEqual({ priceFen: 380000, source: 'quotes', sampleCount: 5, outlierCount: 0 });
  });

  it('matches an item only with itself: another trader, or a trader skipping a day, does not link', () => {
    const other = (s: Sample[]) => s.map((x) => ({ ...x, item: `b${x.item}` }));
    // the same prices under other items (another trader's) match nothing
    const day = priceDay({
      quotes: other(items(380000, 380000, 380000, 380000, 380000)),
      quotesBefore: items(380000, 380000, 380000, 380000, 380000),
      listings: [],
      listingsBefore: [],
      previousFen: 370000,
    });
    expect(day).toEqual({ priceFen: 370000, source: 'carried', sampleCount: 0, outlierCount: 0 });
  });

  it('chains a day with too few matched quotations: the previous price moved by the listings change, never their level', () => {
    const day = priceDay({
      // four matched items are too few, whatever their level or change; unnamed quotes match nothing
      quotes: [...items(400000, 400000, 400000, 400000), ...q(410000, 410000)],
      quotesBefore: items(380000, 380000, 380000, 380000),
      listings: listed(353500, 355520),
      listingsBefore: listed(350000, 352000),
      previousFen: 360000,
    });
    // the listings rose (353500 + 355520) / (350000 + 352000) = +1.0%: so does the index
    expect(day).toEqual({ priceFen: 363600, source: 'chained', sampleCount: 2, outlierCount: 0 });
    expect(day?.priceFen).not.toBe(weightedMeanFen(listed(353500, 355520)));
  });

  it('matches each warehouse with its own listing of the day before', () => {
    // warehouse 3 lists only today, warehouse 1 only yesterday: only warehouse 2 links the days
    const link = linkOf(
      [
        { priceFen: 352000, weightKg: 1, id: 2 },
        { priceFen: 300000, weightKg: 1, id: 3 },
      ],
      [
        { priceFen: 400000, weightKg: 1, id: 1 },
        { priceFen: 350000, weightKg: 1, id: 2 },
      ],
    );
    expect(link).toEqual({ now: 352000n, before: 350000n, matched: 1, removed: 0 });
    expect(chainFen(360000, link!)).toBe(362057);
  });

  it('carries the previous price when there is nothing to chain with', () => {
    const day = priceDay({
      quotes: q(390000),
      quotesBefore: [],
      listings: [],
      listingsBefore: listed(350000),
      previousFen: 360000,
    });
    expect(day).toEqual({ priceFen: 360000, source: 'carried', sampleCount: 0, outlierCount: 0 });
    // listings without the same warehouses the day before do not link either
    expect(
      priceDay({
        quotes: [],
        quotesBefore: [],
        listings: listed(350000),
        listingsBefore: [],
        previousFen: 360000,
      })?.source,
    ).toBe('carried');
  });

  it("starts an index's first day without quotations at the listings' level, and has no day without any price", () => {
    expect(
      priceDay({
        quotes: q(390000),
        quotesBefore: [],
        listings: listed(350000, 352000),
        listingsBefore: [],
        previousFen: null,
      }),
    ).toEqual({ priceFen: 351000, source: 'chained', sampleCount: 2, outlierCount: 0 });
    expect(
      priceDay({ quotes: q(390000), quotesBefore: [], listings: [], listingsBefore: [], previousFen: null }),
    ).toMatchObject({
      priceFen: 390000,
      source: 'quotes',
      sampleCount: 1,
    });
    expect(
      priceDay({ quotes: [], quotesBefore: [], listings: [], listingsBefore: [], previousFen: null }),
    ).toBeNull();
  });

  it('drops an outlier quotation and counts the matched items that remain towards the minimum', () => {
    const before = items(380000, 381000, 379000, 380000, 380000, 380000);
    // a6 gained a digit today: an outlier among the day's quotes, left out of the link
    const typo = items(380000, 381000, 379000, 380000, 380000, 3_800_000);
    expect(
      priceDay({ quotes: typo, quotesBefore: before, listings: [], listingsBefore: [], previousFen: 370000 }),
    ).toEqual({ priceFen: 370000, source: 'quotes', sampleCount: 5, outlierCount: 1 });
    // five matched quotations with one typo are four: too few, the day is chained
    const thin = priceDay({
      quotes: items(380000, 381000, 379000, 380000, 3_800_000),
      quotesBefore: before,
      listings: listed(353500, 355520),
      listingsBefore: listed(350000, 352000),
      previousFen: 360000,
    });
    expect(thin).toMatchObject({ source: 'chained', priceFen: 363600 });
  });

  it("leaves an item whose change is an outlier among the others' out of the link", () => {
    // levels 360000..410000 (gauges, mills): a1 jumping to 395000 is no outlier among today's
    // levels, but +9.7% when the others did not move is
    const day = priceDay({
      quotes: items(395000, 370000, 380000, 390000, 400000, 410000),
      quotesBefore: items(360000, 370000, 380000, 390000, 400000, 410000),
      listings: [],
      listingsBefore: [],
      previousFen: 370000,
    });
    expect(day).toEqual({ priceFen: 370000, source: 'quotes', sampleCount: 5, outlierCount: 1 });
  });

  it('leaves a warehouse whose listing change is a typo out of the link, but keeps normal noise', () => {
    const before = listed(350000, 352000, 351000, 349000);
    // warehouse 4 lost a digit today (-90%); the others rose about 1%, one by 2.5%
    const day = priceDay({
      quotes: [],
      quotesBefore: [],
      listings: listed(353500, 355520, 359800, 34900),
      listingsBefore: before,
      previousFen: 360000,
    });
    const expected = chainFen(360000, {
      now: 353500n + 355520n + 359800n,
      before: 350000n + 352000n + 351000n,
    });
    expect(day).toEqual({ priceFen: expected, source: 'chained', sampleCount: 3, outlierCount: 1 });
  });
});

describe('a range', () => {
  /** `count` traders' quotes of one item each, all at `priceFen`. */
  const books = (count: number, priceFen: number): Sample[] =>
    Array.from({ length: count }, (_, i) => ({ priceFen, weightKg: 1000, item: `trader ${i}` }));
  const base = (): RangeInputs => ({
    definitions: [
      { id: 1, productId: 7, market: '乐从', baseDate: '2026-03-01', basePriceFen: 1 },
      { id: 2, productId: null, market: '全国', baseDate: '2026-03-01', basePriceFen: 1 },
    ],
    days: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'],
    figures: new Map([
      [inputKey('乐从', 7, '2026-03-01'), figures({ stockKg: 1000, tradingKg: 100 })],
      [inputKey('乐从', 7, '2026-03-02'), figures({ stockKg: 1100, tradingKg: 0 })],
      // 03-03 missing entirely: no inputs that day
      [inputKey('乐从', 7, '2026-03-04'), figures({ stockKg: 1210, tradingKg: 50 })],
    ]),
    quotes: new Map([
      // the same items both days, at the listings' level on the first
      [inputKey('乐从', 7, '2026-03-01'), books(CONFIRM_SAMPLES, 350000)],
      // enough to publish a 5.7% move as final
      [inputKey('乐从', 7, '2026-03-02'), books(CONFIRM_SAMPLES, 370000)],
    ]),
    listings: new Map([
      [inputKey('乐从', 7, '2026-03-01'), listed(350000)],
      [inputKey('乐从', 7, '2026-03-02'), listed(352000)],
      [inputKey('乐从', 7, '2026-03-04'), listed(357280)],
    ]),
    previous: new Map(),
    capacityKg: new Map([
      ['乐从', 2000],
      ['全国', 2000],
    ]),
    previousSaturation: new Map(),
    corrections: new Map(),
  });

  it('fixes the base on the first day, prefers matched quotations, chains across a missing day', () => {
    const { days, basePrices, saturation } = computeRange(base());
    expect(basePrices.get(1)).toBe(350000);
    const lc = days.filter((d) => d.indexId === 1);
    expect(lc.map((d) => [d.day, d.priceFen, d.points, d.source, d.provisional])).toEqual([
      // ten quotations on the first day: it starts at their level
      ['2026-03-01', 350000, 1000, 'quotes', false],
      // the same ten items +5.7% outvote the warehouse's +0.57%
      ['2026-03-02', 370000, 1057.14, 'quotes', false],
      // 03-03 had no inputs at all: a missing day; 03-04 moves from 03-02 by the listings' +1.5%
      ['2026-03-04', 375550, 1073, 'chained', true],
    ]);
    expect(lc[2]).toMatchObject({
      changeFen: 5550,
      changeStockKg: 110,
      changeStockRatio: 0.1,
      changePoints: 15.86,
      sampleCount: 1,
    });
    // 03-02 listed nothing: the 03-04 listing ratio has no meaning
    expect(lc[2]!.tradingWeightRatio).toBeNull();
    expect(lc[1]!.tradingWeightRatio).toBe(-1);
    // the composite is priced from its components and discloses them
    expect(days.find((d) => d.indexId === 2 && d.day === '2026-03-02')).toMatchObject({
      priceFen: 370000,
      source: 'quotes',
      sampleCount: CONFIRM_SAMPLES,
      provisional: false,
    });
    expect(days.find((d) => d.indexId === 2 && d.day === '2026-03-04')).toMatchObject({
      source: 'chained',
      provisional: true,
    });
    expect(saturation.filter((s) => s.market === '乐从').map((s) => [s.day, s.ratio, s.changeRatio])).toEqual(
      [
        ['2026-03-01', 0.5, 0],
        ['2026-03-02', 0.55, 0.05],
        ['2026-03-04', 0.605, 0.055],
      ],
    );
  });

  it('switches sources without a jump: quotes 6% above the listings never pull the index to their level', () => {
    const inputs = base();
    inputs.days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    inputs.figures.set(inputKey('乐从', 7, '2026-03-03'), figures({ stockKg: 1000 }));
    inputs.quotes.set(inputKey('乐从', 7, '2026-03-01'), books(5, 370000));
    inputs.quotes.set(inputKey('乐从', 7, '2026-03-02'), books(2, 371000));
    inputs.quotes.set(inputKey('乐从', 7, '2026-03-03'), books(5, 372000));
    inputs.quotes.set(inputKey('乐从', 7, '2026-03-04'), books(5, 373000));
    inputs.listings.set(inputKey('乐从', 7, '2026-03-03'), listed(353000));
    inputs.listings.set(inputKey('乐从', 7, '2026-03-04'), listed(353000));
    const lc = computeRange(inputs).days.filter((d) => d.indexId === 1);
    expect(lc.map((d) => [d.priceFen, d.source, d.sampleCount])).toEqual([
      // the first day starts at the quotes' level
      [370000, 'quotes', 5],
      // two quotes: listings 350000 -> 352000 (+0.57%): 370000 -> 372114, not 352000
      [372114, 'chained', 1],
      // five quotes again, but only two were quoted the day before: still the listings' +0.28%
      // (372114 x 353000 / 352000), not the quotes' 372000
      [373171, 'chained', 1],
      // five items quoted on both days: their +0.27% (373171 x 373000 / 372000)
      [374174, 'quotes', 5],
    ]);
  });

  it('confirms a provisional day when a later run has enough quotations for it', () => {
    const thin = base();
    thin.quotes.set(inputKey('乐从', 7, '2026-03-02'), q(370000, 370000));
    const first = computeRange(thin).days.find((d) => d.indexId === 1 && d.day === '2026-03-02');
    expect(first).toMatchObject({ source: 'chained', provisional: true, priceFen: 352000 });
    // late quotations for 03-02 arrive; the next run recomputes the day
    const late = computeRange(base()).days.find((d) => d.indexId === 1 && d.day === '2026-03-02');
    expect(late).toMatchObject({ source: 'quotes', provisional: false, priceFen: 370000 });
  });

  it('chains the next day from the corrected price and marks the corrected day', () => {
    const inputs = base();
    inputs.corrections.set('1|2026-03-02', { priceFen: 360000, changeFen: 10000 });
    const lc = computeRange(inputs).days.filter((d) => d.indexId === 1);
    expect(lc[1]).toMatchObject({ priceFen: 360000, changeFen: 10000, corrected: true });
    // 360000 x 357280 / 352000 = 365400, compared with the published 360000
    expect(lc[2]).toMatchObject({ priceFen: 365400, changeFen: 5400, corrected: false });
  });

  it('computes a corrected day from the corrected inputs: points, change and ratios follow', () => {
    const inputs = base();
    inputs.corrections.set('1|2026-03-02', { priceFen: 360000, stockKg: 1320 });
    const lc = computeRange(inputs).days.filter((d) => d.indexId === 1);
    // base 350000 = 1000 points; the day is computed from 360000 and a stock of 1320
    expect(lc[1]).toMatchObject({
      priceFen: 360000,
      points: 1028.57,
      changeFen: 10000,
      changePoints: 28.57,
      stockKg: 1320,
      changeStockKg: 320,
      changeStockRatio: 0.32,
      corrected: true,
    });
    // the next day changes against the corrected stock too
    expect(lc[2]).toMatchObject({ changeStockKg: 1210 - 1320, corrected: false });
    // the correction is an input: the corrected day's fingerprint differs, the others' do not
    const plain = computeRange(base()).days.filter((d) => d.indexId === 1);
    expect(lc[1]!.inputsFingerprint).not.toBe(plain[1]!.inputsFingerprint);
    expect(lc[0]!.inputsFingerprint).toBe(plain[0]!.inputsFingerprint);
  });

  it('is bit-identical when computed again from the same inputs', () => {
    const a = computeRange(base());
    const b = computeRange(base());
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.days.every((d) => /^[0-9a-f]{64}$/.test(d.inputsFingerprint))).toBe(true);
  });

  it('gives a partial recompute the same rows and fingerprints as the full one', () => {
    const full = computeRange(base()).days;
    const stored = (indexId: number, day: string): ComputedDay => {
      const row = full.find((d) => d.indexId === indexId && d.day === day);
      if (!row) throw new Error(`no ${indexId} ${day}`);
      return row;
    };
    // as the job loads them: the latest stored day of each index before the range, as a row
    // of the table (with its index id), and the listings of that day
    const partial = base();
    partial.days = ['2026-03-03', '2026-03-04'];
    partial.previous = new Map(
      [1, 2].map((id) => {
        const r = stored(id, '2026-03-02');
        return [
          id,
          {
            indexId: id,
            day: r.day,
            priceFen: r.priceFen,
            points: r.points,
            stockKg: r.stockKg,
            tradingKg: r.tradingKg,
            packKg: r.packKg,
          },
        ];
      }),
    );
    partial.previousSaturation = new Map([
      ['乐从', 0.55],
      ['全国', 0.55],
    ]);
    partial.definitions = partial.definitions.map((d) => ({ ...d, basePriceFen: 350000 }));
    const again = computeRange(partial).days;
    expect(again).toEqual(full.filter((d) => d.day >= '2026-03-03'));
  });
});
