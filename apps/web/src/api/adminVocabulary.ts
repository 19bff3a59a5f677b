/**
 * The console's search vocabulary (issue 29 item 2, contracts `admin-vocabulary.ts`): the words
 * search understands, an operator's new alias or grade, and an alias removed. A write refreshes
 * the list and the portal's stock, surplus and quotation answers, so the operator's own portal
 * tab reads keywords with the new words at once (the server forgot its dictionary).
 */
import type {
  AdminVocabulary,
  AdminVocabularyMaterial,
  AdminVocabularyTerm,
  VocabularyAliasKind,
} from '@steelport/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../auth/session.ts';
import { get, post, request } from './client.ts';
import { lotKeys } from './lots.ts';
import { quoteKeys } from './quotations.ts';

// The screen shows its own error state and refusals: a toast would say it twice.
const QUIET = { silent: true };

/** Query keys: per operator, so a second login in the tab never reads the first one's cache. */
export const adminVocabularyKeys = {
  all: ['adminVocabulary'] as const,
};

/** Every list of the vocabulary (a few hundred words, one answer). */
export function useAdminVocabulary() {
  const viewer = useViewer();
  return useQuery({
    queryKey: [...adminVocabularyKeys.all, viewer],
    queryFn: () => get<AdminVocabulary>('/api/admin/vocabulary', undefined, QUIET),
  });
}

/** Marks the vocabulary and every portal search answer stale after a write. */
function useRefreshAfterWrite() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: adminVocabularyKeys.all });
    void client.invalidateQueries({ queryKey: lotKeys.all });
    void client.invalidateQueries({ queryKey: quoteKeys.all });
  };
}

/** Adds an alias to a family, a product or a mill; rejects with the server's refusal. */
export function useAddAlias() {
  const onSuccess = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ kind, id, alias }: { kind: VocabularyAliasKind; id: number; alias: string }) =>
      post<AdminVocabularyTerm>(`/api/admin/vocabulary/${kind}/${id}/aliases`, { alias }, QUIET),
    onSuccess,
  });
}

/** Removes one alias of a family, a product or a mill. */
export function useRemoveAlias() {
  const onSuccess = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ kind, id, alias }: { kind: VocabularyAliasKind; id: number; alias: string }) =>
      request<AdminVocabularyTerm>({
        url: `/api/admin/vocabulary/${kind}/${id}/aliases/${encodeURIComponent(alias)}`,
        method: 'delete',
        ...QUIET,
      }),
    onSuccess,
  });
}

/** Adds a material grade. */
export function useAddGrade() {
  const onSuccess = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (name: string) =>
      post<AdminVocabularyMaterial>('/api/admin/vocabulary/materials', { name }, QUIET),
    onSuccess,
  });
}
