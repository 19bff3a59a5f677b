import './trader.css';
import { TRADER_LIMITS } from '@steelport/contracts';
import { App, Input, Pagination, type TableColumnsType, Tabs } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  bulkOwnLots,
  createOwnLot,
  deleteOwnRow,
  type LotBulkRequest,
  type LotInputOf,
  type OwnLotKind,
  type OwnLotOf,
  updateOwnLot,
  useOwnLots,
  useTraderMutation,
} from '../../api/trader.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatCount, formatLotWeight, UNIT } from '../../lib/numbers.ts';
import { type BulkAction, BulkBar } from './BulkBar.tsx';
import { EditableNumber } from './EditableNumber.tsx';
import {
  actionsColumn,
  CardHead,
  cellOf,
  itemColumns,
  OwnTable,
  PriceText,
  RowButtons,
  rowName,
  type TableRow,
} from './OwnTable.tsx';
import { lotToInput, OWN_PAGE_SIZE, parseOwnLotQuery, patchOwnParams } from './ownQuery.ts';
import { RowFormDrawer, type RowFormValues, type RowInput, rowToForm } from './RowFormDrawer.tsx';
import { RowTime, StatusTag } from './RowTime.tsx';
import { RowActions, RowsEmpty, RowsError } from './RowTools.tsx';

const LOT_ACTIONS: readonly BulkAction[] = ['sold', 'onSale', 'reprice', 'delete'];
const STATUS_TABS = ['all', 'on_sale', 'sold_out'] as const;

/** The form's state: closed, 新增, or 修改 of one row. */
type FormState = { open: false } | { open: true; row?: { id: number; values: RowFormValues } };

/**
 * /account/stock and /account/surplus: the company's own lots, newest first. A keyword box,
 * status tabs (全部 / 在售 / 已售) and the page live in the URL. Price, pieces and weight edit in
 * place; a selection gets 标记已售, 重新上架, 调价 and 删除 at once; 新增 and 修改 open the row form;
 * 导入 Excel leads to the import wizard. A desktop shows a dense table, a phone one card per lot.
 */
