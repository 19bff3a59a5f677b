/**
 * Shared processing (docs/api.md#processing, /process): offers with group orders, the filter
 * menus, and a member's enquiry or join, which answers the plant's contact.
 */
import type {
  PageOf,
  ProcessingEnquiryResult,
  ProcessingMenus,
  ProcessingOffer,
  ProcessingQuery,
} from '@steelport/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { get } from './client.ts';

/** The list query without its defaults filled (the URL keeps only what was chosen). */
export type OfferQuery = Partial<ProcessingQuery> & { page: number };

export const OFFERS_PAGE_SIZE = 12;

export const processingKeys = {
  all: ['processing'] as const,
  offers: (viewer: Viewer, query: OfferQuery) => [...processingKeys.all, 'offers', viewer, query] as const,
  menus: () => [...processingKeys.all, 'menus'] as const,
};

/** GET /api/web/2.0/shareMach. */
export function fetchOffers(query: OfferQuery): Promise<PageOf<ProcessingOffer>> {
  return get<PageOf<ProcessingOffer>>(
    '/api/web/2.0/shareMach',
    { pageSize: OFFERS_PAGE_SIZE, ...query },
    { silent: true },
  );
}

/** GET /api/web/2.0/shareMach/getMenus. */
export function fetchMenus(): Promise<ProcessingMenus> {
  return get<ProcessingMenus>('/api/web/2.0/shareMach/getMenus', undefined, { silent: true });
}

/** Offers for the caller (their own share shows once logged in). */
export function useOffers(query: OfferQuery) {
  const viewer = useViewer();
  return useQuery({
    queryKey: processingKeys.offers(viewer, query),
    queryFn: () => fetchOffers(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

/** The filter menus (the same for everyone). */
export function useProcessingMenus() {
  return useQuery({ queryKey: processingKeys.menus(), queryFn: fetchMenus, staleTime: 60_000 });
}

export interface EnquiryInput {
  offerId: number;
  /** tonnes to hold in the group order; undefined for a plain enquiry */
  tonnes?: number;
  remark?: string;
}

/** GET /api/web/shareMach/enquiry/{id}: enquire or join; the lists refetch with the new tonnage. */
export function useEnquire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, tonnes, remark }: EnquiryInput) =>
      get<ProcessingEnquiryResult>(
        `/api/web/shareMach/enquiry/${offerId}`,
        { ...(tonnes !== undefined && { tonnes }), ...(remark && { remark }) },
        // the dialog shows the error beside the field
        { silent: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: processingKeys.all }),
  });
}
