/**
 * The chart answer's kept bytes (present-json.ts): the envelope `ok(answer)` would give, once per
 * list and depth, its gzip made once, and which clients take gzip.
 */
import { gunzipSync } from 'node:zlib';
import type { ChartData, IndexDay } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { ok } from '../../plugins/envelope.ts';
import { acceptsGzip, chartDataBytes, varyOnEncoding } from './present-json.ts';

const day = (date: string): IndexDay => ({
  date,
  index_id: 1,
  price: 3474.67,
  points: 1000.5,
  tradeChange: -12.3,
  out_weight: 1689.165,
  in_weight: 2849.519,
  deal_weight: 1363.989,
  stock_weight: 100953.166,
  pack_weight: 603.247,
  trading_weight: 25382.278,
  source: 'chained',
  sampleCount: 2,
  outlierCount: 0,
  provisional: true,
});
const list = [day('2026-11-30'), day('2026-12-01')];
const depth = { start: '2026-11-30', end: '2026-12-01', earliestAllowed: null, limitedBy: null };

describe('chartDataBytes', () => {
  it('writes the envelope ok(answer) gives, and keeps it for the same list and depth', () => {
    const answer: ChartData = { ...depth, list };
    const bytes = chartDataBytes(answer);
    expect(JSON.parse(bytes.json.toString())).toEqual(ok(answer));
    expect(chartDataBytes({ ...depth, list })).toBe(bytes);
    // another list with the same days is written anew (a reloaded series is a new list)
    expect(chartDataBytes({ ...depth, list: [...list] })).not.toBe(bytes);
  });

  it('writes each depth of one list with its own fields', () => {
    const member: ChartData = { ...depth, earliestAllowed: '2025-12-02', limitedBy: 'vip', list };
    const visitor: ChartData = { ...depth, earliestAllowed: '2026-11-02', limitedBy: 'login', list };
    expect(JSON.parse(chartDataBytes(member).json.toString())).toEqual(ok(member));
    expect(JSON.parse(chartDataBytes(visitor).json.toString())).toEqual(ok(visitor));
    const empty: ChartData = { ...depth, start: null, end: null, list: [] };
    expect(chartDataBytes(empty).json.toString()).toBe(
      JSON.stringify(ok({ list: [], ...depth, start: null, end: null })),
    );
  });

  it('keeps a few depths per list, not every one a crawler makes up', () => {
    const shared = [day('2026-12-01')];
    const first = chartDataBytes({ ...depth, start: '2026-01-01', list: shared });
    for (const start of ['2026-01-02', '2026-01-03', '2026-01-04'])
      chartDataBytes({ ...depth, start, list: shared });
    expect(chartDataBytes({ ...depth, start: '2026-01-01', list: shared })).toBe(first);
    for (const start of ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08'])
      chartDataBytes({ ...depth, start, list: shared });
    const again = chartDataBytes({ ...depth, start: '2026-01-01', list: shared });
    expect(again).not.toBe(first);
    expect(again.json.equals(first.json)).toBe(true);
  });

  it('compresses once: every reply shares the gzip of exactly the JSON bytes', async () => {
    const bytes = chartDataBytes({ ...depth, list: [day('2026-12-01'), day('2026-12-02')] });
    const zipped = bytes.gzip();
    expect(bytes.gzip()).toBe(zipped);
    expect(gunzipSync(await zipped).equals(bytes.json)).toBe(true);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    [['deflate', 'gzip'], true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0, *', false],
    ['gzip; q=0.000', false],
    ['*;q=0', false],
  ])('%j: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('varyOnEncoding', () => {
  it.each([
    [undefined, 'accept-encoding'],
    ['', 'accept-encoding'],
    ['Origin', 'Origin, accept-encoding'],
    [['Origin', 'Access-Control-Request-Headers'], 'Origin, Access-Control-Request-Headers, accept-encoding'],
    ['Origin, Accept-Encoding', 'Origin, Accept-Encoding'],
    ['*', '*'],
  ])('%j: %s', (current, expected) => {
    expect(varyOnEncoding(current)).toBe(expected);
  });
});
