/**
 * The operator console's VIP calls (issue 18, contracts `admin-vip.ts`): commodities and their
 * prices, orders with their payments, refunds. A price write refreshes the portal's VIP answers
 * (/vipopen in the operator's own tab shows it at once; the server has no cache of them); a
 * refund refreshes the orders, the audit log and the dashboard.
 */
import type {
  AdminVipCommodity,
  AdminVipCommodityBody,
  AdminVipCommodityList,
  AdminVipOrderDetail,
  AdminVipOrderQuery,
  AdminVipOrderRow,
  PageOf,
} from '@steelport/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../auth/session.ts';
import { adminKeys } from './admin.ts';
import { get, post, put } from './client.ts';
import { vipKeys } from './vip.ts';

// The screens show the server's refusal in place; a toast would say it twice.
const QUIET = { silent: true };

export const adminVipKeys = {
  all: [...adminKeys.all, 'vip'] as const,
  commodities: (viewer: unknown) => [...adminVipKeys.all, 'commodities', viewer] as const,
  orders: (viewer: unknown, query: AdminVipOrderQuery) =>
    [...adminVipKeys.all, 'orders', viewer, query] as const,
  order: (viewer: unknown, id: number) => [...adminVipKeys.all, 'order', viewer, id] as const,
};

/** GET /api/admin/vip/commodities: every commodity with its prices in 元. */
export function useAdminVipCommodities() {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminVipKeys.commodities(viewer),
    queryFn: () => get<AdminVipCommodityList>('/api/admin/vip/commodities'),
    retry: false,
  });
}

/** PUT /api/admin/vip/commodities/:id; the portal's VIP answers and the grant list refetch. */
export function useUpdateAdminVipCommodity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminVipCommodityBody }) =>
      put<AdminVipCommodity>(`/api/admin/vip/commodities/${id}`, body, QUIET),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminVipKeys.all, 'commodities'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.commodities() }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
        queryClient.invalidateQueries({ queryKey: vipKeys.all }),
      ]),
  });
}

/** Drops empty values, so the URL carries only what is set. */
function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

/** GET /api/admin/vip/orders: one page of orders. */
export function useAdminVipOrders(query: AdminVipOrderQuery) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminVipKeys.orders(viewer, query),
    queryFn: () => get<PageOf<AdminVipOrderRow>>('/api/admin/vip/orders', compact(query)),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/admin/vip/orders/:id: the order, its payments and what a refund would do now. */
export function useAdminVipOrder(id: number | null) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminVipKeys.order(viewer, id ?? 0),
    queryFn: () => get<AdminVipOrderDetail>(`/api/admin/vip/orders/${id}`),
    enabled: id !== null,
    // What a refund would do depends on the time: read it fresh each time the drawer opens.
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/admin/vip/orders/:id/refund. */
export function useRefundAdminVipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      post<AdminVipOrderDetail>(`/api/admin/vip/orders/${id}/refund`, { reason }, QUIET),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminVipKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'dashboard'] }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] }),
      ]),
  });
}
