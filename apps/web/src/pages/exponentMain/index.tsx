import '../../components/steelIndex/steelIndex.css';
import { Empty, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useIndexInfo, useIndexSeries } from '../../api/steelIndex.ts';
import { useGateNotice } from '../../components/GateNotice.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { RANGES, type RangeKey, rangeStart } from '../../components/steelIndex/format.ts';
import {
  historyGate,
  limitOf,
  openingRange,
  rangeGate,
  useIndexAccess,
} from '../../components/steelIndex/gate.ts';
import { HistoryPrompt } from '../../components/steelIndex/HistoryPrompt.tsx';
import { DealPanel } from './components/DealPanel.tsx';
import { IndexCards } from './components/IndexCards.tsx';
import { Methodology } from './components/Methodology.tsx';
import { PeriodCompare } from './components/PeriodCompare.tsx';
import { SaturationPanel } from './components/SaturationPanel.tsx';
import { MAX_OVERLAY, TrendChart } from './components/TrendChart.tsx';

/** /exponentMain: the steel index dashboard; `?tab=method` opens the methodology. */
export function ExponentMainPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'method' ? 'method' : 'dashboard';
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
          { key: 'method', label: t('steelIndex.tabs.method'), children: <Methodology /> },
        ]}
      />
    </div>
  );
}

function Dashboard() {
  const { t } = useTranslation();
  const info = useIndexInfo();
  const access = useIndexAccess();
  const gateNotice = useGateNotice();
  const [asked, setRange] = useState<RangeKey | null>(null);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const latest = info.data?.latestDate ?? undefined;
  const first = info.data?.firstDate ?? undefined;
  const definitions = info.data?.definitions ?? [];
  const selected = chosen ?? definitions.slice(0, 2).map((d) => d.id);
  // Ranges beyond the caller's window are offered disabled; the chart opens on three months, or
  // on the widest range the caller sees whole (a visitor's month), never on a range it cannot show.
  const gates = Object.fromEntries(
    RANGES.map((r) => [r, latest && first ? rangeGate(r, access, latest, first) : null]),
  ) as Record<RangeKey, ReturnType<typeof rangeGate>>;
  const fallback = latest && first ? openingRange(RANGES, 'm3', access, latest, first) : 'm3';
  const range = asked && !gates[asked] ? asked : fallback;
  const start = latest && first ? rangeStart(range, latest, first) : undefined;
  const limit = Object.values(gates).some(Boolean) ? limitOf(access) : null;
  const series = useIndexSeries(
    { start, end: latest, ids: selected.join(',') },
    Boolean(latest) && selected.length > 0,
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
  return (
    <div className="sp-exponent__board">
      <IndexCards rows={info.data?.list ?? []} selected={selected} onToggle={toggle} />
      <section className="sp-box sp-index-section">
        <h2 className="sp-box__title">
          <span>{t('steelIndex.trend.title')}</span>
        </h2>
        <div className="sp-box__body">
          <TrendChart
            data={series.data}
            options={definitions.map((d) => ({ id: d.id, name: d.name }))}
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
        {focus && <PeriodCompare indexId={focus.id} indexName={focus.name} latest={latest} />}
        <SaturationPanel start={start} end={latest} />
      </div>
      <DealPanel />
    </div>
  );
}
