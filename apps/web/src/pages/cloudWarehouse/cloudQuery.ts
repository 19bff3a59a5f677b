import { COIL_NO_REGEXP } from '@steelport/contracts';
import type { CloudQuery } from '../../api/cloud.ts';

/** The coil statuses the screen filters by; `in_stock` is the default. */
export const STATUSES = ['in_stock', 'out', 'all'] as const;

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The screen's query from the URL (a reload or a shared link restores it). */
export function readQuery(params: URLSearchParams): CloudQuery {
  const status = params.get('status');
  const coilNo = params.get('coilNo') ?? undefined;
  return {
    status: (STATUSES as readonly string[]).includes(status ?? '')
      ? (status as CloudQuery['status'])
      : 'in_stock',
    ...(coilNo && COIL_NO_REGEXP.test(coilNo) && { coilNo }),
    ...(positive(params.get('warehouseId')) && { warehouseId: positive(params.get('warehouseId')) }),
    page: positive(params.get('page')) ?? 1,
    historyPage: positive(params.get('historyPage')) ?? 1,
  };
}

/** Sets URL parameters; any filter change goes back to the first pages unless `keepPages`. */
export type Update = (changes: Record<string, string | number | undefined>, keepPages?: boolean) => void;
