import { describe, expect, it } from 'vitest';
import { searchTarget } from './searchRule.ts';

describe('searchTarget', () => {
  it('sends trimmed non-empty text to /quotation as indexSearch', () => {
    expect(searchTarget('  热轧卷板 ', '')).toBe(`/quotation?indexSearch=${encodeURIComponent('热轧卷板')}`);
    expect(searchTarget('2.75*1250 Q235B', '?page=2')).toBe(
      `/quotation?indexSearch=${encodeURIComponent('2.75*1250 Q235B')}`,
    );
  });

  it('sends nothing for empty or whitespace-only text', () => {
    expect(searchTarget('', '')).toBeNull();
    expect(searchTarget(' \t ', '?page=2')).toBeNull();
  });

  it('sends an empty search when the URL already has indexSearch', () => {
    expect(searchTarget('  ', '?indexSearch=%E7%83%AD%E8%BD%A7')).toBe('/quotation?indexSearch=');
    expect(searchTarget('', '?indexSearch=')).toBe('/quotation?indexSearch=');
  });
});
