import '../../../components/trader/trader.css';
import '../../../i18n/workspace.ts';
import { CopyOutlined } from '@ant-design/icons';
import {
  type CopyQuotationsResult,
  type OwnQuotation,
  type QuotationInput,
  TRADER_LIMITS,
} from '@steelport/contracts';
import { Alert, App, Button, DatePicker, Input, InputNumber, Pagination, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  bulkOwnQuotations,
  copyQuotations,
  createOwnQuotation,
  deleteOwnRow,
  type QuotationBulkRequest,
  updateOwnQuotation,
  useOwnQuotations,
  useTraderMutation,
} from '../../../api/trader.ts';
import { QuoteChange } from '../../../components/quotes/QuoteFigures.tsx';
import { type BulkAction, BulkBar } from '../../../components/trader/BulkBar.tsx';
import { EditableNumber } from '../../../components/trader/EditableNumber.tsx';
import { EditableText } from '../../../components/trader/EditableText.tsx';
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
} from '../../../components/trader/OwnTable.tsx';
import {
  OWN_PAGE_SIZE,
  parseOwnQuotationQuery,
  patchOwnParams,
  quotationToInput,
} from '../../../components/trader/ownQuery.ts';
import {
  RowFormDrawer,
  type RowFormValues,
  type RowInput,
  rowToForm,
} from '../../../components/trader/RowFormDrawer.tsx';
import { RowTime } from '../../../components/trader/RowTime.tsx';
import { RowActions, RowsEmpty, RowsError } from '../../../components/trader/RowTools.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatLotWeight, formatSigned, UNIT } from '../../../lib/numbers.ts';

const QUOTE_ACTIONS: readonly BulkAction[] = ['reprice', 'delete'];

type FormState = { open: false } | { open: true; row?: { id: number; values: RowFormValues } };

/** 已复制 N 条（自 2026-11-24，+20 元/吨）, and how many were already quoted today. */
function copiedText(t: TFunction, result: CopyQuotationsResult, delta: number): string {
  if (result.from === null) return t('trader.quotes.copiedNothing');
  if (result.copied === 0) return t('trader.quotes.copiedNone');
  const copied = t('trader.quotes.copied', {
    count: formatCount(result.copied),
    from: result.from,
    delta: formatSigned(delta),
  });
  return result.skipped > 0
    ? `${copied}；${t('trader.quotes.copiedSkipped', { count: formatCount(result.skipped) })}`
    : copied;
}

/**
 * /account/quotations, 我的报价: one day's own quotes (today by default), as a trader works every
 * morning: 复制上一交易日报价 moved by a whole number of yuan, then price, 可供量 and 备注 edited in
 * place, a selection repriced or deleted at once, 新增报价 by the form or a sheet. 涨跌 is the
 * server's change against the trader's previous quote of the item, in market colours.
 */
