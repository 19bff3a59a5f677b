import '../../components/steelIndex/steelIndex.css';
import './priceTable.css';
import '../../i18n/priceTable.ts';
import { Code, type PriceRow, type PriceTable } from '@steelport/contracts';
import { Button, Empty } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import {
  downloadPriceTable,
  priceTableQueries,
  usePriceSummary,
  usePriceTable,
} from '../../api/priceTable.ts';
import { hasDataAccess, useSession } from '../../auth/session.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { ExportButton } from '../../components/lots/ExportButton.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { withScreenTexts } from '../../i18n/index.ts';
import { prefetchTradeNames, useTradeName, useTradeNamesReady } from '../../i18n/tradeNames.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { UNIT } from '../../lib/numbers.ts';
import type { ScreenPrefetch } from '../../lib/prefetch.ts';
import type { OpenCell } from './HistoryPanel.tsx';
import { CitySelect, PriceCards, PriceCardsSkeleton } from './PriceCards.tsx';
import { PriceGrid, PriceGridSkeleton } from './PriceGrid.tsx';
import { type ProductMoves, productMoves, SummaryBoard, SummaryLine } from './SummaryLine.tsx';
import { ProductTabs, type StatePatch, TableFilters } from './Toolbar.tsx';
import {
  filteredQueryOf,
  gradesOf,
  type PriceTableState,
  parsePriceTableState,
  priceTableHref,
  tableQueryOf,
} from './urlState.ts';
import { useDocumentHead } from './useDocumentHead.ts';

/**
 * A cell's drawer (its chart, ranges, export and quotes) loads when a cell is first opened: the
 * table's first paint does not wait for code only a click needs.
 */
const CellDrawer = lazy(() =>
  withScreenTexts(() => import('./CellDrawer.tsx'))().then((module) => ({ default: module.CellDrawer })),
);

/** A visit starts the table it opens on and the day's summary, as the screen's hooks ask. */
export const prefetch: ScreenPrefetch = (queryClient, { pathname, search }) => {
  const [, , product, city] = pathname.split('/');
  let params: Record<string, string | undefined> = {};
  try {
    params = {
      product: product ? decodeURIComponent(product) : undefined,
      city: city ? decodeURIComponent(city) : undefined,
    };
  } catch {
    // A broken escape: the screen reads the address itself and shows what it can.
  }
  const state = parsePriceTableState(params, new URLSearchParams(search));
  // The options' fresh time (a minute) outlasts PREFETCH_FRESH_MS: mounting asks nothing again.
  void queryClient.prefetchQuery(priceTableQueries.table(tableQueryOf(state)));
  void queryClient.prefetchQuery(priceTableQueries.table(filteredQueryOf(state)));
  void queryClient.prefetchQuery(priceTableQueries.summary(state.date));
  prefetchTradeNames(queryClient);
};

/** How many city columns the desktop table shows without scrolling (1150 px inside the box: 160 + 10 × 92). */
const CITIES_IN_VIEW = 10;

/** The columns on show: the address's city when the table has it, else every city. */
function shownCities(table: PriceTable | undefined, city: string | null): string[] {
  if (!table) return [];
  return city && table.cities.includes(city) ? [city] : table.cities;
}

/**
 * The day's moves: the latest summary, asked with the table; when the product's latest day is
 * not the market's (it was not quoted on the market's last day), the summary of the table's day.
 */
function useDayMoves(state: PriceTableState, tableDay: string | null) {
  const latest = usePriceSummary(state.date);
  const ownDay = !state.date && latest.data && tableDay && latest.data.date !== tableDay ? tableDay : null;
  const own = usePriceSummary(ownDay ?? state.date);
  const summary = (ownDay ? own : latest).data;
  return { summary, moves: productMoves(summary, state.product) };
}

/**
 * /priceTable, /priceTable/:product, /priceTable/:product/:city: the daily price tables. The
 * address holds the product, the city, the day and the filters; a cell opens its history and
 * quotes in a drawer. A desktop shows the table; a phone one city at a time as cards.
 */
