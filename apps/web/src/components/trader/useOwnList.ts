import '../../i18n/workspace.ts';
import type { BulkResult, TraderKind } from '@steelport/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteOwnRow, useTraderMutation } from '../../api/trader.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { formatCount } from '../../lib/numbers.ts';
import type { BulkAction } from './BulkBar.tsx';
import type { OwnRow } from './OwnTable.tsx';
import { type RowFormValues, type RowInput, rowToForm } from './RowFormDrawer.tsx';

/** The form's state: closed, 新增, or 修改 of one row. */
type FormState = { open: false } | { open: true; row?: { id: number; values: RowFormValues } };

/** A bulk action as a list sends it. */
export interface OwnBulkBody {
  ids: number[];
  action: BulkAction;
  delta?: number;
}

/** How one of the trader's lists reads and writes its rows. */
export interface OwnListOptions<Row extends OwnRow, Input extends RowInput> {
  kind: TraderKind;
  /** the list the rows are from (page, search, tab or day): a selection belongs to one */
  listKey: string;
  /** the bulk actions the list offers */
  actions: readonly BulkAction[];
  /** the row as its PUT takes it */
  toInput: (row: Row) => Input;
  create: (input: Input) => Promise<unknown>;
  /** `silent`: the form shows the server's message itself */
  update: (id: number, input: Input, silent: boolean) => Promise<unknown>;
  bulk: (body: OwnBulkBody) => Promise<BulkResult>;
  /** after a row was created by the form */
  onCreated?: () => void;
}

/**
 * What the trader's own lists (我的报价, 我的现货, 我的余料) do alike: the selection (kept per
 * list: another page, tab or search starts afresh), the bulk actions on it, the inline edit, the
 * delete of one row and the form drawer for 新增 and 修改, each with its success message. Every
 * write refetches the kind's lists (`useTraderMutation`).
 */
export function useOwnList<Row extends OwnRow, Input extends RowInput>(options: OwnListOptions<Row, Input>) {
  const { kind, listKey, actions, toInput } = options;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form, setForm] = useState<FormState>({ open: false });

  const save = useTraderMutation(kind, ({ id, input }: { id?: number; input: Input }) =>
    id === undefined ? options.create(input) : options.update(id, input, true),
  );
  const inline = useTraderMutation(kind, ({ id, input }: { id: number; input: Input }) =>
    options.update(id, input, false),
  );
  const bulk = useTraderMutation(kind, (body: OwnBulkBody) => options.bulk(body));
  const remove = useTraderMutation(kind, (id: number) => deleteOwnRow(kind, id));

  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: listKey, ids: [] });
  const selected = selection.key === listKey ? selection.ids : [];
  const setSelected = (ids: number[]) => setSelection({ key: listKey, ids });

  const runBulk = (action: BulkAction, delta?: number) => {
    if (!actions.includes(action)) return;
    bulk.mutate(
      { ids: selected, action, ...(delta === undefined ? {} : { delta }) },
      {
        onSuccess: (result) => {
          void message.success(t(`trader.bulk.done.${action}`, { count: formatCount(result.affected) }));
          setSelected([]);
        },
      },
    );
  };

  const editing = form.open ? form.row : undefined;
  return {
    kind,
    actions,
    selected,
    setSelected,
    runBulk,
    bulkBusy: bulk.isPending,
    /** 修改 of a row: the form opens with its values */
    editRow: (row: Row) =>
      setForm({
        open: true,
        row: { id: row.id, values: rowToForm({ ...toInput(row), callForPrice: row.callForPrice }) },
      }),
    /** an edit in place: the row as listed with the edited fields over it */
    saveInline: (row: Row, patch: Partial<Input>) =>
      inline.mutateAsync({ id: row.id, input: { ...toInput(row), ...patch } }).then(() => {
        void message.success(t('trader.saved'));
      }),
    removeRow: (row: Row) =>
      remove.mutate(row.id, {
        onSuccess: () => void message.success(t('trader.bulk.done.delete', { count: 1 })),
      }),
    /** 新增: the form opens empty */
    openNew: () => setForm({ open: true }),
    form: {
      open: form.open,
      initial: editing?.values,
      onClose: () => setForm({ open: false }),
      onSubmit: (input: RowInput) =>
        save.mutateAsync({ id: editing?.id, input: input as Input }).then(() => {
          void message.success(editing ? t('trader.saved') : t('trader.form.created'));
          if (!editing) options.onCreated?.();
        }),
    },
  };
}

/** The state and actions of one own list, as its shell and rows receive them. */
export type OwnList<Row extends OwnRow, Input extends RowInput> = ReturnType<typeof useOwnList<Row, Input>>;
