import type { LotPageOf, Supplier } from '@steelport/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { lotKeys } from './lots.ts';

const masked: Supplier = {
  id: 7,
  name: '乐从钢铁',
  shortName: '乐从',
  city: '佛山',
  contactName: '王强',
  phone: '138****0007',
  unlocked: false,
};
const unlocked: Supplier = { ...masked, phone: '13800000007', unlocked: true };
const page = (supplier: Supplier): LotPageOf<{ id: number; supplier: Supplier }> => ({
  list: [{ id: 1, supplier }],
  total: 1,
  page: 1,
  pageSize: 20,
  understood: [],
});
const search = { page: 1, pageSize: 20 };

/** A cache holding a page, totals, a menu, suppliers and enquiry totals of both markets. */
function filledCache(): QueryClient {
  const queryClient = new QueryClient();
  for (const kind of ['cargo', 'surplus'] as const) {
    queryClient.setQueryData(lotKeys.page(kind, 3, search), page(masked));
    queryClient.setQueryData(lotKeys.totals(kind, {}), { rows: 1 });
    queryClient.setQueryData(lotKeys.menu(kind, {}), { products: [] });
    queryClient.setQueryData(lotKeys.enquiryTotal(kind, 3, [1]), { beans: 5 });
  }
  queryClient.setQueryData(lotKeys.suppliers(3, search), { list: [] });
  return queryClient;
}

function invalidated(queryClient: QueryClient, key: readonly unknown[]): boolean {
  return queryClient.getQueryState(key)?.isInvalidated ?? false;
}

describe('lot query keys', () => {
  it('put an unlocked supplier into the pages of both markets at once', () => {
    const queryClient = filledCache();
    lotKeys.applyUnlocked(queryClient, [unlocked]);
    for (const kind of ['cargo', 'surplus'] as const) {
      const cached = queryClient.getQueryData<ReturnType<typeof page>>(lotKeys.page(kind, 3, search));
      expect(cached?.list[0]?.supplier).toEqual(unlocked);
    }
  });

  it('refresh the pages, the supplier list and enquiry totals of both markets after an unlock, nothing else', async () => {
    const queryClient = filledCache();
    await lotKeys.invalidateAfterUnlock(queryClient);
    for (const kind of ['cargo', 'surplus'] as const) {
      expect(invalidated(queryClient, lotKeys.page(kind, 3, search))).toBe(true);
      expect(invalidated(queryClient, lotKeys.enquiryTotal(kind, 3, [1]))).toBe(true);
      expect(invalidated(queryClient, lotKeys.totals(kind, {}))).toBe(false);
      expect(invalidated(queryClient, lotKeys.menu(kind, {}))).toBe(false);
    }
    expect(invalidated(queryClient, lotKeys.suppliers(3, search))).toBe(true);
  });

  it('ask every lot answer again after a passed captcha', async () => {
    const queryClient = filledCache();
    queryClient.setQueryData(['user', 'myInfo', 3], { id: 3 });
    await lotKeys.invalidateAll(queryClient);
    expect(invalidated(queryClient, lotKeys.totals('surplus', {}))).toBe(true);
    expect(invalidated(queryClient, lotKeys.suppliers(3, search))).toBe(true);
    expect(invalidated(queryClient, ['user', 'myInfo', 3])).toBe(false);
  });

  it('tell viewers apart by user id or visitor', () => {
    expect(lotKeys.page('cargo', 3, search)).not.toEqual(lotKeys.page('cargo', 'visitor', search));
    expect(lotKeys.enquiryTotal('surplus', 3, [1])).toEqual(['lots', 'enquiryTotal', 'surplus', 3, [1]]);
  });
});
