import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { quoteKeys } from './quotations.ts';

const search = { page: 1, pageSize: 20 };
const three = { page: 1, pageSize: 12 };

/** A cache holding every kind of quotation answer. */
function filledCache(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(quoteKeys.page(3, search), { list: [] });
  queryClient.setQueryData(quoteKeys.three('visitor', three), { list: [] });
  queryClient.setQueryData(quoteKeys.firm('callForPrice', 3, 130, search), { list: [] });
  queryClient.setQueryData(quoteKeys.totals({}), { rows: 1 });
  queryClient.setQueryData(quoteKeys.menu({}), { products: [] });
  queryClient.setQueryData(quoteKeys.rank(7), { list: [] });
  queryClient.setQueryData(['lots', 'totals', 'cargo', {}], { rows: 1 });
  return queryClient;
}

function invalidated(queryClient: QueryClient, key: readonly unknown[]): boolean {
  return queryClient.getQueryState(key)?.isInvalidated ?? false;
}

describe('quotation query keys', () => {
  it('refresh every answer with a phone after an unlock, not totals, menus or the ranking', async () => {
    const queryClient = filledCache();
    await quoteKeys.invalidateAfterUnlock(queryClient);
    expect(invalidated(queryClient, quoteKeys.page(3, search))).toBe(true);
    expect(invalidated(queryClient, quoteKeys.three('visitor', three))).toBe(true);
    expect(invalidated(queryClient, quoteKeys.firm('callForPrice', 3, 130, search))).toBe(true);
    expect(invalidated(queryClient, quoteKeys.totals({}))).toBe(false);
    expect(invalidated(queryClient, quoteKeys.menu({}))).toBe(false);
    expect(invalidated(queryClient, quoteKeys.rank(7))).toBe(false);
  });

  it('ask every quotation answer again after a passed captcha, and nothing else', async () => {
    const queryClient = filledCache();
    await quoteKeys.invalidateAll(queryClient);
    expect(invalidated(queryClient, quoteKeys.rank(7))).toBe(true);
    expect(invalidated(queryClient, quoteKeys.totals({}))).toBe(true);
    expect(invalidated(queryClient, ['lots', 'totals', 'cargo', {}])).toBe(false);
  });

  it('tell viewers apart by user id or visitor, and the two firm tabs apart', () => {
    expect(quoteKeys.page(3, search)).not.toEqual(quoteKeys.page('visitor', search));
    expect(quoteKeys.firm('priced', 3, 130, search)).not.toEqual(
      quoteKeys.firm('callForPrice', 3, 130, search),
    );
    expect(quoteKeys.firm('priced', 'visitor', 130, search)).toEqual([
      'quotes',
      'contacts',
      'firm',
      'priced',
      'visitor',
      130,
      search,
    ]);
  });
});