export function PriceTablePage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const tradeName = useTradeName();
  const state = parsePriceTableState(params, search);
  const heading = useDocumentHead(state);
  // The whole table gives the tabs, the day and the filters' choices; the filtered one (the same
  // answer when nothing filters) the rows on show.
  const base = usePriceTable(tableQueryOf(state));
  const whole = base.data;
  // A phone shows one city: the address's, else the most quoted; its rows are that city's items.
  const knownCity = state.city && whole?.cities.includes(state.city) ? state.city : null;
  const phoneCity = isPhone ? (knownCity ?? whole?.cities[0] ?? null) : null;
  const shownState = phoneCity ? { ...state, city: phoneCity } : state;
  const shown = usePriceTable(filteredQueryOf(shownState));
  const { summary, moves } = useDayMoves(state, whole?.date ?? null);
  const [cell, setCell] = useState<OpenCell | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const go = (patch: StatePatch, replace = false) =>
    void navigate(priceTableHref({ ...state, ...patch }), { replace });

  // /priceTable opens on the default product; when it has no table, on the first that has one.
  const fallback =
    !state.productInPath && whole && whole.products.length > 0 && !whole.products.includes(state.product)
      ? priceTableHref({ ...state, product: whole.products[0] as string })
      : null;
  useEffect(() => {
    if (fallback) void navigate(fallback, { replace: true });
  }, [fallback, navigate]);

  const columns = shownCities(shown.data, knownCity);
  const open = (row: PriceRow, city: string) => {
    const day = shown.data?.date;
    if (!day) return;
    const { grade, spec, mill } = row;
    setCell({ product: state.product, grade, spec, mill, city, date: day });
    setDrawerOpen(true);
  };

  return (
    <div className="sp-container sp-page sp-pt">
      <div className="sp-pt__head">
        <PageTitle>{heading}</PageTitle>
        <p className="sp-pt__intro">{t('priceTable.intro')}</p>
      </div>
      <ProductTabs
        products={whole?.products}
        product={state.product}
        onProduct={(product) => go({ product, grade: null, spec: null })}
      />
      <section className="sp-box sp-pt__box">
        <h2 className="sp-box__title">
          <span>
            {tradeName('products', state.product)}
            <span className="sp-muted sp-pt__unit">{t('priceTable.unit', { unit: UNIT.pricePerTonne })}</span>
            {!isPhone && columns.length > CITIES_IN_VIEW && (
              <span className="sp-muted sp-pt__unit">
                {t('priceTable.scrollHint', { count: columns.length })}
              </span>
            )}
          </span>
          <ExportButton
            allowed={hasDataAccess(session)}
            loggedIn={Boolean(session.token)}
            fallbackName={t('priceTable.export.tableFile')}
            onExport={() => downloadPriceTable(filteredQueryOf(shownState, whole?.date ?? null))}
          />
        </h2>
        <div className="sp-box__body">
          <TableFilters
            state={state}
            day={state.date ?? whole?.date ?? null}
            previousDay={whole?.previousDate ?? null}
            grades={whole ? gradesOf(whole.rows) : []}
            cities={whole?.cities ?? []}
            showCity={!isPhone}
            onChange={(patch) => go(patch)}
          />
          <SummaryLine
            date={whole?.date ?? null}
            previousDate={whole?.previousDate ?? null}
            moves={phoneCity ? (moves.cities.get(phoneCity) ?? null) : moves.total}
            city={phoneCity ?? undefined}
          />
          {isPhone && (
            <CitySelect cities={whole?.cities ?? []} city={phoneCity} onCity={(city) => go({ city })} />
          )}
          <TableBody
            state={state}
            whole={base}
            table={shown}
            cities={columns}
            phoneCity={phoneCity}
            moves={moves.cities}
            onOpen={open}
            onClear={() => go({ grade: null, spec: null })}
          />
        </div>
      </section>
      <SummaryBoard
        summary={summary}
        product={state.product}
        hrefOf={(product) => priceTableHref({ ...state, product, grade: null, spec: null })}
      />
      {cell && (
        <Suspense fallback={null}>
          <CellDrawer cell={cell} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

type TableAnswer = ReturnType<typeof usePriceTable>;

/** The table, or what stands in its place: skeleton, error, nothing quoted, nothing matched. */
function TableBody({
  state,
  whole,
  table,
  cities,
  phoneCity,
  moves,
  onOpen,
  onClear,
}: {
  state: PriceTableState;
  whole: TableAnswer;
  table: TableAnswer;
  cities: string[];
  phoneCity: string | null;
  moves: ProductMoves['cities'];
  onOpen: (row: PriceRow, city: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const tradeName = useTradeName();
  const namesReady = useTradeNamesReady();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const failed = [whole, table].find((answer) => answer.isError && !answer.data);
  if (failed) {
    // A product the vocabulary does not know (a hand-edited address): asking again cannot help.
    if (failed.error instanceof ApiError && failed.error.code === Code.Business) {
      return (
        <Empty className="sp-pt__state" description={failed.error.message}>
          <Link to="/priceTable">{t('priceTable.state.toDefault')}</Link>
        </Empty>
      );
    }
    return (
      <div className="sp-pt__state" role="alert">
        <LoadError error={failed.error as Error} onRetry={() => failed.refetch()} />
      </div>
    );
  }
  const data = table.data;
  if (!whole.data || !data || !namesReady) return isPhone ? <PriceCardsSkeleton /> : <PriceGridSkeleton />;
  const product = tradeName('products', state.product);
  if (!whole.data.date || whole.data.rows.length === 0) {
    return <Empty className="sp-pt__state" description={t('priceTable.state.empty', { product })} />;
  }
  if (state.city && !whole.data.cities.includes(state.city)) {
    return (
      <Empty
        className="sp-pt__state"
        description={t('priceTable.state.emptyCity', { city: tradeName('cities', state.city) })}
      />
    );
  }
  if (data.rows.length === 0 || cities.length === 0) {
    return (
      <Empty className="sp-pt__state" description={t('priceTable.state.emptyFilter')}>
        <Button onClick={onClear}>{t('priceTable.filters.clear')}</Button>
      </Empty>
    );
  }
  // A phone's cards of another city or filter wait as skeletons: dimmed cards of the last city
  // would read as this one's.
  if (isPhone && table.isPlaceholderData) return <PriceCardsSkeleton />;
  const stale = table.isPlaceholderData ? ' sp-pt__table--stale' : '';
  return (
    <div className={`sp-pt__table${stale}`} aria-busy={table.isFetching || undefined}>
      {isPhone && phoneCity ? (
        <PriceCards rows={data.rows} city={phoneCity} onOpen={onOpen} />
      ) : (
        <PriceGrid rows={data.rows} cities={cities} moves={moves} onOpen={onOpen} />
      )}
    </div>
  );
}
