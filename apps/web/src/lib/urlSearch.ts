import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A paged search held in the URL (every filter, the sort and the page), so a reload, back and a
 * shared link restore it. `parse` and `write` must be stable (module-level) functions.
 *
 * A new search renders at once (`flushSync`): React Router renders a navigation in a transition,
 * so a second filter clicked before that render committed was built from the query without the
 * first and dropped it (a product then a grade left only the grade on a busy machine). The option
 * works only with the RouterProvider of react-router/dom (App.tsx); react-router's ignores it.
 */
export function useUrlSearch<Q>(
  parse: (params: URLSearchParams) => Q,
  write: (query: Q) => URLSearchParams,
): [Q, (next: Q) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const query = useMemo(() => parse(new URLSearchParams(text)), [text, parse]);
  return [query, (next: Q) => setParams(write(next), { flushSync: true })];
}
