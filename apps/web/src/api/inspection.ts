/** inspection (docs/api.md#inspection): partner warehouses, requests, history and trace. */
import type {
  InspectionCreated,
  InspectionHistoryQuery,
  InspectionItem,
  InspectionRegions,
  InspectionRequest,
  InspectionTrace,
  PageOf,
} from '@steelport/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session.ts';
import { get, post } from './client.ts';
import { userKeys } from './user.ts';

export const inspectionKeys = {
  all: ['inspection'] as const,
  regions: (token: string | null) =>
    [...inspectionKeys.all, 'regions', token ? 'member' : 'visitor'] as const,
  history: (q: Partial<InspectionHistoryQuery>) => [...inspectionKeys.all, 'history', q] as const,
  trace: (id: number) => [...inspectionKeys.all, 'trace', id] as const,
};

/** Partner warehouses by region, and what a request costs the caller. */
export function useInspectionRegions() {
  const { token } = useSession();
  return useQuery({
    queryKey: inspectionKeys.regions(token),
    queryFn: () => get<InspectionRegions>('/api/web/2.0/inspection/warehouseList/region'),
  });
}

/** The caller's requests, a page at a time. */
export function useInspectionHistory(q: Partial<InspectionHistoryQuery>, enabled: boolean) {
  return useQuery({
    queryKey: inspectionKeys.history(q),
    queryFn: () => get<PageOf<InspectionItem>>('/api/web/2.0/inspection/warehouseList/history', q),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One request's trace (opened in the drawer). */
export function useInspectionTrace(id: number | null) {
  return useQuery({
    queryKey: inspectionKeys.trace(id ?? 0),
    queryFn: () => get<InspectionTrace>('/api/web/2.0/inspection/trace/list', { id }),
    enabled: id !== null,
  });
}

/** Sends a request; afterwards the history, the balance and myInfo are fetched again. */
export function useRequestInspection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InspectionRequest) =>
      // silent: the form shows a refusal itself (a gate for too few beans, the message otherwise)
      post<InspectionCreated>('/api/web/2.0/inspection/inspections', body, { silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: inspectionKeys.all });
      await client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
