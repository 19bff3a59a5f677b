import '../../components/lots/lots.css';
import '../../components/quotes/quotes.css';
import '../../i18n/market.ts';
import { AppstoreOutlined, FilterOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Code } from '@steelport/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { lotKeys } from '../../api/lots.ts';
import {
  quoteKeys,
  quoteQueries,
  useQuoteMenu,
  useQuotePage,
  useQuoteThree,
  useQuoteTotals,
} from '../../api/quotations.ts';
import { getSession, viewerOf } from '../../auth/session.ts';
import { CountBadge } from '../../components/CountBadge.tsx';
import { LazyDatePicker } from '../../components/LazyDatePicker.tsx';
import { LazyDrawer } from '../../components/LazyDrawer.tsx';
import { CaptchaModal } from '../../components/lots/CaptchaModal.tsx';
import { FilterBar } from '../../components/lots/FilterBar.tsx';
import { UnderstoodChips } from '../../components/lots/KeywordBox.tsx';
import { patchLotQuery, relaxQuery } from '../../components/lots/lotQuery.ts';
import { Relaxations } from '../../components/lots/Relaxations.tsx';
import { NativeSelect } from '../../components/NativeSelect.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PlainAlert } from '../../components/PlainAlert.tsx';
import { QuoteCardList } from '../../components/quotes/QuoteCards.tsx';
import { QUOTE_ROW_HEIGHT, QuoteTable, QuoteTableSkeleton } from '../../components/quotes/QuoteTable.tsx';
import {
  clearQuoteFilter,
  hasQuoteFilter,
  parseQuoteQuery,
  type QuoteQuery,
  type QuoteView,
  quoteFilterOf,
  quoteQueryToParams,
  quoteSearchOf,
  quoteThreeSearchOf,
  TRADERS_PER_PAGE,
} from '../../components/quotes/quoteQuery.ts';
import { Segmented } from '../../components/Segmented.tsx';
import { SaveSearchButton } from '../../components/subscription/SaveSearchButton.tsx';
import { prefetchTradeNames, useTradeNamesReady } from '../../i18n/tradeNames.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import type { ScreenPrefetch } from '../../lib/prefetch.ts';
import { useUrlSearch } from '../../lib/urlSearch.ts';
import { OtherMarkets } from './OtherMarkets.tsx';
import { RankPanel } from './RankPanel.tsx';
import { TotalsBar } from './TotalsBar.tsx';
import { TraderGroups } from './TraderGroups.tsx';

/** The sorts a phone offers in a menu (the table's headers sort on a desktop), and their labels. */
const PHONE_SORTS = {
  'time:desc': 'timeDesc',
  'price:asc': 'priceAsc',
  'price:desc': 'priceDesc',
  'change:desc': 'changeDesc',
  'change:asc': 'changeAsc',
} as const;

/** The search held in the URL (lib/urlSearch.ts), so reload, back and a shared link restore it. */
function useQuoteQuery(): [QuoteQuery, (next: QuoteQuery) => void] {
  return useUrlSearch(parseQuoteQuery, quoteQueryToParams);
}

/** A visit to /beginMain starts its search (the view the URL asks for), totals and menu. */
export const prefetch: ScreenPrefetch = (queryClient, { search }) => {
  const query = parseQuoteQuery(new URLSearchParams(search));
  const filter = quoteFilterOf(query);
  const viewer = viewerOf(getSession());
  if ((query.view ?? 'table') === 'table') {
    void queryClient.prefetchQuery(quoteQueries.page(viewer, quoteSearchOf(query)));
  } else void queryClient.prefetchQuery(quoteQueries.three(viewer, quoteThreeSearchOf(query)));
  void queryClient.prefetchQuery(quoteQueries.totals(filter));
  prefetchTradeNames(queryClient);
  void queryClient.prefetchQuery(quoteQueries.menu(filter));
};

/**
 * /beginMain, today's quotations: the header search (indexSearch) with its understood chips,
 * facet filters, totals, a dense table (cards on a phone) or the three-per-trader cards, a day
 * picker for earlier days and the active-trader ranking beside it. Everything lives in the URL.
 */
