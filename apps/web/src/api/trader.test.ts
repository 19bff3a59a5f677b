import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contentKeys } from './content.ts';
import { lotKeys } from './lots.ts';
import { quoteKeys } from './quotations.ts';
import { traderKeys } from './trader.ts';

const lotQuery = { page: 1, pageSize: 20 };
const search = { page: 1, pageSize: 20 };

/** A cache holding the trader's three lists, public lots and quotes, the home page and the user. */
function filledCache(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(traderKeys.lotPage('cargo', 3, lotQuery), { list: [], total: 0 });
  queryClient.setQueryData(traderKeys.lotPage('surplus', 3, lotQuery), { list: [], total: 0 });
  queryClient.setQueryData(traderKeys.quotationPage(3, lotQuery), { list: [], total: 0 });
  queryClient.setQueryData(lotKeys.page('cargo', 3, search), { list: [], total: 0 });
  queryClient.setQueryData(quoteKeys.page(3, search), { list: [], total: 0 });
  queryClient.setQueryData(contentKeys.newestCargo(), { list: [] });
  queryClient.setQueryData(['user', 'myInfo', 3], { id: 3 });
  return queryClient;
}

function invalidated(queryClient: QueryClient, key: readonly unknown[]): boolean {
  return queryClient.getQueryState(key)?.isInvalidated ?? false;
}

describe('trader query keys', () => {
  it('refresh the own list and the public lots after an import of stock, with the newest stock', async () => {
    const queryClient = filledCache();
    await traderKeys.invalidateAfterImport(queryClient, 'cargo');
    expect(invalidated(queryClient, traderKeys.lotPage('cargo', 3, lotQuery))).toBe(true);
    expect(invalidated(queryClient, lotKeys.page('cargo', 3, search))).toBe(true);
    expect(invalidated(queryClient, contentKeys.newestCargo())).toBe(true);
    expect(invalidated(queryClient, traderKeys.lotPage('surplus', 3, lotQuery))).toBe(false);
    expect(invalidated(queryClient, traderKeys.quotationPage(3, lotQuery))).toBe(false);
    expect(invalidated(queryClient, quoteKeys.page(3, search))).toBe(false);
    expect(invalidated(queryClient, ['user', 'myInfo', 3])).toBe(false);
  });

  it('refresh the own quotes and the public quotes after an import of quotes', async () => {
    const queryClient = filledCache();
    await traderKeys.invalidateAfterImport(queryClient, 'quotation');
    expect(invalidated(queryClient, traderKeys.quotationPage(3, lotQuery))).toBe(true);
    expect(invalidated(queryClient, quoteKeys.page(3, search))).toBe(true);
    expect(invalidated(queryClient, traderKeys.lotPage('cargo', 3, lotQuery))).toBe(false);
    expect(invalidated(queryClient, lotKeys.page('cargo', 3, search))).toBe(false);
    expect(invalidated(queryClient, contentKeys.newestCargo())).toBe(false);
  });
});