export function AccountQuotationsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [params, setParams] = useSearchParams();
  const query = parseOwnQuotationQuery(params);
  const quotes = useOwnQuotations(query);
  const data = quotes.data;
  const [form, setForm] = useState<FormState>({ open: false });
  const [delta, setDelta] = useState<number | null>(0);
  const [copied, setCopied] = useState<{ text: string; ok: boolean } | null>(null);

  const save = useTraderMutation('quotation', ({ id, input }: { id?: number; input: QuotationInput }) =>
    id === undefined ? createOwnQuotation(input) : updateOwnQuotation(id, input, true),
  );
  const inline = useTraderMutation('quotation', ({ id, input }: { id: number; input: QuotationInput }) =>
    updateOwnQuotation(id, input),
  );
  const bulk = useTraderMutation('quotation', (body: QuotationBulkRequest) => bulkOwnQuotations(body));
  const remove = useTraderMutation('quotation', (id: number) => deleteOwnRow('quotation', id));
  const copy = useTraderMutation('quotation', (by: number) => copyQuotations(by));

  // A selection belongs to the list it was made in: another page, tab or search starts afresh.
  const listKey = `${query.page}|${query.keyword ?? ''}|${query.date ?? ''}`;
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: listKey, ids: [] });
  const selected = selection.key === listKey ? selection.ids : [];
  const setSelected = (ids: number[]) => setSelection({ key: listKey, ids });

  const change = (patch: Parameters<typeof patchOwnParams>[1]) => setParams(patchOwnParams(params, patch));

  const runCopy = () => {
    const by = delta ?? 0;
    copy.mutate(by, {
      onSuccess: (result) => {
        const text = copiedText(t, result, by);
        setCopied({ text, ok: result.copied > 0 });
        if (result.copied > 0) void message.success(text);
        // The copies are today's quotes: show today.
        change({ date: undefined });
      },
    });
  };

  const runBulk = (action: BulkAction, by?: number) => {
    if (action !== 'reprice' && action !== 'delete') return;
    bulk.mutate(
      { ids: selected, action, ...(by === undefined ? {} : { delta: by }) },
      {
        onSuccess: (result) => {
          void message.success(t(`trader.bulk.done.${action}`, { count: formatCount(result.affected) }));
          setSelected([]);
        },
      },
    );
  };

  const editRow = (row: OwnQuotation) =>
    setForm({
      open: true,
      row: { id: row.id, values: rowToForm({ ...quotationToInput(row), callForPrice: row.callForPrice }) },
    });
  const saveInline = (row: OwnQuotation, patch: Partial<QuotationInput>) =>
    inline.mutateAsync({ id: row.id, input: { ...quotationToInput(row), ...patch } }).then(() => {
      void message.success(t('trader.saved'));
    });
  const removeRow = (row: OwnQuotation) =>
    remove.mutate(row.id, {
      onSuccess: () => void message.success(t('trader.bulk.done.delete', { count: 1 })),
    });

  const today = data?.today ?? dayjs().format('YYYY-MM-DD');
  const shownDay = data?.date ?? query.date ?? null;
  const filtered = Boolean(query.keyword);

  let body: ReactNode;
  if (quotes.isError && !data) {
    body = <RowsError message={quotes.error.message} onRetry={() => void quotes.refetch()} />;
  } else if (data && data.total === 0) {
    body = (
      <RowsEmpty
        kind="quotation"
        lead={t('trader.quotes.emptyLead')}
        noMatch={t('trader.quotes.noMatch')}
        filtered={filtered}
        onAdd={() => setForm({ open: true })}
      />
    );
  } else if (isPhone) {
    body = data ? (
      <QuoteCards
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
      <QuoteTable
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
    <section className="sp-box sp-trader" aria-labelledby="trader-quotes-title">
      <h2 className="sp-box__title" id="trader-quotes-title">
        {t('trader.quotes.title')}
        <span className="sp-trader__count">
          {data ? t('trader.total', { count: formatCount(data.total) }) : ' '}
        </span>
      </h2>
      <div className="sp-box__body" aria-busy={quotes.isFetching}>
        <div className="sp-trader__quote-head">
          <DatePicker
            className="sp-trader__day"
            aria-label={t('trader.quotes.dayLabel')}
            allowClear={false}
            inputReadOnly={isPhone}
            value={shownDay ? dayjs(shownDay) : null}
            disabledDate={(day) => day.isAfter(dayjs(today), 'day')}
            onChange={(day) => {
              const value = day?.format('YYYY-MM-DD');
              change({ date: value === today ? undefined : value });
            }}
          />
          {shownDay !== today && (
            <Button onClick={() => change({ date: undefined })}>{t('trader.quotes.today')}</Button>
          )}
          <span className="sp-trader__hint">
            {data?.previousDate
              ? t('trader.quotes.previous', { date: data.previousDate })
              : data
                ? t('trader.quotes.noPrevious')
                : ' '}
          </span>
        </div>
        <div className="sp-trader__toolbar">
          <div className="sp-trader__copy">
            <label className="sp-trader__copy-label" htmlFor="trader-copy-delta">
              {t('trader.quotes.copyDelta')}
            </label>
            <InputNumber
              id="trader-copy-delta"
              className="sp-trader__delta"
              value={delta}
              min={-TRADER_LIMITS.repriceMax}
              max={TRADER_LIMITS.repriceMax}
              precision={0}
              placeholder={t('trader.bulk.deltaPlaceholder')}
              onChange={(next) => setDelta(typeof next === 'number' ? next : null)}
            />
            <Button
              type="primary"
              icon={<CopyOutlined />}
              loading={copy.isPending}
              disabled={data !== undefined && data.previousDate === null}
              onClick={runCopy}
            >
              {t('trader.quotes.copy')}
            </Button>
          </div>
          <RowActions
            kind="quotation"
            addText={t('trader.quotes.add')}
            exportName={t('trader.quotes.exportName')}
            onAdd={() => setForm({ open: true })}
          />
        </div>
        {copied && (
          <Alert
            className="sp-trader__notice"
            type={copied.ok ? 'success' : 'info'}
            showIcon
            closable
            role="status"
            title={copied.text}
            onClose={() => setCopied(null)}
          />
        )}
        {data && data.date !== null && data.date !== today && (
          <Alert
            className="sp-trader__notice"
            type="info"
            showIcon
            title={t('trader.quotes.pastDay', { date: data.date })}
          />
        )}
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
        </div>
        <BulkBar
          pageIds={data?.list.map((row) => row.id) ?? []}
          selected={selected}
          actions={QUOTE_ACTIONS}
          busy={bulk.isPending}
          onSelect={setSelected}
          onAction={runBulk}
        />
        {quotes.isError && data && (
          <RowsError message={quotes.error.message} onRetry={() => void quotes.refetch()} />
        )}
        <div className="sp-trader__list">{body}</div>
        {data && data.total > OWN_PAGE_SIZE && (
          <Pagination
            className="sp-trader__pager"
            current={query.page}
            pageSize={OWN_PAGE_SIZE}
            total={data.total}
            onChange={(page) => change({ page, date: query.date })}
            showSizeChanger={false}
            size={isPhone ? 'large' : 'small'}
            simple={isPhone}
            showTotal={isPhone ? undefined : (count) => t('trader.total', { count: formatCount(count) })}
          />
        )}
      </div>
      <RowFormDrawer
        kind="quotation"
        open={form.open}
        initial={form.open ? form.row?.values : undefined}
        onClose={() => setForm({ open: false })}
        onSubmit={(input: RowInput) =>
          save
            .mutateAsync({ id: form.open ? form.row?.id : undefined, input: input as QuotationInput })
            .then(() => {
              void message.success(form.open && form.row ? t('trader.saved') : t('trader.form.created'));
              // A new quote is dated today: show today's list, where it is.
              if (!(form.open && form.row)) change({ date: undefined });
            })
        }
      />
    </section>
  );
}

