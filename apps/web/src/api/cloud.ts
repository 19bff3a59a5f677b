/**
 * Cloud warehouse (docs/api.md#cloud-warehouse, /beginClound): partner warehouses for everyone,
 * and with a token the caller's coils, totals and in/out history.
 */
import type { CloudIndex } from '@steelport/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { get } from './client.ts';

/** The screen's query as the URL keeps it. */
export interface CloudQuery {
  coilNo?: string;
  warehouseId?: number;
  status: 'in_stock' | 'out' | 'all';
  page: number;
  historyPage: number;
}

export const CLOUD_PAGE_SIZE = 10;

export const cloudKeys = {
  all: ['cloud'] as const,
  index: (viewer: Viewer, query: CloudQuery) => [...cloudKeys.all, 'index', viewer, query] as const,
};

/** GET /api/web/2.0/cloudWarehouse/index. */
export function fetchCloudIndex(query: CloudQuery): Promise<CloudIndex> {
  // the screen shows its own error state; a toast would repeat it
  return get<CloudIndex>(
    '/api/web/2.0/cloudWarehouse/index',
    { ...query, pageSize: CLOUD_PAGE_SIZE },
    { silent: true },
  );
}

/** The index for the caller (keyed by viewer: another login asks again). */
export function useCloudIndex(query: CloudQuery) {
  const viewer = useViewer();
  return useQuery({
    queryKey: cloudKeys.index(viewer, query),
    queryFn: () => fetchCloudIndex(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