export function OwnLotScreen<K extends OwnLotKind>({ kind }: { kind: K }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [params, setParams] = useSearchParams();
  const query = parseOwnLotQuery(params);
  const lots = useOwnLots(kind, query);
  const [form, setForm] = useState<FormState>({ open: false });
  const text = (key: 'title' | 'emptyLead' | 'noMatch' | 'exportName') => t(`trader.lots.${kind}.${key}`);

  const save = useTraderMutation(kind, ({ id, input }: { id?: number; input: LotInputOf<K> }) =>
    id === undefined ? createOwnLot(kind, input) : updateOwnLot(kind, id, input, true),
  );
  const inline = useTraderMutation(kind, ({ id, input }: { id: number; input: LotInputOf<K> }) =>
    updateOwnLot(kind, id, input),
  );
  const bulk = useTraderMutation(kind, (body: LotBulkRequest) => bulkOwnLots(kind, body));
  const remove = useTraderMutation(kind, (id: number) => deleteOwnRow(kind, id));

  // A selection belongs to the list it was made in: another page, tab or search starts afresh.
  const listKey = `${query.page}|${query.keyword ?? ''}|${query.status ?? ''}`;
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: listKey, ids: [] });
  const selected = selection.key === listKey ? selection.ids : [];
  const setSelected = (ids: number[]) => setSelection({ key: listKey, ids });

  const change = (patch: Parameters<typeof patchOwnParams>[1]) => setParams(patchOwnParams(params, patch));

  // The last rows of a later page were removed or sold away: show the last page that has rows.
  const data = lots.data;
  useEffect(() => {
    if (data && data.list.length === 0 && data.total > 0 && query.page > 1) {
      setParams(patchOwnParams(params, { page: Math.max(1, Math.ceil(data.total / OWN_PAGE_SIZE)) }));
    }
  }, [data, query.page, params, setParams]);

  const runBulk = (action: BulkAction, delta?: number) => {
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

  const editRow = (row: OwnLotOf<K>) =>
    setForm({
      open: true,
      row: { id: row.id, values: rowToForm({ ...lotToInput(row), callForPrice: row.callForPrice }) },
    });
  const saveInline = (row: OwnLotOf<K>, patch: Partial<LotInputOf<K>>) =>
    inline.mutateAsync({ id: row.id, input: { ...lotToInput(row), ...patch } as LotInputOf<K> }).then(() => {
      void message.success(t('trader.saved'));
    });
  const removeRow = (row: OwnLotOf<K>) =>
    remove.mutate(row.id, {
      onSuccess: () => void message.success(t('trader.bulk.done.delete', { count: 1 })),
    });

  const filtered = Boolean(query.keyword || query.status);
  let body: ReactNode;
  if (lots.isError && !data) {
    body = <RowsError message={lots.error.message} onRetry={() => void lots.refetch()} />;
  } else if (data && data.total === 0) {
    body = (
      <RowsEmpty
        kind={kind}
        lead={text('emptyLead')}
        noMatch={text('noMatch')}
        filtered={filtered}
        onAdd={() => setForm({ open: true })}
      />
    );
  } else if (isPhone) {
    body = data ? (
      <LotCards
        kind={kind}
        rows={data.list}
        selected={selected}
        onSelect={setSelected}
        onEdit={editRow}
        onDelete={removeRow}
      />
    ) : (
      <div role="status" aria-label={t('trader.loading')} className="sp-trader__cards">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <div key={i} className="sp-trader__card sp-trader__card--skeleton" />
        ))}
      </div>
    );
  } else {
    body = (
      <LotTable
        kind={kind}
        rows={data?.list ?? null}
        selected={selected}
        onSelect={setSelected}
        onEdit={editRow}
        onDelete={removeRow}
        onInline={saveInline}
      />
    );
  }

  return (
    <section className="sp-box sp-trader" aria-labelledby={`trader-${kind}-title`}>
      <h2 className="sp-box__title" id={`trader-${kind}-title`}>
        {text('title')}
        <span className="sp-trader__count">
          {data ? t('trader.total', { count: formatCount(data.total) }) : ' '}
        </span>
      </h2>
      <div className="sp-box__body" aria-busy={lots.isFetching}>
        <div className="sp-trader__toolbar">
          <Input.Search
            key={query.keyword ?? ''}
            className="sp-trader__search"
            defaultValue={query.keyword}
            allowClear
            maxLength={TRADER_LIMITS.keywordLength}
            placeholder={t('trader.keywordPlaceholder')}
            aria-label={t('trader.keywordLabel')}
            enterButton={t('trader.search')}
            onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
          />
          <RowActions
            kind={kind}
            addText={t('trader.add')}
            exportName={text('exportName')}
            onAdd={() => setForm({ open: true })}
          />
        </div>
        <Tabs
          size="small"
          className="sp-trader__tabs"
          aria-label={t('trader.statusLabel')}
          activeKey={query.status ?? 'all'}
          onChange={(key) => change({ status: key === 'all' ? undefined : key })}
          items={STATUS_TABS.map((key) => ({ key, label: t(`trader.status.${key}`) }))}
        />
        <BulkBar
          pageIds={data?.list.map((row) => row.id) ?? []}
          selected={selected}
          actions={LOT_ACTIONS}
          busy={bulk.isPending}
          onSelect={setSelected}
          onAction={runBulk}
        />
        {lots.isError && data && (
          <RowsError message={lots.error.message} onRetry={() => void lots.refetch()} />
        )}
        <div className="sp-trader__list">{body}</div>
        {data && data.total > OWN_PAGE_SIZE && (
          <Pagination
            className="sp-trader__pager"
            current={query.page}
            pageSize={OWN_PAGE_SIZE}
            total={data.total}
            onChange={(page) => change({ page })}
            showSizeChanger={false}
            size={isPhone ? 'large' : 'small'}
            simple={isPhone}
            showTotal={isPhone ? undefined : (count) => t('trader.total', { count: formatCount(count) })}
          />
        )}
      </div>
      <RowFormDrawer
        kind={kind}
        open={form.open}
        initial={form.open ? form.row?.values : undefined}
        onClose={() => setForm({ open: false })}
        onSubmit={(input: RowInput) =>
          save
            .mutateAsync({ id: form.open ? form.row?.id : undefined, input: input as LotInputOf<K> })
            .then(
              () =>
                void message.success(form.open && form.row ? t('trader.saved') : t('trader.form.created')),
            )
        }
      />
    </section>
  );
}

interface RowsProps<K extends OwnLotKind> {
  kind: K;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onEdit: (row: OwnLotOf<K>) => void;
  onDelete: (row: OwnLotOf<K>) => void;
}

