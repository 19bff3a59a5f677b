import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminContentKind, useAdminOne } from '../../api/adminContent.ts';
import '../../i18n/adminContent.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { useAdminAct } from './useAdminAct.ts';

/** The writes of one console list (a TanStack mutation each): what `useAdminEditing` calls. */
export interface AdminListWrites<Body> {
  create?: { mutateAsync: (body: Body) => Promise<unknown> };
  update: { mutateAsync: (change: { id: number; body: Body }) => Promise<unknown> };
  remove?: { mutateAsync: (id: number) => Promise<unknown> };
}

/**
 * The list-and-drawer work every console list repeats, in one place: which row the editor drawer
 * holds (`'new'` for 新建, the row or its id for 编辑, null when closed), and the row actions with
 * their outcome told (`useAdminAct`): 保存 from the drawer (create or update, then 已保存; a
 * refusal rejects, so the drawer shows it), 删除, and a whole-row write such as a switch.
 * `Target` is what 编辑 opens: the listed row, or its id when the drawer loads the rest.
 */
export function useAdminEditing<Target, Body>(
  writes: AdminListWrites<Body>,
  { savedText }: { savedText?: string } = {},
) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const act = useAdminAct();
  const [editing, setEditing] = useState<Target | 'new' | null>(null);
  return {
    act,
    editing,
    /** the row being edited (null for 新建 and when closed) */
    target: editing === 'new' ? null : editing,
    openCreate: () => setEditing('new'),
    openEdit: (target: Target) => setEditing(target),
    close: () => setEditing(null),
    /** the drawer's save: a new row (id null) or the whole row replaced */
    save: async (id: number | null, body: Body) => {
      if (id === null) await writes.create?.mutateAsync(body);
      else await writes.update.mutateAsync({ id, body });
      message.success(savedText ?? t('adminContent.saved'));
    },
    /** a row action that writes the whole row (上线/下线, 启用/停用), with what to say when done */
    update: (id: number, body: Body, done: string) =>
      act(() => writes.update.mutateAsync({ id, body }), done),
    remove: (id: number) =>
      act(() => writes.remove?.mutateAsync(id) ?? Promise.resolve(), t('adminContent.deleted')),
  };
}

/**
 * What an editor drawer of a kind whose rows are loaded before editing (articles and market items
 * carry their HTML) holds: the id being edited (null for 新建), the row once loaded, and whether
 * the drawer is open (at once for 新建, once the row has arrived for 编辑).
 */
export function useLoadedForEdit<K extends AdminContentKind>(kind: K, editing: number | 'new' | null) {
  const id = typeof editing === 'number' ? editing : null;
  const detail = useAdminOne(kind, id);
  const loaded = id === null ? null : (detail.data ?? null);
  return { id, loaded, open: editing !== null && (id === null || loaded !== null) };
}
