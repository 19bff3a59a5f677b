/**
 * The console's trade services (issue 18, contracts `admin-services.ts`): inspection requests and
 * their workflow, processing offers with group orders and enquiries, service switches. A write
 * refreshes its lists and the portal answers it changes (the member's inspection screens,
 * processing offers, openCheck), so the operator's own portal tab shows it at once.
 */
import type {
  AdminDeleted,
  AdminEnquiryBody,
  AdminEnquiryPage,
  AdminEnquiryQuery,
  AdminEnquiryRow,
  AdminInspectionAcceptBody,
  AdminInspectionAssignBody,
  AdminInspectionCancelBody,
  AdminInspectionCompleteBody,
  AdminInspectionDetail,
  AdminInspectionPage,
  AdminInspectionQuery,
  AdminInspectionStepBody,
  AdminOfferBody,
  AdminOfferPage,
  AdminOfferQuery,
  AdminOfferRow,
  AdminSwitch,
  AdminSwitchBody,
  AdminSwitchList,
  ServiceKey,
} from '@steelport/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../auth/session.ts';
import { get, post, put, request } from './client.ts';
import { openCheckKeys } from './openCheck.ts';

// The screens show their own error states; a toast would say it twice.
const QUIET = { silent: true };

/** Query keys: per operator, so a second login in the tab never reads the first one's cache. */
export const adminServicesKeys = {
  all: ['adminServices'] as const,
  inspections: () => [...adminServicesKeys.all, 'inspections'] as const,
  offers: () => [...adminServicesKeys.all, 'offers'] as const,
  enquiries: () => [...adminServicesKeys.all, 'enquiries'] as const,
  switches: () => [...adminServicesKeys.all, 'switches'] as const,
};

/** The portal's query keys an inspection, processing or switch write makes stale. */
const PORTAL = { inspections: ['inspection'], processing: ['processing'] };

/** The query without empty strings and undefined values (the server refuses an empty keyword). */
function withoutEmpty<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}

/** A page of inspection requests. */
export function useAdminInspections(query: Partial<AdminInspectionQuery>) {
  const viewer = useViewer();
  return useQuery({
    queryKey: [...adminServicesKeys.inspections(), 'list', viewer, query],
    queryFn: () => get<AdminInspectionPage>('/api/admin/inspections', withoutEmpty(query), QUIET),
    placeholderData: keepPreviousData,
  });
}

/** One request with its trace (id null: nothing open). */
export function useAdminInspection(id: number | null) {
  const viewer = useViewer();
  return useQuery({
    queryKey: [...adminServicesKeys.inspections(), 'one', viewer, id ?? 0],
    queryFn: () => get<AdminInspectionDetail>(`/api/admin/inspections/${id}`, undefined, QUIET),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The workflow's actions and what each takes. */
export interface InspectionActionBodies {
  accept: AdminInspectionAcceptBody;
  assign: AdminInspectionAssignBody;
  steps: AdminInspectionStepBody;
  complete: AdminInspectionCompleteBody;
  cancel: AdminInspectionCancelBody;
}

/** One action on request `id` with its body. */
export type InspectionActionCall = {
  [A in keyof InspectionActionBodies]: { id: number; action: A; body: InspectionActionBodies[A] };
}[keyof InspectionActionBodies];

/** One workflow action on request `id`; refreshes the console's lists and the member's screens. */
export function useInspectionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: InspectionActionCall) =>
      post<AdminInspectionDetail>(`/api/admin/inspections/${v.id}/${v.action}`, v.body, QUIET),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminServicesKeys.inspections() });
      void client.invalidateQueries({ queryKey: PORTAL.inspections });
    },
  });
}

/** A page of processing offers. */
export function useAdminOffers(query: Partial<AdminOfferQuery>) {
  const viewer = useViewer();
  return useQuery({
    queryKey: [...adminServicesKeys.offers(), 'list', viewer, query],
    queryFn: () => get<AdminOfferPage>('/api/admin/processing/offers', withoutEmpty(query), QUIET),
    placeholderData: keepPreviousData,
  });
}

/** Create, update, delete and the group switch of offers; each refreshes offers, enquiries and /process. */
export function useOfferWrites() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: adminServicesKeys.offers() });
    void client.invalidateQueries({ queryKey: adminServicesKeys.enquiries() });
    void client.invalidateQueries({ queryKey: PORTAL.processing });
  };
  return {
    create: useMutation({
      mutationFn: (body: AdminOfferBody) => post<AdminOfferRow>('/api/admin/processing/offers', body, QUIET),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: AdminOfferBody }) =>
        put<AdminOfferRow>(`/api/admin/processing/offers/${id}`, body, QUIET),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        request<AdminDeleted>({ url: `/api/admin/processing/offers/${id}`, method: 'delete', ...QUIET }),
      onSuccess: refresh,
    }),
    group: useMutation({
      mutationFn: ({ id, open }: { id: number; open: boolean }) =>
        post<AdminOfferRow>(`/api/admin/processing/offers/${id}/group`, { open }, QUIET),
      onSuccess: refresh,
    }),
  };
}

/** A page of enquiries and group-order shares. */
export function useAdminEnquiries(query: Partial<AdminEnquiryQuery>) {
  const viewer = useViewer();
  return useQuery({
    queryKey: [...adminServicesKeys.enquiries(), 'list', viewer, query],
    queryFn: () => get<AdminEnquiryPage>('/api/admin/processing/enquiries', withoutEmpty(query), QUIET),
    placeholderData: keepPreviousData,
  });
}

/** Sets an enquiry's follow-up. */
export function useHandleEnquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminEnquiryBody }) =>
      put<AdminEnquiryRow>(`/api/admin/processing/enquiries/${id}`, body, QUIET),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminServicesKeys.enquiries() }),
  });
}

/** Every service switch. */
export function useAdminSwitches() {
  const viewer = useViewer();
  return useQuery({
    queryKey: [...adminServicesKeys.switches(), viewer],
    queryFn: () => get<AdminSwitchList>('/api/admin/switches', undefined, QUIET),
  });
}

/** Flips one switch; the portal's openCheck answer is fetched again. */
export function useSetSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: ServiceKey; body: AdminSwitchBody }) =>
      put<AdminSwitch>(`/api/admin/switches/${key}`, body, QUIET),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminServicesKeys.switches() });
      void client.invalidateQueries({ queryKey: openCheckKeys.all });
    },
  });
}
