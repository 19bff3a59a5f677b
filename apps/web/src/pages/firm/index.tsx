import '../../components/lots/lots.css';
import '../../components/quotes/quotes.css';
import { Code } from '@steelport/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { lotKeys } from '../../api/lots.ts';
import { type FirmQuoteKind, quoteKeys, useFirmQuotes } from '../../api/quotations.ts';
import { CaptchaModal } from '../../components/lots/CaptchaModal.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { QuoteCardList } from '../../components/quotes/QuoteCards.tsx';
import { QUOTE_ROW_HEIGHT, QuoteTable, QuoteTableSkeleton } from '../../components/quotes/QuoteTable.tsx';
import { QUOTES_PATH } from '../../components/quotes/quoteQuery.ts';
import type { LinkTarget } from '../../components/quotes/TraderContact.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatCount } from '../../lib/numbers.ts';
import { FirmCard, FirmCardSkeleton } from './FirmCard.tsx';
import {
  type FirmQuery,
  firmQueryToParams,
  firmRequestOf,
  parseFirmQuery,
  parseUserId,
} from './firmQuery.ts';

/** The tab, page, sort and day of the firm page, held in its URL. */
function useFirmQuery(): [FirmQuery, (next: FirmQuery) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const query = useMemo(() => parseFirmQuery(new URLSearchParams(text)), [text]);
  return [query, (next) => setParams(firmQueryToParams(next))];
}

/** No trader behind the id of the path (code 6, or not an id at all). */
function FirmNotFound({ id, target }: { id: string; target: LinkTarget }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('firm.notFound')}
      subTitle={t('firm.notFoundText', { id })}
      extra={
        <Link to={QUOTES_PATH} className="sp-buttonlink" target={target}>
          {t('firm.toQuotes')}
        </Link>
      }
    />
  );
}

/**
 * /firminfo/:userId/:type: a trader's firm profile, its quotes of its latest day and its 电议
 * items in tabs (list-user, list-user-zero), paged. `type=embed` shows it without the portal
 * frame (the route table hides it) for the trader's own site; links then open a new tab.
 */
export function FirmPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const params = useParams();
  const userId = parseUserId(params.userId);
  const target: LinkTarget = params.type === 'embed' ? '_blank' : undefined;
  const [query, setQuery] = useFirmQuery();
  const quotes = useFirmQuotes(query.tab, userId ?? 0, firmRequestOf(query), userId !== null);
  const [captchaHidden, setCaptchaHidden] = useState(false);

  const error = quotes.error;
  const notFound = userId === null || (error instanceof ApiError && error.code === Code.NotFound);
  const tooMany = error instanceof ApiError && error.code === Code.TooMany;
  const firm = quotes.data?.firm;

  let content: React.ReactNode;
  if (notFound) {
    content = <FirmNotFound id={params.userId ?? ''} target={target} />;
  } else if (tooMany) {
    content = (
      <Alert
        type="warning"
        showIcon
        title={t('lots.tooMany')}
        action={
          <Button size="small" type="primary" onClick={() => setCaptchaHidden(false)}>
            {t('lots.verify')}
          </Button>
        }
      />
    );
  } else if (quotes.isError && !quotes.data) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('firm.loadError')}
        action={
          <Button size="small" onClick={() => void quotes.refetch()} loading={quotes.isFetching}>
            {t('quotes.retry')}
          </Button>
        }
      />
    );
  } else {
    const emptyText =
      quotes.data?.date === null
        ? t('firm.noQuoteYet')
        : query.tab === 'priced'
          ? t('firm.emptyPriced')
          : t('firm.emptyCallForPrice');
    const count = (value: number | undefined) => (value === undefined ? '' : ` (${formatCount(value)})`);
    const list = isPhone ? (
      <QuoteCardList
        rows={quotes.data?.list ?? []}
        total={quotes.data?.total ?? 0}
        query={query}
        pending={quotes.isPending}
        showTrader={false}
        target={target}
        emptyText={emptyText}
        onChange={setQuery}
        onClear={null}
      />
    ) : quotes.isPending ? (
      <QuoteTableSkeleton rows={query.pageSize} rowHeight={QUOTE_ROW_HEIGHT.withoutTrader} />
    ) : (
      <QuoteTable
        rows={quotes.data?.list ?? []}
        total={quotes.data?.total ?? 0}
        query={query}
        loading={quotes.isFetching}
        showTrader={false}
        target={target}
        emptyText={emptyText}
        onChange={setQuery}
        onClear={null}
      />
    );
    content = (
      <>
        {firm ? <FirmCard firm={firm} target={target} /> : <FirmCardSkeleton />}
        <Tabs
          activeKey={query.tab}
          onChange={(tab) =>
            // Another tab starts on its first page in its own default order; the day stays.
            setQuery({
              tab: tab as FirmQuoteKind,
              page: 1,
              pageSize: query.pageSize,
              ...(query.date ? { date: query.date } : {}),
            })
          }
          items={[
            { key: 'priced', label: `${t('firm.tabs.priced')}${count(firm?.quoteCount)}` },
            {
              key: 'callForPrice',
              label: `${t('firm.tabs.callForPrice')}${count(firm?.callForPriceCount)}`,
            },
          ]}
        />
        {quotes.data?.date && (
          <p className="sp-quotes__muted">
            {query.tab === 'priced'
              ? t('firm.dayLine', { date: quotes.data.date })
              : t('firm.callForPriceLine', { date: quotes.data.date })}
          </p>
        )}
        {list}
      </>
    );
  }

  return (
    <div className="sp-container sp-page sp-quotes">
      <PageTitle>{t('pages.firminfo.title')}</PageTitle>
      {content}
      <CaptchaModal
        open={tooMany && !captchaHidden}
        onCancel={() => setCaptchaHidden(true)}
        onPassed={() => {
          setCaptchaHidden(false);
          void quoteKeys.invalidateAll(queryClient);
          void lotKeys.invalidateAll(queryClient);
        }}
      />
    </div>
  );
}
