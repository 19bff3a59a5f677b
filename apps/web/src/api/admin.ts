/**
 * The operator console's calls (issue 18): users, the audit log and the dashboard
 * (`/api/admin/*`, access `admin`; contracts admin.ts). The server refuses anyone else (code 4)
 * whatever the screen does. Writes are silent: the console's modal forms show the server's
 * message in place, where a toast would vanish before it is read.
 */
import type {
  AdminBeansBody,
  AdminCompanyBody,
  AdminDisableBody,
  AdminEnableBody,
  AdminMembershipBody,
  AdminRoleBody,
  AdminUser,
  AdminUserQuery,
  AuditQuery,
  AuditRow,
  BuyVipInfo,
  Dashboard,
  PageOf,
} from '@steelport/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../auth/session.ts';
import { get, post, put } from './client.ts';

/** Query keys of the console; the viewer is part of each, so another login refetches. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (viewer: unknown, query: AdminUserQuery) => [...adminKeys.all, 'users', viewer, query] as const,
  audit: (viewer: unknown, query: AuditQuery) => [...adminKeys.all, 'audit', viewer, query] as const,
  dashboard: (viewer: unknown) => [...adminKeys.all, 'dashboard', viewer] as const,
  commodities: () => [...adminKeys.all, 'commodities'] as const,
};

/** Drops empty strings and undefined from a query, so the URL carries only what is set. */
function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

// ---------------------------------------------------------------------------------------------
// Users

/** GET /api/admin/users: one page of users matching keyword, role and status. */
export function fetchAdminUsers(query: AdminUserQuery): Promise<PageOf<AdminUser>> {
  return get<PageOf<AdminUser>>('/api/admin/users', compact(query));
}

export function useAdminUsers(query: AdminUserQuery) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminKeys.users(viewer, query),
    queryFn: () => fetchAdminUsers(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One write on one user; each answers the user as it is now. */
export type AdminUserAction =
  | { kind: 'role'; id: number; body: AdminRoleBody }
  | { kind: 'disable'; id: number; body: AdminDisableBody }
  | { kind: 'enable'; id: number; body: AdminEnableBody }
  | { kind: 'beans'; id: number; body: AdminBeansBody }
  | { kind: 'membership'; id: number; body: AdminMembershipBody }
  | { kind: 'company'; id: number; body: AdminCompanyBody };

/** PUT …/role and …/company, POST …/disable, …/enable, …/beans, …/membership under /api/admin/users/:id. */
export function runAdminUserAction(action: AdminUserAction): Promise<AdminUser> {
  const url = `/api/admin/users/${action.id}/${action.kind}`;
  if (action.kind === 'role' || action.kind === 'company')
    return put<AdminUser>(url, action.body, { silent: true });
  return post<AdminUser>(url, action.body, { silent: true });
}

/** Runs a write on a user; the lists and the audit log refetch afterwards. */
export function useAdminUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminUserAction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'dashboard'] }),
      ]),
  });
}

/** The membership commodities a grant may name (the public VIP offer). */
export function useGrantableCommodities(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.commodities(),
    queryFn: () => get<BuyVipInfo>('/api/web/2.0/order/getBuyVIPInfo', undefined, { silent: true }),
    select: (info) => info.commodities,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

// ---------------------------------------------------------------------------------------------
// Audit log

/** GET /api/admin/audit: one page of audit rows, newest first. */
export function fetchAudit(query: AuditQuery): Promise<PageOf<AuditRow>> {
  return get<PageOf<AuditRow>>('/api/admin/audit', compact(query));
}

export function useAudit(query: AuditQuery) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminKeys.audit(viewer, query),
    queryFn: () => fetchAudit(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---------------------------------------------------------------------------------------------
// Dashboard

/** GET /api/admin/dashboard: today's figures, the 30-day series and the jobs' health. */
export function fetchDashboard(): Promise<Dashboard> {
  return get<Dashboard>('/api/admin/dashboard');
}

export function useDashboard() {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminKeys.dashboard(viewer),
    queryFn: fetchDashboard,
    refetchInterval: 60_000,
    retry: false,
  });
}
