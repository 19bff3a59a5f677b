import { describe, expect, it } from 'vitest';
import {
  clearQuoteFilter,
  hasQuoteFilter,
  isDay,
  parseQuoteQuery,
  type QuoteQuery,
  quoteFilterOf,
  quoteQueryToParams,
  quoteSearchOf,
  quotesPath,
  quoteThreeSearchOf,
  TRADERS_PER_PAGE,
} from './quoteQuery.ts';

const full: QuoteQuery = {
  indexSearch: '热卷 Q235B 2.75*1250 日照',
  products: ['热轧卷板', '酸洗卷'],
  materials: ['Q235B'],
  origins: ['日照'],
  cities: ['乐从'],
  warehouses: ['乐从钢铁世界仓'],
  spec: '2.75*1250',
  thicknessMin: 2.5,
  thicknessMax: 3,
  widthMin: 1000,
  widthMax: 1500,
  traderId: 130,
  date: '2026-11-20',
  sort: 'change',
  order: 'asc',
  view: 'cards',
  page: 3,
  pageSize: 50,
};

const parse = (search: string) => parseQuoteQuery(new URLSearchParams(search));

describe('quotation search in the URL', () => {
  it('round-trips every field through the query string', () => {
    const params = quoteQueryToParams(full);
    expect(params.getAll('products')).toEqual(['热轧卷板', '酸洗卷']);
    expect(parse(params.toString())).toEqual(full);
  });

  it('leaves the defaults out of the URL', () => {
    expect(quoteQueryToParams({ page: 1, pageSize: 20 }).toString()).toBe('');
    expect(parse('')).toEqual({ page: 1, pageSize: 20 });
  });

  it('reads the header search as sent, and an empty one as none', () => {
    expect(parse('indexSearch=%20%E7%83%AD%E5%8D%B7%20').indexSearch).toBe('热卷');
    expect(parse('indexSearch=').indexSearch).toBeUndefined();
    expect(parse(`indexSearch=${'x'.repeat(150)}`).indexSearch).toHaveLength(100);
  });

  it('drops what a hand-edited URL gets wrong instead of sending it', () => {
    expect(
      parse(
        'date=2026-02-30&sort=weight&order=up&spec=abc&traderId=-1&thicknessMax=900&widthMin=2.5&page=0&pageSize=37&view=grid',
      ),
    ).toEqual({ page: 1, pageSize: 20 });
    expect(parse('sort=price').order).toBe('desc');
    expect(parse(`products=${'长'.repeat(41)}&products=%20&products=a&products=a`).products).toEqual(['a']);
  });

  it('knows a real day', () => {
    expect(isDay('2026-11-24')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-5')).toBe(false);
  });

  it('sends the filter, the table search and the three-per-trader search their own parts', () => {
    const filter = quoteFilterOf(full);
    expect(filter).not.toHaveProperty('page');
    expect(filter).not.toHaveProperty('sort');
    expect(filter).not.toHaveProperty('view');
    expect(quoteSearchOf(full)).toEqual({ ...filter, sort: 'change', order: 'asc', page: 3, pageSize: 50 });
    expect(quoteThreeSearchOf(full)).toEqual({ ...filter, page: 3, pageSize: TRADERS_PER_PAGE });
  });

  it('clears every filter but keeps the day and the view', () => {
    expect(hasQuoteFilter(full)).toBe(true);
    const cleared = clearQuoteFilter(full);
    expect(cleared).toEqual({ page: 1, pageSize: 50, date: '2026-11-20', view: 'cards' });
    expect(hasQuoteFilter(cleared)).toBe(false);
  });

  it('builds the links of the home product map', () => {
    expect(quotesPath()).toBe('/beginMain');
    expect(quotesPath({ products: ['热轧卷板'], materials: ['Q235B'] })).toBe(
      `/beginMain?products=${encodeURIComponent('热轧卷板')}&materials=Q235B`,
    );
  });
});
