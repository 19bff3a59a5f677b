import { describe, expect, it } from 'vitest';
import {
  hasLotFilter,
  type LotQuery,
  lotFilterOf,
  lotQueryToParams,
  parseLotQuery,
  patchLotQuery,
  relaxQuery,
  toggleName,
} from './lotQuery.ts';

const full: LotQuery = {
  keyword: '热卷 Q235B 2.75*1250 日照 乐从',
  products: ['热轧卷板', '酸洗卷'],
  materials: ['Q235B'],
  origins: ['日照钢铁'],
  cities: ['佛山'],
  warehouses: ['乐从钢铁世界'],
  grades: ['协议品', '次品'],
  supplierId: 12,
  thicknessMin: 2.5,
  thicknessMax: 3,
  widthMin: 1000,
  widthMax: 1500,
  priceMin: 3000,
  priceMax: 4200.5,
  callForPrice: true,
  sort: 'price',
  order: 'asc',
  page: 3,
  pageSize: 50,
};

describe('lot search in the URL', () => {
  it('round-trips every field through the query string', () => {
    const params = lotQueryToParams(full);
    expect(params.getAll('products')).toEqual(['热轧卷板', '酸洗卷']);
    expect(parseLotQuery(new URLSearchParams(params.toString()), { grades: true })).toEqual(full);
  });

  it('leaves defaults out, so a fresh screen has a bare URL', () => {
    expect(lotQueryToParams({ page: 1, pageSize: 20 }).toString()).toBe('');
    expect(parseLotQuery(new URLSearchParams(''))).toEqual({ page: 1, pageSize: 20 });
  });

  it('drops values the server would refuse instead of sending them', () => {
    const query = parseLotQuery(
      new URLSearchParams(
        'thicknessMin=-1&widthMax=1250.5&priceMax=abc&supplierId=0&sort=name&page=0&pageSize=33&grades=好品&products=&products=%20热轧卷板%20&products=热轧卷板',
      ),
      { grades: true },
    );
    expect(query).toEqual({ products: ['热轧卷板'], page: 1, pageSize: 20 });
  });

  it('ignores grades on a screen without them (/wareHouse)', () => {
    expect(parseLotQuery(new URLSearchParams('grades=次品')).grades).toBeUndefined();
  });

  it('reads an order only with a sort, descending unless asc', () => {
    expect(parseLotQuery(new URLSearchParams('order=asc')).order).toBeUndefined();
    expect(parseLotQuery(new URLSearchParams('sort=weight&order=up'))).toMatchObject({
      sort: 'weight',
      order: 'desc',
    });
  });
});

describe('changing the search', () => {
  it('starts a changed filter on page 1 and removes emptied fields', () => {
    const next = patchLotQuery(full, { products: [], keyword: '', thicknessMin: undefined });
    expect(next.page).toBe(1);
    expect(next).not.toHaveProperty('products');
    expect(next).not.toHaveProperty('keyword');
    expect(next).not.toHaveProperty('thicknessMin');
    expect(next.materials).toEqual(['Q235B']);
  });

  it('keeps paging and sort out of the filter', () => {
    const filter = lotFilterOf(full);
    expect(filter).not.toHaveProperty('page');
    expect(filter).not.toHaveProperty('sort');
    expect(filter.grades).toEqual(['协议品', '次品']);
    expect(hasLotFilter({ page: 2, pageSize: 20, sort: 'price', order: 'asc' })).toBe(false);
    expect(hasLotFilter({ page: 1, pageSize: 20, callForPrice: true })).toBe(true);
  });

  it('toggles a facet name on and off', () => {
    expect(toggleName(undefined, 'Q235B')).toEqual(['Q235B']);
    expect(toggleName(['Q235B', 'SPHC'], 'Q235B')).toEqual(['SPHC']);
  });
});

describe('a wider search offered by an empty result', () => {
  const narrow: LotQuery = {
    keyword: 'Q235B 2.75*1251',
    origins: ['mill-a'],
    materials: ['Q235B'],
    thicknessMin: 2.5,
    thicknessMax: 3,
    widthMin: 1251,
    widthMax: 1251,
    sort: 'price',
    order: 'asc',
    page: 3,
    pageSize: 50,
  };

  it('takes the new keyword, clears the width bounds and starts again on page 1', () => {
    const next = relaxQuery(narrow, 'keyword', {
      keyword: 'Q235B 2.75',
      set: {},
      clear: ['widthMin', 'widthMax'],
    });
    expect(next).toEqual({
      keyword: 'Q235B 2.75',
      origins: ['mill-a'],
      materials: ['Q235B'],
      thicknessMin: 2.5,
      thicknessMax: 3,
      sort: 'price',
      order: 'asc',
      page: 1,
      pageSize: 50,
    });
    // The URL the screen writes holds no width any more.
    expect(lotQueryToParams(next).has('widthMin')).toBe(false);
  });

  it('sets the widened thickness bounds', () => {
    const next = relaxQuery(narrow, 'keyword', {
      keyword: 'Q235B 2.5-3 1251',
      set: { thicknessMin: 2.25, thicknessMax: 3.25 },
      clear: [],
    });
    expect(next).toMatchObject({ keyword: 'Q235B 2.5-3 1251', thicknessMin: 2.25, thicknessMax: 3.25 });
    expect(next.widthMin).toBe(1251);
  });

  it('removes the keyword when the wider one is empty, and the mills when asked', () => {
    const next = relaxQuery(narrow, 'keyword', { keyword: '  ', set: {}, clear: ['origins'] });
    expect(next).not.toHaveProperty('keyword');
    expect(next).not.toHaveProperty('origins');
    expect(next.materials).toEqual(['Q235B']);
  });

  it('writes the keyword of today’s quotations to indexSearch', () => {
    const quotes = { indexSearch: 'SPHC 2.0*1251', date: '2026-11-27', page: 2, pageSize: 20 };
    const next = relaxQuery(quotes, 'indexSearch', { keyword: 'SPHC 2', set: {}, clear: [] });
    expect(next).toEqual({ indexSearch: 'SPHC 2', date: '2026-11-27', page: 1, pageSize: 20 });
    expect(next).not.toHaveProperty('keyword');
    expect(relaxQuery(quotes, 'indexSearch', { keyword: '', set: {}, clear: [] })).not.toHaveProperty(
      'indexSearch',
    );
  });
});
