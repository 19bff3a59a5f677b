/**
 * Continuity of the index (issues 10 and 34), as properties over the two-year demo history of
 * all 12 demo indexes (computed in memory from the seed's own generators, see
 * seed/index-inputs.ts) and over generated series whose quotations sit 7% above the warehouse
 * listings, come from a pool of items quoted at random (so the mix changes daily) and cross the
 * minimum count at random:
 *
 * 1. no day-over-day change beyond PROVISIONAL_CHANGE is reverted by more than half the next day
 *    unless the day is provisional or corrected;
 * 2. every day moves only as far as its own source moved (method 3.0: every source is a change,
 *    never a level): a chained day exactly as the same warehouses' listings, a carried day not at
 *    all, a quoted day within the changes of the items quoted on both days (a ratio of sums is a
 *    mean of the pairs' changes). So a switch of source never moves the level by the gap between
 *    the sources, and a day back on quotations after days without them does not jump to their
 *    level: it has no items matched with the day before and is chained.
 *
 * Only an index's first day is a level (its quotations' mean, else its listings').
 */
import { describe, expect, it } from 'vitest';
import { daysBetween, shiftDay } from '../../dates.ts';
import { DEFAULT_QUOTATION_DAYS } from '../../seed/index.ts';
import { demoIndexInputs } from '../../seed/index-inputs.ts';
import { Rng } from '../../seed/random.ts';
import {
  assembleInputs,
  type ComputedDay,
  computeRange,
  inputKey,
  NATIONWIDE,
  type RangeInputs,
} from './compute.ts';
import { MIN_QUOTES, NO_FIGURES, PROVISIONAL_CHANGE, type Sample } from './maths.ts';

/** One index's days in order. */
function byIndex(days: ComputedDay[]): Map<number, ComputedDay[]> {
  const out = new Map<number, ComputedDay[]>();
  for (const d of days) {
    const list = out.get(d.indexId);
    if (list) list.push(d);
    else out.set(d.indexId, [d]);
  }
  return out;
}

/**
 * The listings' own change between two days over the warehouses that listed on both (equal
 * weights), computed here independently of maths.ts. Null when none did.
 */
function listingsChange(today: Sample[], before: Sample[]): number | null {
  const was = new Map(before.map((s) => [s.id, s.priceFen]));
  let now = 0;
  let then = 0;
  for (const s of today) {
    const b = was.get(s.id);
    if (b === undefined) continue;
    now += s.priceFen;
    then += b;
  }
  return then > 0 ? now / then - 1 : null;
}

/**
 * The lowest and highest change among the items quoted on both days (no outlier dropped: the
 * link's kept pairs are some of these), computed here independently of maths.ts. Null when no
 * item was quoted on both days.
 */
function itemChanges(today: Sample[], before: Sample[]): [low: number, high: number] | null {
  const was = new Map(before.map((s) => [s.item, s.priceFen]));
  const changes = today.flatMap((s) => {
    const b = was.get(s.item);
    return s.item === undefined || b === undefined ? [] : [s.priceFen / b - 1];
  });
  return changes.length > 0 ? [Math.min(...changes), Math.max(...changes)] : null;
}

/** Checks the two properties over computed days; the breaches, empty when they hold. */
function check(inputs: RangeInputs, days: ComputedDay[]): string[] {
  const markets = [...inputs.capacityKg.keys()].filter((m) => m !== NATIONWIDE);
  const found: string[] = [];
  for (const [id, list] of byIndex(days)) {
    const def = inputs.definitions.find((d) => d.id === id);
    if (!def) throw new Error(`no definition ${id}`);
    const covered = def.market === NATIONWIDE ? markets : [def.market];
    const samples = (map: Map<string, Sample[]>, day: string) =>
      covered.flatMap((m) => map.get(inputKey(m, def.productId, day)) ?? []);
    for (let i = 1; i < list.length; i++) {
      const [prev, day, next] = [list[i - 1], list[i], list[i + 1]] as [
        ComputedDay,
        ComputedDay,
        ComputedDay?,
      ];
      const move = day.priceFen - prev.priceFen;
      const at = `index ${id} ${day.day} (${prev.source} -> ${day.source}, ${prev.priceFen} -> ${day.priceFen})`;
      // 1. a large move that reverts by more than half the next day is provisional or corrected
      if (next && Math.abs(move) > PROVISIONAL_CHANGE * prev.priceFen) {
        const back = next.priceFen - day.priceFen;
        const reverts = Math.sign(back) === -Math.sign(move) && Math.abs(back) > Math.abs(move) / 2;
        if (reverts && !day.provisional && !day.corrected) found.push(`reverted jump on ${at}`);
      }
      // 2. a day moves no further than its own source (checked on every day, a switch or not)
      if (def.productId === null) continue;
      if (day.source === 'carried' && move !== 0) found.push(`carried day moved on ${at}`);
      if (day.source === 'chained') {
        const own = listingsChange(samples(inputs.listings, day.day), samples(inputs.listings, prev.day));
        // one fen of rounding
        if (own === null || Math.abs(move) > Math.abs(own) * prev.priceFen + 1)
          found.push(`chained move beyond the listings' own change (${own}) on ${at}`);
      }
      if (day.source === 'quotes') {
        const own = itemChanges(samples(inputs.quotes, day.day), samples(inputs.quotes, prev.day));
        if (own === null || move < own[0] * prev.priceFen - 1 || move > own[1] * prev.priceFen + 1)
          found.push(`quoted move outside the matched items' changes (${own}) on ${at}`);
      }
    }
  }
  return found;
}