interface RowsProps {
  selected: number[];
  onSelect: (ids: number[]) => void;
  onEdit: (row: OwnQuotation) => void;
  onDelete: (row: OwnQuotation) => void;
}

/** The desktop's dense table; `rows` null draws a page of placeholder rows of the same height. */
function QuoteTable({
  rows,
  selected,
  onSelect,
  onEdit,
  onDelete,
  onInline,
}: RowsProps & {
  rows: OwnQuotation[] | null;
  onInline: (row: OwnQuotation, patch: Partial<QuotationInput>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const cell = cellOf<OwnQuotation>;
  const columns: TableColumnsType<TableRow<OwnQuotation>> = [
    ...itemColumns<OwnQuotation>(t, { cityColumn: true }),
    {
      key: 'price',
      title: t('trader.col.quotePrice'),
      width: 108,
      align: 'right',
      render: cell((row) => (
        <EditableNumber
          value={row.callForPrice ? 0 : row.price}
          display={<PriceText row={row} />}
          label={t('trader.col.quotePrice')}
          min={0}
          max={TRADER_LIMITS.priceMax}
          precision={0}
          onSave={(price) => onInline(row, { price })}
        />
      )),
    },
    {
      key: 'change',
      title: t('trader.col.change'),
      width: 64,
      align: 'right',
      render: cell((row) => (
        <span className="sp-trader__change" data-testid="quote-change">
          <QuoteChange change={row.change} />
        </span>
      )),
    },
    {
      key: 'weight',
      title: t('trader.col.quoteWeight'),
      width: 92,
      align: 'right',
      render: cell((row) => (
        <EditableNumber
          value={row.weight}
          display={row.weight ? formatLotWeight(row.weight) : '—'}
          label={t('trader.col.quoteWeight')}
          min={0}
          max={TRADER_LIMITS.weightMax}
          precision={3}
          onSave={(weight) => onInline(row, { weight })}
        />
      )),
    },
    {
      key: 'remark',
      title: t('trader.col.remark'),
      width: 88,
      render: cell((row) => (
        <EditableText
          value={row.remark}
          label={t('trader.col.remark')}
          maxLength={TRADER_LIMITS.remarkLength}
          onSave={(remark) => onInline(row, { remark })}
        />
      )),
    },
    {
      key: 'updatedAt',
      title: t('trader.col.updatedAt'),
      width: 96,
      render: cell((row) => <RowTime updatedAt={row.updatedAt} short />),
    },
    actionsColumn<OwnQuotation>(t, onEdit, onDelete),
  ];
  return <OwnTable<OwnQuotation> rows={rows} columns={columns} selected={selected} onSelect={onSelect} />;
}

/** A phone's cards: a checkbox, the item and its price with 涨跌, then where and when. */
function QuoteCards({ rows, selected, onSelect, onEdit, onDelete }: RowsProps & { rows: OwnQuotation[] }) {
  return (
    <ol className="sp-trader__cards">
      {rows.map((row) => (
        <li key={row.id} className="sp-trader__card" data-testid="own-quote-card">
          <CardHead
            row={row}
            selected={selected}
            onSelect={onSelect}
            after={
              <>
                {' '}
                <QuoteChange change={row.change} />
              </>
            }
          />
          <div className="sp-trader__card-meta">
            {[
              row.origin,
              row.warehouse,
              row.city,
              row.weight ? `${formatLotWeight(row.weight)} ${UNIT.tonne}` : '',
              row.remark,
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
          <div className="sp-trader__card-row sp-trader__card-foot">
            <RowTime updatedAt={row.updatedAt} />
            <RowButtons name={rowName(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
          </div>
        </li>
      ))}
    </ol>
  );
}
