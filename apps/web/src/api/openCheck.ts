/**
 * openCheck (docs/api.md#common): which trade services are open. The menu and the service screens
 * ask `useServiceOpen(key)`; a closed service shows 即将开放 instead of a dead end.
 */
import type { OpenCheck, ServiceKey } from '@steelport/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from './client.ts';

export const openCheckKeys = { all: ['openCheck'] as const };

/** GET /api/ma/common/openCheck. */
export function fetchOpenCheck(): Promise<OpenCheck> {
  // Silent: without an answer the portal behaves as if everything were open (the screens ask
  // the server, which refuses a closed service itself).
  return get<OpenCheck>('/api/ma/common/openCheck', undefined, { silent: true });
}

/** The whole answer; refetched at most once a minute. */
export function useOpenCheck() {
  return useQuery({ queryKey: openCheckKeys.all, queryFn: fetchOpenCheck, staleTime: 60_000 });
}

export interface ServiceState {
  /** open, or not known yet (then treated as open, so nothing flashes 即将开放) */
  open: boolean;
  /** the server answered */
  ready: boolean;
  /** what the operators say while it is closed (may be empty) */
  note: string;
  name: string;
}

/** Whether one service is open. */
export function useServiceOpen(key: ServiceKey): ServiceState {
  const { data } = useOpenCheck();
  const entry = data?.services.find((s) => s.key === key);
  return {
    open: data ? (data.open[key] ?? false) : true,
    ready: Boolean(data),
    note: entry?.note ?? '',
    name: entry?.name ?? '',
  };
}
