import { describe, expect, it } from 'vitest';
import {
  type FirmQuery,
  firmLotQueryOf,
  firmQueryToParams,
  firmRequestOf,
  firmTabOf,
  parseFirmQuery,
  parseUserId,
} from './firmQuery.ts';

const parse = (search: string) => parseFirmQuery(new URLSearchParams(search));

describe('firm page state', () => {
  it('takes a positive whole user id from the path, nothing else', () => {
    expect(parseUserId('130')).toBe(130);
    for (const bad of [undefined, '', '0', '-3', '1.5', 'abc', '99999999999', '1e3']) {
      expect(parseUserId(bad), String(bad)).toBeNull();
    }
  });

  it('round-trips the tab, origin, day, sort and page, leaving defaults out', () => {
    const query: FirmQuery = {
      tab: 'callForPrice',
      from: 'wareHouse',
      date: '2026-11-20',
      sort: 'price',
      order: 'asc',
      page: 2,
      pageSize: 50,
    };
    expect(parse(firmQueryToParams(query).toString())).toEqual(query);
    expect(firmQueryToParams({ page: 1, pageSize: 20 }).toString()).toBe('');
    // A tab once chosen is written, 报价 too: without it the page picks one.
    expect(firmQueryToParams({ tab: 'priced', page: 1, pageSize: 20 }).toString()).toBe('tab=priced');
    expect(parse('tab=other&from=home&page=x&pageSize=7&date=2026-13-01&sort=weight')).toEqual({
      page: 1,
      pageSize: 20,
    });
  });

  it('reads a lot sort on a lot tab and a quote sort on a quote tab', () => {
    expect(parse('tab=stock&sort=weight&order=desc&date=2026-11-20')).toEqual({
      tab: 'stock',
      sort: 'weight',
      order: 'desc',
      page: 1,
      pageSize: 20,
    });
    expect(parse('tab=priced&sort=change')).toMatchObject({ sort: 'change', order: 'desc' });
    expect(parse('tab=surplus&sort=change')).not.toHaveProperty('sort');
  });

  it('sends a quote tab its request without the tab, and a lot tab the firm as supplier', () => {
    expect(firmRequestOf({ tab: 'callForPrice', from: 'surplus', page: 2, pageSize: 20 })).toEqual({
      page: 2,
      pageSize: 20,
    });
    expect(firmLotQueryOf({ tab: 'stock', page: 3, pageSize: 50, sort: 'price', order: 'asc' }, 77)).toEqual({
      supplierId: 77,
      page: 3,
      pageSize: 50,
      sort: 'price',
      order: 'asc',
    });
  });
});

describe('the tab a firm page opens on (issue 35)', () => {
  const counts = (
    quoteCount: number,
    callForPriceCount: number,
    cargoCount: number,
    surplusCount: number,
  ) => ({
    quoteCount,
    callForPriceCount,
    cargoCount,
    surplusCount,
  });

  it('opens on the market the link came from when the firm has rows there', () => {
    expect(firmTabOf('wareHouse', counts(5, 2, 71, 3))).toBe('stock');
    expect(firmTabOf('surplus', counts(5, 2, 71, 3))).toBe('surplus');
  });

  it('otherwise opens on the first tab with rows, never an empty 报价 beside 71 lots', () => {
    expect(firmTabOf(undefined, counts(0, 0, 71, 0))).toBe('stock');
    expect(firmTabOf('surplus', counts(0, 0, 71, 0))).toBe('stock');
    expect(firmTabOf(undefined, counts(0, 4, 71, 0))).toBe('callForPrice');
    expect(firmTabOf(undefined, counts(5, 4, 71, 3))).toBe('priced');
    expect(firmTabOf('wareHouse', counts(0, 0, 0, 0))).toBe('priced');
  });
});
