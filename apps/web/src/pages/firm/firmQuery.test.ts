import { describe, expect, it } from 'vitest';
import {
  type FirmQuery,
  firmQueryToParams,
  firmRequestOf,
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

  it('round-trips the tab, day, sort and page, leaving defaults out', () => {
    const query: FirmQuery = {
      tab: 'callForPrice',
      date: '2026-11-20',
      sort: 'price',
      order: 'asc',
      page: 2,
      pageSize: 50,
    };
    expect(parse(firmQueryToParams(query).toString())).toEqual(query);
    expect(firmQueryToParams({ tab: 'priced', page: 1, pageSize: 20 }).toString()).toBe('');
    expect(parse('tab=other&page=x&pageSize=7&date=2026-13-01&sort=weight')).toEqual({
      tab: 'priced',
      page: 1,
      pageSize: 20,
    });
  });

  it('sends the request without the tab', () => {
    expect(firmRequestOf({ tab: 'callForPrice', page: 2, pageSize: 20 })).toEqual({ page: 2, pageSize: 20 });
  });
});
