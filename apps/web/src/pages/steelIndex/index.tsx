import '../../components/steelIndex/steelIndex.css';
import '../../i18n/steelIndex.ts';
import type { IndexInfo } from '@steelport/contracts';
import { Empty, Skeleton } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { indexQueries, useIndexInfo, useIndexSeries } from '../../api/steelIndex.ts';
import { getSession, viewerOf } from '../../auth/session.ts';
import { useGateNotice } from '../../components/GateNotice.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { RANGES, type RangeKey, rangeStart } from '../../components/steelIndex/format.ts';
import {
  accessOf,
  historyGate,
  type IndexAccess,
  limitOf,
  openingRange,
  rangeGate,
  useIndexAccess,
} from '../../components/steelIndex/gate.ts';
import { HistoryPrompt } from '../../components/steelIndex/HistoryPrompt.tsx';
import { useIndexName } from '../../components/steelIndex/names.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { withScreenTexts } from '../../i18n/index.ts';
import { renderShown } from '../../i18n/tradeNames.tsx';
import type { ScreenPrefetch } from '../../lib/prefetch.ts';
import { DealPanel } from './components/DealPanel.tsx';
import { IndexCards } from './components/IndexCards.tsx';
import { PeriodCompare } from './components/PeriodCompare.tsx';
import { SaturationPanel } from './components/SaturationPanel.tsx';
import { MAX_OVERLAY, TrendChart } from './components/TrendChart.tsx';

// The methodology (its long texts, the corrections' list with the console's API and texts) is a
// tab few visitors open: it loads when it opens, behind the skeleton its rules show anyway.
const Methodology = lazy(() =>
  withScreenTexts(() => import('./components/Methodology.tsx'))().then((module) => ({
    default: module.Methodology,
  })),
);

/** The open tab: the dashboard unless the URL asks for the methodology. */
function tabOf(params: URLSearchParams): 'dashboard' | 'method' {
  return params.get('tab') === 'method' ? 'method' : 'dashboard';
}

/** /exponentMain: the steel index dashboard; `?tab=method` opens the methodology. */
export function SteelIndexPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  return (
    <div className="sp-container sp-page sp-exponent">
      <div className="sp-exponent__head">
        <PageTitle>{t('pages.exponentMain.title')}</PageTitle>
        <nav className="sp-exponent__links">
          <Link to="/crossdate">{t('steelIndex.links.crossdate')}</Link>
          <Link to="/morepage">{t('steelIndex.links.morepage')}</Link>
          <Link to="/exponentMain?tab=method">{t('steelIndex.links.method')}</Link>
        </nav>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'method' ? { tab: 'method' } : {}, { replace: true })}
        items={[
          { key: 'dashboard', label: t('steelIndex.tabs.dashboard'), children: <Dashboard /> },
          {
            key: 'method',
            label: t('steelIndex.tabs.method'),
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
                <Methodology />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}

/**
 * What the dashboard's chart shows: the chosen indexes (the first two unless the user picked),
 * the ranges the caller may open, the range shown and the series to ask for. Ranges beyond the
 * caller's window are offered disabled; the chart opens on three months, or on the widest range
 * the caller sees whole (a visitor's month), never on a range it cannot show.
 */
function chartWindow(
  info: IndexInfo | undefined,
  access: IndexAccess,
  asked: RangeKey | null,
  chosen: number[] | null,
) {
  const latest = info?.latestDate ?? undefined;
  const first = info?.firstDate ?? undefined;
  const definitions = info?.definitions ?? [];
  const selected = chosen ?? definitions.slice(0, 2).map((d) => d.id);
  const gates = Object.fromEntries(
    RANGES.map((r) => [r, latest && first ? rangeGate(r, access, latest, first) : null]),
  ) as Record<RangeKey, ReturnType<typeof rangeGate>>;
  const fallback = latest && first ? openingRange(RANGES, 'm3', access, latest, first) : 'm3';
  const range = asked && !gates[asked] ? asked : fallback;
  const start = latest && first ? rangeStart(range, latest, first) : undefined;
  return {
    latest,
    definitions,
    selected,
    gates,
    range,
    series: { start, end: latest, ids: selected.join(',') },
    /** the series can be asked for: there is a day and an index */
    ready: Boolean(latest) && selected.length > 0,
  };
}

/** A visit to the dashboard starts the index list, then the chart it opens on. */
export const prefetch: ScreenPrefetch = (queryClient, { search }) => {
  if (tabOf(new URLSearchParams(search)) === 'method') return;
  const session = getSession();
  void queryClient
    .fetchQuery(indexQueries.info())
    .then((info) => {
      const opening = chartWindow(info, accessOf(session), null, null);
      if (opening.ready)
        void queryClient.prefetchQuery(indexQueries.series(viewerOf(session), opening.series));
    })
    .catch(() => undefined);
};

function Dashboard() {
  const { t } = useTranslation();
  const info = useIndexInfo();
  const access = useIndexAccess();
  const gateNotice = useGateNotice();
  const [asked, setRange] = useState<RangeKey | null>(null);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const {
    latest,
    definitions,
    selected,
    gates,
    range,
    ready,
    series: seriesRange,
  } = chartWindow(info.data, access, asked, chosen);
  const limit = Object.values(gates).some(Boolean) ? limitOf(access) : null;
  const series = useIndexSeries(seriesRange, ready);
  const indexName = useIndexName(definitions);
  const trendOptions = useMemo(
    () =>
      definitions.map((d) => {
        const shown = indexName(d);
        return { id: d.id, name: shown.text, label: renderShown(shown) };
      }),
    [definitions, indexName],
  );

  if (info.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!latest) return <Empty description={t('steelIndex.empty')} />;
  const toggle = (id: number) =>
    setChosen(
      selected.includes(id)
        ? selected.length > 1
          ? selected.filter((x) => x !== id)
          : selected
        : [...selected, id].slice(-MAX_OVERLAY),
    );
  const focus = definitions.find((d) => d.id === selected[0]);
  const focusName = focus && indexName(focus);
  return (
    <div className="sp-exponent__board">
      <IndexCards
        rows={info.data?.list ?? []}
        definitions={definitions}
        selected={selected}
        onToggle={toggle}
      />
      <section className="sp-box sp-index-section">
        <h2 className="sp-box__title">
          <span>{t('steelIndex.trend.title')}</span>
        </h2>
        <div className="sp-box__body">
          <TrendChart
            data={series.data}
            options={trendOptions}
            selected={selected}
            onSelect={setChosen}
            range={range}
            onRange={setRange}
            gates={gates}
            onGated={(gate) => gateNotice.explain(historyGate(t, gate))}
          />
          {/* Under the chart: what the disabled ranges need, without pushing the chart down. */}
          <HistoryPrompt limitedBy={series.data?.limitedBy ?? limit} />
          {gateNotice.notice}
        </div>
      </section>
      <div className="sp-exponent__grid">
        {focus && focusName && (
          <PeriodCompare indexId={focus.id} indexName={renderShown(focusName)} latest={latest} />
        )}
        <SaturationPanel start={seriesRange.start} end={latest} />
      </div>
      <DealPanel />
    </div>
  );
}
