import { describe, expect, it } from 'vitest';
import { TooMany } from '../../errors.ts';
import { memoryStore } from '../../store/index.ts';
import { rowsOfParts } from './repo/order.ts';
import { checkRanges, filterKey, MAX_RESULT_WINDOW, pageWindow, searchKit } from './service.ts';

describe('the parts every search shares', () => {
  it('keys a filter the same whatever its field order, paging or sort, and per kind', () => {
    const a = filterKey('cargo', { keyword: '冷轧', products: ['冷轧卷板'], page: 1, sort: 'price' });
    const b = filterKey('cargo', { products: ['冷轧卷板'], order: 'asc', keyword: '冷轧', pageSize: 50 });
    expect(a).toBe(b);
    expect(filterKey('quotes', { keyword: '冷轧', products: ['冷轧卷板'] })).not.toBe(a);
    expect(filterKey('cargo', { keyword: '冷轧', products: ['冷轧卷板'], cities: undefined })).toBe(a);
    expect(filterKey('cargo', { keyword: '热轧', products: ['冷轧卷板'] })).not.toBe(a);
  });

  it('keys a keyword by what it was understood as, when told', () => {
    const coil = [{ kind: 'product', value: '热轧卷板' }];
    expect(filterKey('cargo', { keyword: '热卷' }, coil)).toBe(
      filterKey('cargo', { keyword: '热轧卷板' }, coil),
    );
    // A word operators have just given a meaning is a new key, not the old count.
    expect(filterKey('cargo', { keyword: '卷板' }, [{ kind: 'ignored', value: '卷板' }])).not.toBe(
      filterKey('cargo', { keyword: '卷板' }, coil),
    );
  });

  it('refuses a range whose low end is above its high end, naming the fields', () => {
    expect(() => checkRanges({ thicknessMin: 4, thicknessMax: 3 })).toThrow(
      'thicknessMin 不能大于 thicknessMax',
    );
    expect(() => checkRanges({ priceMin: 4000, priceMax: 3000 }, 'filter.')).toThrow(
      'filter.priceMin 不能大于 filter.priceMax',
    );
    expect(() => checkRanges({ widthMin: 1250, widthMax: 1250, thicknessMin: 3 })).not.toThrow();
  });

  it('pages up to MAX_RESULT_WINDOW rows, newest first unless sorted', () => {
    expect(pageWindow({ page: 3, pageSize: 20 }, 'time')).toEqual({
      sort: 'time',
      order: 'desc',
      limit: 20,
      offset: 40,
    });
    expect(pageWindow({ page: 1, pageSize: 20, sort: 'price', order: 'asc' }, 'time').sort).toBe('price');
    const last = MAX_RESULT_WINDOW / 50;
    expect(pageWindow({ page: last, pageSize: 50 }, 'time').offset).toBe(MAX_RESULT_WINDOW - 50);
    expect(() => pageWindow({ page: last + 1, pageSize: 50 }, 'time')).toThrow('最多查看前 10000 条');
  });

  it('walks priced rows, then 电议, counting a part only to start a deeper page', async () => {
    const rows = { priced: ['p0', 'p1', 'p2', 'p3', 'p4'], callForPrice: ['c0', 'c1', 'c2'] };
    const counted: string[] = [];
    const page = (offset: number, limit: number) =>
      rowsOfParts(
        [
          { name: 'priced', where: [], order: { part: 'priced' as const } },
          { name: null, where: [], order: { part: 'callForPrice' as const } },
        ],
        { offset, limit },
        async (_where, w) => rows[w.part].slice(w.offset, w.offset + w.limit),
        async (name) => {
          counted.push(name);
          return rows.priced.length;
        },
      );
    expect(await page(0, 4)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(counted).toEqual([]);
    expect(await page(4, 4)).toEqual(['p4', 'c0', 'c1', 'c2']);
    expect(await page(6, 4)).toEqual(['c1', 'c2']);
    expect(counted).toEqual(['priced', 'priced']);
  });

  it('answers code 7 before a page, and runs no page for a client it stopped lately', async () => {
    const kit = searchKit({ store: memoryStore(), searchesPerMinute: 2 });
    let started = 0;
    const page = () =>
      kit.guarded('1.2.3.4', async () => {
        started += 1;
        return 'rows';
      });
    expect(await page()).toBe('rows');
    expect(await page()).toBe('rows');
    await expect(page()).rejects.toBeInstanceOf(TooMany);
    expect(started).toBe(3);
    await expect(page()).rejects.toBeInstanceOf(TooMany);
    expect(started).toBe(3);
  });
});
