import '../../components/lots/lots.css';
import '../../components/quotes/quotes.css';
import '../../i18n/market.ts';
import type { FirmQuoteQuery } from '@steelport/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { lotKeys } from '../../api/lots.ts';
import { quoteKeys } from '../../api/quotations.ts';
import { CaptchaModal } from '../../components/lots/CaptchaModal.tsx';
import type { LotQuery } from '../../components/lots/lotQuery.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { QuoteCardList } from '../../components/quotes/QuoteCards.tsx';
import { QUOTE_ROW_HEIGHT, QuoteTable, QuoteTableSkeleton } from '../../components/quotes/QuoteTable.tsx';
import type { LinkTarget } from '../../components/quotes/TraderContact.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { withScreenTexts } from '../../i18n/index.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatCount } from '../../lib/numbers.ts';
import { FirmCard, FirmCardSkeleton } from './FirmCard.tsx';
import { FirmLots } from './FirmLots.tsx';
import {
  FIRM_TABS,
  type FirmQuery,
  type FirmTab,
  firmRequestOf,
  isLotTab,
  parseUserId,
} from './firmQuery.ts';
import { useFirmPage, useFirmQuery } from './useFirmPage.ts';

/** No trader behind the id: antd's Result with its 404 picture, loaded only for a missing firm. */
const FirmNotFound = lazy(() =>
  withScreenTexts(() => import('./FirmNotFound.tsx'))().then((module) => ({ default: module.FirmNotFound })),
);

/** The quote tabs' list: cards on a phone, the table (or its skeleton while loading) on a desktop. */
function FirmQuotes({
  data,
  pending,
  fetching,
  request,
  isPhone,
  target,
  emptyText,
  onChange,
}: {
  data: { list: React.ComponentProps<typeof QuoteTable>['rows']; total: number } | undefined;
  pending: boolean;
  fetching: boolean;
  request: FirmQuoteQuery;
  isPhone: boolean;
  target: LinkTarget;
  emptyText: string;
  onChange: (next: FirmQuoteQuery) => void;
}) {
  const shared = {
    rows: data?.list ?? [],
    total: data?.total ?? 0,
    query: request,
    showTrader: false,
    target,
    emptyText,
    onChange,
    onClear: null,
  };
  if (isPhone) return <QuoteCardList {...shared} pending={pending} />;
  if (pending)
    return <QuoteTableSkeleton rows={request.pageSize} rowHeight={QUOTE_ROW_HEIGHT.withoutTrader} />;
  return <QuoteTable {...shared} loading={fetching} />;
}

/**
 * /firminfo/:userId/:type: a trader's firm profile and, in tabs, its quotes of its latest day,
 * its 电议 items (list-user, list-user-zero), its spot stock and its surplus (the lot searches
 * with the firm as supplier), paged. Without a tab in the URL the page opens on the market the
 * link came from (`?from=wareHouse` 现货, `?from=surplus` 余料) or the first tab with rows.
 * `type=embed` shows it without the portal frame (the route table hides it) for the trader's own
 * site; links then open a new tab.
 */
export function FirmPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const params = useParams();
  const userId = parseUserId(params.userId);
  const target: LinkTarget = params.type === 'embed' ? '_blank' : undefined;
  const [query, setQuery] = useFirmQuery();
  const { tab, firm, quotes, lots, lotQuery, shown, notFound, tooMany } = useFirmPage(userId, query);
  const [captchaHidden, setCaptchaHidden] = useState(false);
  // Whatever changes inside a tab names the tab, and the origin stays (the menu follows it).
  const within = (next: Omit<FirmQuery, 'tab' | 'from'>) => setQuery({ ...next, tab, from: query.from });

  let content: React.ReactNode;
  if (notFound) {
    content = (
      <Suspense fallback={null}>
        <FirmNotFound id={params.userId ?? ''} target={target} />
      </Suspense>
    );
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
  } else if (shown.isError && !shown.data) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('firm.loadError')}
        action={
          <Button size="small" onClick={() => void shown.refetch()} loading={shown.isFetching}>
            {t('quotes.retry')}
          </Button>
        }
      />
    );
  } else {
    const counts: Record<FirmTab, number | undefined> = {
      priced: firm?.quoteCount,
      callForPrice: firm?.callForPriceCount,
      stock: firm?.cargoCount,
      surplus: firm?.surplusCount,
    };
    const count = (value: number | undefined) => (value === undefined ? '' : ` (${formatCount(value)})`);
    const emptyText =
      quotes.data?.date === null
        ? t('firm.noQuoteYet')
        : tab === 'callForPrice'
          ? t('firm.emptyCallForPrice')
          : t('firm.emptyPriced');
    const request = firmRequestOf(query);
    const list = isLotTab(tab) ? (
      <FirmLots
        kind={tab === 'stock' ? 'cargo' : 'surplus'}
        page={lots.data}
        fetching={lots.isFetching || !firm}
        query={lotQuery}
        onChange={({ page, pageSize, sort, order }: LotQuery) => within({ page, pageSize, sort, order })}
      />
    ) : (
      <FirmQuotes
        data={tab ? quotes.data : undefined}
        pending={quotes.isPending || !tab}
        fetching={quotes.isFetching}
        request={request}
        isPhone={isPhone}
        target={target}
        emptyText={emptyText}
        onChange={within}
      />
    );
    content = (
      <>
        {firm ? <FirmCard firm={firm} target={target} /> : <FirmCardSkeleton />}
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            // Another tab starts on its first page in its own default order; a quote tab keeps the day.
            setQuery({
              tab: key as FirmTab,
              from: query.from,
              page: 1,
              pageSize: query.pageSize,
              ...(query.date && !isLotTab(key as FirmTab) ? { date: query.date } : {}),
            })
          }
          items={FIRM_TABS.map((key) => ({ key, label: `${t(`firm.tabs.${key}`)}${count(counts[key])}` }))}
        />
        {!isLotTab(tab) && quotes.data?.date && (
          <p className="sp-quotes__muted">
            {tab === 'callForPrice'
              ? t('firm.callForPriceLine', { date: quotes.data.date })
              : t('firm.dayLine', { date: quotes.data.date })}
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