export function QuotationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [query, setQuery] = useQuoteQuery();
  const view: QuoteView = query.view ?? 'table';
  const filter = useMemo(() => quoteFilterOf(query), [query]);
  const page = useQuotePage(quoteSearchOf(query), view === 'table');
  const namesReady = useTradeNamesReady();
  const three = useQuoteThree(quoteThreeSearchOf(query), view === 'cards');
  const totals = useQuoteTotals(filter);
  const menu = useQuoteMenu(filter);
  const [captchaHidden, setCaptchaHidden] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const active = view === 'table' ? page : three;
  const tooMany = active.error instanceof ApiError && active.error.code === Code.TooMany;
  const filtered = hasQuoteFilter(query);
  const clear = filtered ? () => setQuery(clearQuoteFilter(query)) : null;
  const day = active.data?.date ?? totals.data?.date ?? null;
  const emptyText =
    active.data && active.data.date === null
      ? t('quotes.noQuotes')
      : query.date && !filtered
        ? t('quotes.noQuotesOnDay', { date: query.date })
        : t('quotes.empty');
  // The wider searches of an empty table or card view.
  const relaxations = (
    <Relaxations
      relaxations={active.data?.relaxations}
      onApply={(relaxation) => setQuery(relaxQuery(query, 'indexSearch', relaxation))}
    />
  );
  const filterCount = Object.keys(filter).filter((key) => key !== 'indexSearch' && key !== 'date').length;

  // Facets and the product averages wait for the English names too (no chip grows when they arrive).
  const filterBar = (
    <FilterBar
      menu={namesReady ? menu.data : undefined}
      query={query}
      callForPrice={false}
      onChange={setQuery}
    />
  );
  const chips = (
    <UnderstoodChips
      keyword={query.indexSearch ?? ''}
      understood={active.data?.understood ?? []}
      onChange={(indexSearch) => setQuery(patchLotQuery(query, { indexSearch: indexSearch || undefined }))}
    />
  );

  const datePicker = (
    <LazyDatePicker
      className="sp-quotes__date"
      value={day ? dayjs(query.date ?? day) : null}
      allowClear={Boolean(query.date)}
      disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
      aria-label={t('quotes.date')}
      placeholder={t('quotes.date')}
      inputReadOnly={isPhone}
      onChange={(value: Dayjs | null) =>
        setQuery(patchLotQuery(query, { date: value ? value.format('YYYY-MM-DD') : undefined }))
      }
    />
  );
  const viewToggle = (
    <Segmented<QuoteView>
      className="sp-quotes__view"
      aria-label={t('quotes.viewLabel')}
      value={view}
      options={[
        { value: 'table', label: t('quotes.view.table'), icon: <UnorderedListOutlined /> },
        { value: 'cards', label: t('quotes.view.cards'), icon: <AppstoreOutlined /> },
      ]}
      onChange={(next) => setQuery({ ...query, view: next === 'cards' ? 'cards' : undefined, page: 1 })}
    />
  );

  let body: React.ReactNode;
  if (tooMany) {
    body = (
      <PlainAlert
        type="warning"
        title={t('lots.tooMany')}
        action={
          <Button size="small" type="primary" onClick={() => setCaptchaHidden(false)}>
            {t('lots.verify')}
          </Button>
        }
      />
    );
  } else if (active.isError) {
    body = (
      <PlainAlert
        type="error"
        title={active.error.message || t('quotes.loadError')}
        action={
          <Button size="small" onClick={() => void active.refetch()} loading={active.isFetching}>
            {t('quotes.retry')}
          </Button>
        }
      />
    );
  } else if (view === 'cards') {
    body = (
      <TraderGroups
        groups={three.data?.list ?? []}
        total={three.data?.total ?? 0}
        page={query.page}
        pageSize={TRADERS_PER_PAGE}
        pending={three.isPending}
        emptyText={emptyText}
        emptyExtra={relaxations}
        onPage={(next) => setQuery({ ...query, page: next })}
        onClear={clear}
      />
    );
  } else if (isPhone) {
    body = (
      <QuoteCardList
        rows={page.data?.list ?? []}
        total={page.data?.total ?? 0}
        query={query}
        pending={page.isPending}
        emptyText={emptyText}
        emptyExtra={relaxations}
        onChange={setQuery}
        onClear={clear}
      />
    );
  } else if (page.isPending || !namesReady) {
    body = <QuoteTableSkeleton rows={query.pageSize} rowHeight={QUOTE_ROW_HEIGHT.withTrader} />;
  } else {
    body = (
      <QuoteTable
        rows={page.data?.list ?? []}
        total={page.data?.total ?? 0}
        query={query}
        loading={page.isFetching}
        emptyText={emptyText}
        emptyExtra={relaxations}
        onChange={setQuery}
        onClear={clear}
      />
    );
  }

  return (
    <div className="sp-container sp-page sp-quotes">
      <div className="sp-quotes__head">
        <PageTitle>{t('pages.beginMain.title')}</PageTitle>
        <div className="sp-quotes__tools">
          {isPhone && (
            <CountBadge count={filterCount}>
              <Button icon={<FilterOutlined />} onClick={() => setDrawerOpen(true)}>
                {t('quotes.filter')}
              </Button>
            </CountBadge>
          )}
          {isPhone && view === 'table' && (
            <NativeSelect
              className="sp-quotes__sort"
              aria-label={t('quotes.sortLabel')}
              value={`${query.sort ?? 'time'}:${query.order ?? 'desc'}`}
              options={Object.entries(PHONE_SORTS).map(([value, label]) => ({
                value,
                label: t(`quotes.sorts.${label}`),
              }))}
              onChange={(value) => {
                const [sort, order] = value.split(':') as [QuoteQuery['sort'], QuoteQuery['order']];
                setQuery({ ...query, sort, order, page: 1 });
              }}
            />
          )}
          <SaveSearchButton kind="quotation" filter={filter} />
          {datePicker}
          {viewToggle}
        </div>
      </div>
      {isPhone ? (
        chips
      ) : (
        <section className="sp-box sp-lots__search" aria-label={t('quotes.filter')}>
          <div className="sp-box__body">
            {chips}
            {filterBar}
          </div>
        </section>
      )}
      {isPhone && (
        <LazyDrawer
          title={t('quotes.filter')}
          placement="right"
          size="88%"
          className="sp-quotes__drawer"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
        >
          {filterBar}
          {clear && (
            <Button block style={{ marginTop: 12 }} onClick={clear}>
              {t('quotes.clear')}
            </Button>
          )}
        </LazyDrawer>
      )}
      <div className="sp-quotes__layout">
        <div className="sp-quotes__main">
          <TotalsBar totals={namesReady ? totals.data : undefined} />
          <OtherMarkets keyword={query.indexSearch} />
          {body}
        </div>
        <RankPanel />
      </div>
      <CaptchaModal
        open={tooMany && !captchaHidden}
        onCancel={() => setCaptchaHidden(true)}
        onPassed={() => {
          setCaptchaHidden(false);
          // The limit is shared with the lot searches: everything it refused is asked again.
          void quoteKeys.invalidateAll(queryClient);
          void lotKeys.invalidateAll(queryClient);
        }}
      />
    </div>
  );
}
