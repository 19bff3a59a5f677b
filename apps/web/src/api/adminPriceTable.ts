/**
 * The console's price-table rows (issue 34, contracts `price-table.ts`): which items the public
 * 价格行情 tables show. A pin, hide or release refreshes the candidates and the portal's tables
 * (`priceTable` keys), so the operator's own portal tab shows the change at once.
 */
import type { PriceItem, PriceItemStateBody, PriceItems } from '@steelport/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../auth/session.ts';
import { get, put } from './client.ts';
import { priceTableKeys } from './priceTable.ts';

// The screen shows its own error state; a toast would say it twice.
const QUIET = { silent: true };

/** Query keys: per operator, so a second login in the tab never reads the first one's cache. */
export const adminPriceTableKeys = {
  all: ['adminPriceTable'] as const,
  items: (product: string) => [...adminPriceTableKeys.all, 'items', product] as const,
};

/** A product's candidate rows with their state and recent quote counts. */
export function useAdminPriceItems(product: string | null) {
  const viewer = useViewer();
  return useQuery({
    queryKey: [...adminPriceTableKeys.items(product ?? ''), viewer],
    queryFn: () => get<PriceItems>('/api/admin/priceTable/items', { product: product ?? '' }, QUIET),
    enabled: product !== null,
    placeholderData: keepPreviousData,
  });
}

/** Pins, hides or releases one item (audited on the server). */
export function useSetPriceItemState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceItemStateBody) => put<PriceItem>('/api/admin/priceTable/items', body, QUIET),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminPriceTableKeys.all });
      void client.invalidateQueries({ queryKey: priceTableKeys.all });
    },
  });
}
