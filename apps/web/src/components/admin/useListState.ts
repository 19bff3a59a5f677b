import { useSearchParams } from 'react-router';
import { type ListParams, readListParams, writeListParams } from './adminForm.ts';

/**
 * A console list's search, filters and page kept in the URL (a reload or a shared link restores
 * the list): a changed keyword or filter goes back to page 1.
 */
export function useListState(filterKeys: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const state = readListParams(params, filterKeys);
  const apply = (next: ListParams) => setParams(writeListParams(next));
  return {
    ...state,
    setKeyword: (keyword: string) => apply({ ...state, keyword, page: 1 }),
    setFilter: (key: string, value: string | undefined) =>
      apply({ ...state, filters: { ...state.filters, [key]: value ?? '' }, page: 1 }),
    /** Several filters at once (a date range's two ends): one URL change, back to page 1. */
    setFilters: (patch: Record<string, string | undefined>) =>
      apply({
        ...state,
        filters: {
          ...state.filters,
          ...Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v ?? ''])),
        },
        page: 1,
      }),
    setPage: (page: number) => apply({ ...state, page }),
  };
}
