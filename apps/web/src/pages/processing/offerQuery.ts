import { PROCESSING_LIMITS, PROCESSING_LINE_TYPES, type ProcessingQuery } from '@steelport/contracts';
import type { OfferQuery } from '../../api/processing.ts';

/** The list's orders; `default` is the server's and stays out of the URL. */
export const SORTS = ['default', 'price', 'capacity', 'deadline'] as const;
const positive = (v: string | null) => {
  const n = Number(v);
  return v !== null && v !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The list query from the URL (a reload or a shared link restores the search). */
export function readQuery(params: URLSearchParams): OfferQuery {
  const lineType = params.get('lineType');
  const sort = params.get('sort');
  const thickness = positive(params.get('thickness'));
  const width = positive(params.get('width'));
  return {
    ...((PROCESSING_LINE_TYPES as readonly string[]).includes(lineType ?? '') && {
      lineType: lineType as ProcessingQuery['lineType'],
    }),
    ...(params.get('city') && { city: params.get('city') as string }),
    ...(thickness !== undefined && thickness <= PROCESSING_LIMITS.thicknessMax && { thickness }),
    ...(width !== undefined && Number.isInteger(width) && width <= PROCESSING_LIMITS.widthMax && { width }),
    ...(params.get('groupOnly') === '1' && { groupOnly: true }),
    ...((SORTS as readonly string[]).includes(sort ?? '') &&
      sort !== 'default' && { sort: sort as ProcessingQuery['sort'] }),
    page: Math.floor(positive(params.get('page')) ?? 1),
  };
}