/** The desktop's dense table; `rows` null draws a page of placeholder rows of the same height. */
function LotTable<K extends OwnLotKind>({
  kind,
  rows,
  selected,
  onSelect,
  onEdit,
  onDelete,
  onInline,
}: RowsProps<K> & {
  rows: OwnLotOf<K>[] | null;
  onInline: (row: OwnLotOf<K>, patch: Partial<LotInputOf<K>>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const cell = cellOf<OwnLotOf<K>>;
  const surplusColumns: TableColumnsType<TableRow<OwnLotOf<K>>> =
    kind === 'surplus'
      ? [
          {
            key: 'grade',
            title: t('trader.col.grade'),
            width: 56,
            render: cell((row) => ('grade' in row ? row.grade : '')),
          },
          {
            key: 'defects',
            title: t('trader.col.defects'),
            width: 96,
            ellipsis: true,
            render: cell((row) => ('defects' in row ? row.defects : '')),
          },
        ]
      : [];
  const columns: TableColumnsType<TableRow<OwnLotOf<K>>> = [
    ...itemColumns<OwnLotOf<K>>(t, { cityColumn: false }),
    ...surplusColumns,
    {
      key: 'pieces',
      title: t('trader.col.pieces'),
      width: 60,
      align: 'right',
      render: cell((row) => (
        <EditableNumber
          value={row.pieces}
          display={formatCount(row.pieces)}
          label={t('trader.col.pieces')}
          min={1}
          max={TRADER_LIMITS.piecesMax}
          precision={0}
          onSave={(pieces) => onInline(row, { pieces } as Partial<LotInputOf<K>>)}
        />
      )),
    },
    {
      key: 'weight',
      title: t('trader.col.weight'),
      width: 92,
      align: 'right',
      render: cell((row) => (
        <EditableNumber
          value={row.weight}
          display={formatLotWeight(row.weight)}
          label={t('trader.col.weight')}
          min={0.001}
          max={TRADER_LIMITS.weightMax}
          precision={3}
          onSave={(weight) => onInline(row, { weight } as Partial<LotInputOf<K>>)}
        />
      )),
    },
    {
      key: 'price',
      title: t('trader.col.price'),
      width: 108,
      align: 'right',
      render: cell((row) => (
        <EditableNumber
          value={row.callForPrice ? 0 : row.price}
          display={<PriceText row={row} />}
          label={t('trader.col.price')}
          min={0}
          max={TRADER_LIMITS.priceMax}
          precision={0}
          onSave={(price) => onInline(row, { price } as Partial<LotInputOf<K>>)}
        />
      )),
    },
    {
      key: 'status',
      title: t('trader.col.status'),
      width: 56,
      render: cell((row) => <StatusTag status={row.status} />),
    },
    {
      key: 'updatedAt',
      title: t('trader.col.updatedAt'),
      width: 96,
      render: cell((row) => <RowTime updatedAt={row.updatedAt} stale={row.stale} short />),
    },
    actionsColumn<OwnLotOf<K>>(t, onEdit, onDelete),
  ];
  return <OwnTable<OwnLotOf<K>> rows={rows} columns={columns} selected={selected} onSelect={onSelect} />;
}

/** A phone's cards: a checkbox to select, what it is and the price, then figures, state and actions. */
function LotCards<K extends OwnLotKind>({
  rows,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: RowsProps<K> & { rows: OwnLotOf<K>[] }) {
  return (
    <ol className="sp-trader__cards">
      {rows.map((row) => (
        <li key={row.id} className="sp-trader__card" data-testid="own-lot-card">
          <CardHead row={row} selected={selected} onSelect={onSelect} />
          <div className="sp-trader__card-meta">
            {[
              `${formatLotWeight(row.weight)} ${UNIT.tonne}`,
              `${formatCount(row.pieces)} ${UNIT.pieces}`,
              row.origin,
              row.warehouse || row.city,
              'grade' in row ? row.grade : '',
              'defects' in row ? row.defects : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
          <div className="sp-trader__card-row sp-trader__card-foot">
            <StatusTag status={row.status} />
            <RowTime updatedAt={row.updatedAt} stale={row.stale} />
            <RowButtons name={rowName(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
          </div>
        </li>
      ))}
    </ol>
  );
}
