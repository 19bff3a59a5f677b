import { and, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { lotTable, type PriceTier, type RowWindow, rowsInOrder } from './repo/lots.ts';

const dialect = new PgDialect();
type Part = PriceTier | 'callForPrice';

/**
 * 15 current priced lots, 10 过期 priced ones and 10 电议 ones, served by a fake row query that
 * records which part each query asked for and its window.
 */
function fakeRows() {
  const parts: Record<Part, string[]> = {
    current: Array.from({ length: 15 }, (_, i) => `p${i}`),
    stale: Array.from({ length: 10 }, (_, i) => `s${i}`),
    callForPrice: Array.from({ length: 10 }, (_, i) => `c${i}`),
  };
  const calls: { part: Part; window: RowWindow }[] = [];
  const counted: PriceTier[] = [];
  return {
    calls,
    counted,
    findRows: async (where: SQL[], window: RowWindow) => {
      const all = and(...where);
      const text = all ? dialect.sqlToQuery(all).sql : '';
      const part: Part = !text.includes('"price_fen" >')
        ? 'callForPrice'
        : text.includes('"updated_at" >=')
          ? 'current'
          : 'stale';
      calls.push({ part, window });
      return parts[part].slice(window.offset, window.offset + window.limit);
    },
    tierCount: async (tier: PriceTier) => {
      counted.push(tier);
      return parts[tier].length;
    },
  };
}

const t = lotTable('cargo');
const staleBefore = new Date('2026-11-21T00:00:00Z');
const byPrice = (offset: number, order: 'asc' | 'desc' = 'asc'): RowWindow => ({
  sort: 'price',
  order,
  limit: 20,
  offset,
});
const run = (f: ReturnType<typeof fakeRows>, window: RowWindow) =>
  rowsInOrder(t, [], window, f.findRows, f.tierCount, staleBefore);

describe('rowsInOrder (a price order: current priced lots, then 过期 ones, then 电议)', () => {
  it('runs one query for other orders', async () => {
    const f = fakeRows();
    await run(f, { sort: 'updatedAt', order: 'desc', limit: 20, offset: 0 });
    expect(f.calls).toHaveLength(1);
    expect(f.counted).toEqual([]);
  });

  it('puts current lots first and 过期 ones after them, with no count on the first page', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const f = fakeRows();
      const rows = await run(f, byPrice(0, order));
      expect(rows).toEqual([...Array.from({ length: 15 }, (_, i) => `p${i}`), 's0', 's1', 's2', 's3', 's4']);
      expect(f.counted).toEqual([]);
      expect(f.calls.map((c) => [c.part, c.window.order])).toEqual([
        ['current', order],
        ['stale', order],
      ]);
    }
  });

  it('starts a deeper page inside the part where it falls, and goes on with 电议 newest first', async () => {
    const f = fakeRows();
    const second = await run(f, byPrice(20));
    expect(second).toEqual(['s5', 's6', 's7', 's8', 's9', ...Array.from({ length: 10 }, (_, i) => `c${i}`)]);
    expect(f.counted).toEqual(['current', 'stale']);
    expect(f.calls.map((c) => [c.part, c.window.offset])).toEqual([
      ['stale', 5],
      ['callForPrice', 0],
    ]);
    expect(f.calls[1]?.window).toMatchObject({ sort: 'updatedAt', order: 'desc' });

    const past = fakeRows();
    expect(await run(past, byPrice(40))).toEqual([]);
    expect(past.calls).toEqual([{ part: 'callForPrice', window: expect.objectContaining({ offset: 15 }) }]);
  });
});
