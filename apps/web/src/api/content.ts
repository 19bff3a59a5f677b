/**
 * Market dynamics, agencies, ads and the home page's newest stock
 * (docs/api.md#market-dynamics-agencies-and-ads). Agencies show phones that depend on the
 * viewer, so their keys carry it.
 */
import type {
  AdList,
  AdPosition,
  AffairDetail,
  AffairPageQuery,
  AffairSummary,
  AgencyDetail,
  AgencyPage,
  AgencyPageQuery,
  HomeAnnouncement,
  NewestCargo,
  PageOf,
} from '@steelport/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { get, type RequestOptions } from './client.ts';

// The screens and blocks show their own error and empty states; a toast would say it twice.
const QUIET: RequestOptions = { silent: true };
const MINUTE = 60_000;

/** Query keys of the content screens and blocks. */
export const contentKeys = {
  all: ['content'] as const,
  affairs: (query: Partial<AffairPageQuery>) => [...contentKeys.all, 'affairs', query] as const,
  affair: (id: number) => [...contentKeys.all, 'affair', id] as const,
  agencies: (viewer: Viewer, query: Partial<AgencyPageQuery>) =>
    [...contentKeys.all, 'agencies', viewer, query] as const,
  agency: (viewer: Viewer, id: number) => [...contentKeys.all, 'agency', viewer, id] as const,
  ads: (position: AdPosition) => [...contentKeys.all, 'ads', position] as const,
  newestCargo: () => [...contentKeys.all, 'newestCargo'] as const,
  announcement: () => [...contentKeys.all, 'announcement'] as const,
};

/** GET commercialAffairs/findPageWithoutLogin */
export function fetchAffairs(query: Partial<AffairPageQuery>): Promise<PageOf<AffairSummary>> {
  return get<PageOf<AffairSummary>>('/api/web/commercialAffairs/findPageWithoutLogin', query, QUIET);
}

/** GET commercialAffairs/getDetail/{id} */
export function fetchAffair(id: number): Promise<AffairDetail> {
  return get<AffairDetail>(`/api/web/commercialAffairs/getDetail/${id}`, undefined, QUIET);
}

/** GET agency/page */
export function fetchAgencies(query: Partial<AgencyPageQuery>): Promise<AgencyPage> {
  return get<AgencyPage>('/api/web/2.0/agency/page', query, QUIET);
}

/** GET agency/detail/{id} */
export function fetchAgency(id: number): Promise<AgencyDetail> {
  return get<AgencyDetail>(`/api/web/2.0/agency/detail/${id}`, undefined, QUIET);
}

/** GET ad/getByPositionName */
export function fetchAds(positionName: AdPosition): Promise<AdList> {
  return get<AdList>('/api/web/2.0/ad/getByPositionName', { positionName }, QUIET);
}

/** GET home/newestCargo */
export function fetchNewestCargo(): Promise<NewestCargo> {
  return get<NewestCargo>('/api/web/2.0/home/newestCargo', undefined, QUIET);
}

/** A page of market dynamics; the previous page stays while the next loads. */
export function useAffairs(query: Partial<AffairPageQuery>) {
  return useQuery({
    queryKey: contentKeys.affairs(query),
    queryFn: () => fetchAffairs(query),
    placeholderData: keepPreviousData,
    staleTime: MINUTE,
  });
}

/** One market-dynamics item (a valid id only). */
export function useAffair(id: number) {
  return useQuery({
    queryKey: contentKeys.affair(id),
    queryFn: () => fetchAffair(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** A page of agencies for this viewer. */
export function useAgencies(query: Partial<AgencyPageQuery>) {
  const viewer = useViewer();
  return useQuery({
    queryKey: contentKeys.agencies(viewer, query),
    queryFn: () => fetchAgencies(query),
    placeholderData: keepPreviousData,
    staleTime: MINUTE,
  });
}

/** One agency for this viewer. */
export function useAgency(id: number) {
  const viewer = useViewer();
  return useQuery({
    queryKey: contentKeys.agency(viewer, id),
    queryFn: () => fetchAgency(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** The ads of a position (the server keeps them 30 s). */
export function useAds(position: AdPosition) {
  return useQuery(adsQuery(position));
}

/** The ads of a position as query options (the home screen's prefetch asks with the same key). */
export function adsQuery(position: AdPosition) {
  return queryOptions({
    queryKey: contentKeys.ads(position),
    queryFn: () => fetchAds(position),
    staleTime: MINUTE,
  });
}

/** The home page's newest spot stock. */
export function useNewestCargo() {
  return useQuery({ queryKey: contentKeys.newestCargo(), queryFn: fetchNewestCargo, staleTime: MINUTE });
}

/** GET home/announcement: the notice operators publish for the home page, or null. */
export function fetchHomeAnnouncement(): Promise<HomeAnnouncement> {
  return get<HomeAnnouncement>('/api/web/2.0/home/announcement', undefined, QUIET);
}

/** The home page's current announcement (null: none running, the default text stays). */
export function useHomeAnnouncement() {
  return useQuery({
    queryKey: contentKeys.announcement(),
    queryFn: fetchHomeAnnouncement,
    staleTime: MINUTE,
  });
}
