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
    setPage: (page: number) => apply({ ...state, page }),
  };
}