describe('the demo history', () => {
  const NOW = new Date('2026-11-23T00:00:00+08:00');
  const raw = demoIndexInputs({ now: NOW });
  const inputs = assembleInputs(raw, daysBetween(raw.from, raw.to));
  const { days } = computeRange(inputs);

  it('has all 12 indexes over two years', () => {
    const indexes = byIndex(days);
    expect(indexes.size).toBe(12);
    for (const list of indexes.values()) expect(list).toHaveLength(731);
  });

  it('keeps both continuity properties on every index', () => {
    expect(check(inputs, days)).toEqual([]);
  });

  it('marks every day below the top of the hierarchy provisional, and prices the quoted months from matched quotations', () => {
    for (const d of days)
      if (d.source !== 'quotes') expect(d.provisional, `${d.indexId} ${d.day}`).toBe(true);
    const firstQuoted = shiftDay(raw.to, -(DEFAULT_QUOTATION_DAYS - 1));
    const quoted = days.filter((d) => d.source === 'quotes');
    // DEFAULT_QUOTATION_DAYS (60) days of quotations in the demo; the first has nothing quoted
    // the day before to match, so it is chained like the two years before it
    expect(quoted.length).toBeGreaterThan(600);
    expect(quoted.every((d) => d.day > firstQuoted && d.sampleCount >= MIN_QUOTES)).toBe(true);
    expect(days.filter((d) => d.day === firstQuoted).every((d) => d.source === 'chained')).toBe(true);
  });
});

/**
 * A generated market: a random walk; quotations `gap` above the walk from a pool of twelve
 * items (traders' items at their own levels, with a little noise of their own), of which a
 * random share quotes each day (so the matched count crosses the minimum often and the mix
 * changes daily), now and then with a typo; three warehouses listing at the
 * walk with their own noise, one of them missing some days; now and then a day without any price.
 */
function generatedSeries(seed: number, days: number, gap: number): RangeInputs {
  const rng = new Rng(seed);
  const dates = daysBetween('2025-01-01', shiftDay('2025-01-01', days - 1));
  const figures = new Map();
  const quotes = new Map<string, Sample[]>();
  const listings = new Map<string, Sample[]>();
  const pool = Array.from({ length: 12 }, (_, i) => ({ item: `item ${i}`, offset: rng.normal(0, 0.01) }));
  let level = rng.range(3000, 4500) * 100;
  for (const day of dates) {
    level = Math.round(level * (1 + rng.normal(0, 0.006)));
    const key = inputKey('乐从', 1, day);
    figures.set(key, { ...NO_FIGURES, stockKg: rng.int(900, 1100) * 1000 });
    if (rng.chance(0.03)) continue;
    // each item quotes with the day's share: about MIN_QUOTES of them matched with the day before
    const share = rng.range(0.3, 1);
    const todays: Sample[] = [];
    for (const { item, offset } of pool.filter(() => rng.chance(share))) {
      const price = Math.round((level * (1 + gap + offset + rng.normal(0, 0.002))) / 1000) * 1000;
      todays.push({
        priceFen: rng.chance(0.02) ? price * 10 : price,
        weightKg: rng.int(5, 100) * 10_000,
        item,
      });
    }
    quotes.set(key, todays);
    const listed: Sample[] = [];
    for (let id = 1; id <= 3; id++) {
      if (id === 3 && rng.chance(0.2)) continue;
      listed.push({
        priceFen: Math.round((level * (1 + rng.normal(0, 0.004))) / 1000) * 1000,
        weightKg: 1,
        id,
      });
    }
    listings.set(key, listed);
  }
  return {
    definitions: [{ id: 1, productId: 1, market: '乐从', baseDate: dates[0] as string, basePriceFen: 1 }],
    days: dates,
    figures,
    quotes,
    listings,
    previous: new Map(),
    capacityKg: new Map([
      ['乐从', 2_000_000],
      [NATIONWIDE, 2_000_000],
    ]),
    previousSaturation: new Map(),
    corrections: new Map(),
  };
}

describe('generated series', () => {
  it('keep both continuity properties with quotations 7% above the listings', () => {
    let switches = 0;
    const switchMoves: number[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const inputs = generatedSeries(seed, 250, 0.07);
      const { days } = computeRange(inputs);
      expect(check(inputs, days), `seed ${seed}`).toEqual([]);
      for (let i = 1; i < days.length; i++) {
        const [a, b] = [days[i - 1] as ComputedDay, days[i] as ComputedDay];
        if (a.source === b.source) continue;
        switches++;
        switchMoves.push(Math.abs(b.priceFen / a.priceFen - 1));
      }
    }
    // the series switch source often, and a switch moves the index about as much as the
    // market moves in a day (0.6%), nowhere near the 7% between the two sources
    expect(switches).toBeGreaterThan(3000);
    expect(switchMoves.reduce((n, m) => n + m, 0) / switchMoves.length).toBeLessThan(0.012);
  });
});
