import { describe, expect, it } from 'vitest';
import { pageFromQuery } from './pageQuery.ts';

describe('pageFromQuery', () => {
  it('reads a whole page number', () => {
    expect(pageFromQuery('3')).toBe(3);
    expect(pageFromQuery('100000')).toBe(100000);
  });

  it('drops what the server would refuse', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '100001', '1e9']) {
      expect(pageFromQuery(value)).toBe(1);
    }
  });
});
