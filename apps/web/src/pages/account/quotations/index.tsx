import '../../../components/trader/trader.css';
import '../../../i18n/workspace.ts';
import { CopyOutlined } from '@ant-design/icons';
import {
  type CopyQuotationsResult,
  type OwnQuotation,
  type QuotationInput,
  TRADER_LIMITS,
} from '@steelport/contracts';
import { Alert, Button, DatePicker, InputNumber } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  bulkOwnQuotations,
  copyQuotations,
  createOwnQuotation,
  type QuotationBulkRequest,
  updateOwnQuotation,
  useOwnQuotations,
  useTraderMutation,
} from '../../../api/trader.ts';
import type { BulkAction } from '../../../components/trader/BulkBar.tsx';
import { OwnKeywordSearch, OwnListShell } from '../../../components/trader/OwnListShell.tsx';
import {
  parseOwnQuotationQuery,
  patchOwnParams,
  quotationToInput,
} from '../../../components/trader/ownQuery.ts';
import { RowActions } from '../../../components/trader/RowTools.tsx';
import { useOwnList } from '../../../components/trader/useOwnList.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatSigned } from '../../../lib/numbers.ts';
import { QuoteCards, QuoteTable } from './QuoteRows.tsx';

const QUOTE_ACTIONS: readonly BulkAction[] = ['reprice', 'delete'];

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
 * server's change against the trader's previous quote of the item, in market colours. The frame,
 * selection and writes are the own lists' (`OwnListShell`, `useOwnList`).
 */
export function AccountQuotationsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [params, setParams] = useSearchParams();
  const query = parseOwnQuotationQuery(params);
  const quotes = useOwnQuotations(query);
  const data = quotes.data;
  const [delta, setDelta] = useState<number | null>(0);
  const [copied, setCopied] = useState<{ text: string; ok: boolean } | null>(null);

  const change = (patch: Parameters<typeof patchOwnParams>[1]) => setParams(patchOwnParams(params, patch));

  const list = useOwnList<OwnQuotation, QuotationInput>({
    kind: 'quotation',
    listKey: `${query.page}|${query.keyword ?? ''}|${query.date ?? ''}`,
    actions: QUOTE_ACTIONS,
    toInput: quotationToInput,
    create: createOwnQuotation,
    update: updateOwnQuotation,
    // useOwnList runs only the actions above: 调价 and 删除.
    bulk: (body) => bulkOwnQuotations(body as QuotationBulkRequest),
    // A new quote is dated today: show today's list, where it is.
    onCreated: () => change({ date: undefined }),
  });
  const copy = useTraderMutation('quotation', (by: number) => copyQuotations(by));

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

  const today = data?.today ?? dayjs().format('YYYY-MM-DD');
  const shownDay = data?.date ?? query.date ?? null;

  return (
    <OwnListShell
      titleId="trader-quotes-title"
      title={t('trader.quotes.title')}
      list={list}
      rows={quotes}
      page={query.page}
      onPage={(page) => change({ page, date: query.date })}
      empty={{
        lead: t('trader.quotes.emptyLead'),
        noMatch: t('trader.quotes.noMatch'),
        filtered: Boolean(query.keyword),
      }}
      cards={(rows) => <QuoteCards list={list} rows={rows} />}
      table={(rows) => <QuoteTable list={list} rows={rows} />}
    >
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
          onAdd={list.openNew}
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
        <OwnKeywordSearch keyword={query.keyword} onSearch={(keyword) => change({ keyword })} />
      </div>
    </OwnListShell>
  );
}
