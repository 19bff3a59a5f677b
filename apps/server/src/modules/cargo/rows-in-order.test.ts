import { and, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { lotTable, type RowWindow, rowsInOrder } from './repo/lots.ts';

const dialect = new PgDialect();

/** 25 priced lots then 10 电议 ones, served by a fake row query that records its windows. */
function fakeRows() {
  const priced = Array.from({ length: 25 }, (_, i) => `p${i}`);
  const callForPrice = Array.from({ length: 10 }, (_, i) => `c${i}`);
  const calls: { priced: boolean; window: RowWindow }[] = [];
  let counts = 0;
  return {
    calls,
    get counts() {
      return counts;
    },
    findRows: async (where: SQL[], window: RowWindow) => {
      const all = and(...where);
      const text = all ? dialect.sqlToQuery(all).sql : '';
      const isPriced = text.includes('"price_fen" >');
      calls.push({ priced: isPriced, window });
      return (isPriced ? priced : callForPrice).slice(window.offset, window.offset + window.limit);
    },
    pricedCount: async () => {
      counts += 1;
      return priced.length;
    },
  };
}

const t = lotTable('cargo');
const where = [] as unknown as SQL[];
const asc = (offset: number): RowWindow => ({ sort: 'price', order: 'asc', limit: 20, offset });

describe('rowsInOrder (price ascending: priced lots, then 电议)', () => {
  it('runs one query for other orders', async () => {
    const f = fakeRows();
    await rowsInOrder(
      t,
      where,
      { sort: 'updatedAt', order: 'desc', limit: 20, offset: 0 },
      f.findRows,
      f.pricedCount,
    );
    expect(f.calls).toHaveLength(1);
    expect(f.counts).toBe(0);
  });

  it('needs no count on the first page', async () => {
    const f = fakeRows();
    const rows = await rowsInOrder(t, [], asc(0), f.findRows, f.pricedCount);
    expect(rows).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`));
    expect(f.counts).toBe(0);
  });

  it('goes on with 电议 lots where the priced ones end, on the first page and deeper', async () => {
    const few = fakeRows();
    // A first page of 30 with only 25 priced: the priced query runs short, 电议 ones follow.
    const first = await rowsInOrder(t, [], { ...asc(0), limit: 30 }, few.findRows, few.pricedCount);
    expect(first).toEqual([...Array.from({ length: 25 }, (_, i) => `p${i}`), 'c0', 'c1', 'c2', 'c3', 'c4']);
    expect(few.counts).toBe(0);

    const deep = fakeRows();
    const second = await rowsInOrder(t, [], asc(20), deep.findRows, deep.pricedCount);
    expect(second).toEqual([
      'p20',
      'p21',
      'p22',
      'p23',
      'p24',
      ...Array.from({ length: 10 }, (_, i) => `c${i}`),
    ]);
    expect(deep.counts).toBe(1);
    expect(deep.calls[1]?.window.offset).toBe(0);

    const past = fakeRows();
    const third = await rowsInOrder(t, [], asc(40), past.findRows, past.pricedCount);
    expect(past.calls).toHaveLength(1); // no priced query past the priced lots
    expect(past.calls[0]?.window.offset).toBe(15);
    expect(third).toEqual([]);
  });
});
