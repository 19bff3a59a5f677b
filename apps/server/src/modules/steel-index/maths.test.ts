/** The index maths: weighted mean, outliers, points, every change and ratio, gaps and zeros. */
import { describe, expect, it } from 'vitest';
import { computeRange, inputKey, MIN_QUOTES, type RangeInputs } from './compute.ts';
import {
  computeIndexDay,
  type Figures,
  median,
  NO_FIGURES,
  pointsOf,
  ratioOf,
  removeOutliers,
  roundTo,
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
  it('fills every change and ratio field against the previous day', () => {
    const day = computeIndexDay({
      samples: [{ priceFen: 363600, weightKg: 10_000 }],
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
    })!;
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
      sampleCount: 1,
      removedOutliers: 0,
      inKg: 1,
      outKg: 2,
      dealKg: 3,
    });
  });
  it('carries the previous price on a day without samples and discloses it', () => {
    const day = computeIndexDay({
      samples: [],
      figures: figures({ stockKg: 1 }),
      previous,
      basePriceFen: 360000,
    })!;
    expect(day.priceFen).toBe(360000);
    expect(day.sampleCount).toBe(0);
    expect(day.changeFen).toBe(0);
  });
  it('has no day at all without samples and without a previous day', () => {
    expect(computeIndexDay({ samples: [], figures: NO_FIGURES, previous: null, basePriceFen: 1 })).toBeNull();
  });
  it('has zero changes and null ratios on the first day', () => {
    const day = computeIndexDay({
      samples: [{ priceFen: 350000, weightKg: 1 }],
      figures: figures({ stockKg: 5 }),
      previous: null,
      basePriceFen: 350000,
    })!;
    expect(day).toMatchObject({
      changeFen: 0,
      changeStockKg: 0,
      changeStockRatio: null,
      tradingWeightRatio: null,
    });
  });
});

describe('a range', () => {
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
      [
        inputKey('乐从', 7, '2026-03-02'),
        Array.from({ length: MIN_QUOTES }, () => ({ priceFen: 370000, weightKg: 1000 })),
      ],
    ]),
    warehousePrices: new Map([
      [inputKey('乐从', 7, '2026-03-01'), [{ priceFen: 350000, weightKg: 5 }]],
      [inputKey('乐从', 7, '2026-03-02'), [{ priceFen: 1, weightKg: 5 }]],
      [inputKey('乐从', 7, '2026-03-04'), [{ priceFen: 357000, weightKg: 5 }]],
    ]),
    previous: new Map(),
    capacityKg: new Map([
      ['乐从', 2000],
      ['全国', 2000],
    ]),
    previousSaturation: new Map(),
  });

  it('fixes the base on the first day, prefers quotations, bridges a missing day', () => {
    const { days, basePrices, saturation } = computeRange(base());
    expect(basePrices.get(1)).toBe(350000);
    const lc = days.filter((d) => d.indexId === 1);
    expect(lc.map((d) => [d.day, d.priceFen, d.points])).toEqual([
      ['2026-03-01', 350000, 1000],
      // five quotations outvote the warehouse price
      ['2026-03-02', 370000, 1057.14],
      // 03-03 had no inputs at all: a missing day, and 03-04 compares with 03-02
      ['2026-03-04', 357000, 1020],
    ]);
    expect(lc[2]).toMatchObject({
      changeFen: -13000,
      changeStockKg: 110,
      changeStockRatio: 0.1,
      changePoints: -37.14,
    });
    // 03-02 listed nothing: the 03-04 listing ratio has no meaning
    expect(lc[2]!.tradingWeightRatio).toBeNull();
    expect(lc[1]!.tradingWeightRatio).toBe(-1);
    // the composite is priced from its components
    expect(days.find((d) => d.indexId === 2 && d.day === '2026-03-02')?.priceFen).toBe(370000);
    expect(saturation.filter((s) => s.market === '乐从').map((s) => [s.day, s.ratio, s.changeRatio])).toEqual(
      [
        ['2026-03-01', 0.5, 0],
        ['2026-03-02', 0.55, 0.05],
        ['2026-03-04', 0.605, 0.055],
      ],
    );
  });

  it('is bit-identical when computed again from the same inputs', () => {
    const a = computeRange(base());
    const b = computeRange(base());
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.days.every((d) => /^[0-9a-f]{64}$/.test(d.inputsFingerprint))).toBe(true);
  });
});
