import '../../i18n/priceTable.ts';
import { type HistoryLimit, PRICE_TABLE_LIMITS, type PriceHistoryQuery } from '@steelport/contracts';
import { Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadPriceHistory, usePriceHistory } from '../../api/priceTable.ts';
import { hasDataAccess, useSession } from '../../auth/session.ts';
import { Chart } from '../../components/Chart/index.tsx';
import { useGateNotice } from '../../components/GateNotice.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { ExportButton } from '../../components/lots/ExportButton.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { RANGES, type RangeKey, rangeStart } from '../../components/steelIndex/format.ts';
import { accessOf, historyGate, limitOf, openingRange, rangeGate } from '../../components/steelIndex/gate.ts';
import { HistoryPrompt } from '../../components/steelIndex/HistoryPrompt.tsx';
import { rangeOptions } from '../../components/steelIndex/RangeOptions.tsx';
import { HISTORY_HEIGHT, historyOption } from './historyOption.ts';

/** The cell whose history is shown, on the table's day. */
export interface OpenCell {
  product: string;
  grade: string;
  spec: string;
  mill: string;
  city: string;
  /** the table's day: the history ends there, the quotes are of that day */
  date: string;
}

/** The oldest day a range may reach: the longest history one request may ask for. */
function firstDay(latest: string): string {
  return dayjs(latest)
    .subtract(PRICE_TABLE_LIMITS.historyDaysMax - 1, 'day')
    .format('YYYY-MM-DD');
}

/**
 * A cell's history: the index's ranges with the index's gates (a visitor sees 30 days, a member
 * a year, a data membership everything; a range beyond the caller's window is a disabled tab that
 * says what opens it), the chart, the prompt under it when the answer was cut, and the export
 * (数据会员 and VIP; anyone else is told first which membership opens it).
 */
export function HistoryPanel({ cell, label }: { cell: OpenCell; label: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const access = accessOf(session);
  const gateNotice = useGateNotice();
  const [asked, setAsked] = useState<RangeKey | null>(null);
  const latest = cell.date;
  const first = firstDay(latest);
  const gates = Object.fromEntries(RANGES.map((r) => [r, rangeGate(r, access, latest, first)])) as Record<
    RangeKey,
    HistoryLimit
  >;
  const range = asked && !gates[asked] ? asked : openingRange(RANGES, 'm3', access, latest, first);
  const query: PriceHistoryQuery = {
    product: cell.product,
    grade: cell.grade,
    spec: cell.spec,
    mill: cell.mill,
    city: cell.city,
    start: rangeStart(range, latest, first),
    end: latest,
  };
  const history = usePriceHistory(query);
  const points = history.data?.points;
  const option = useMemo(() => historyOption(t, points ?? []), [t, points]);
  const limit = Object.values(gates).some(Boolean) ? limitOf(access) : null;

  return (
    <section className="sp-pt-history" aria-label={t('priceTable.drawer.history')}>
      <div className="sp-pt-history__bar">
        <h3 className="sp-pt-drawer__heading">{t('priceTable.drawer.history')}</h3>
        <ExportButton
          allowed={hasDataAccess(session)}
          loggedIn={Boolean(session.token)}
          fallbackName={t('priceTable.export.historyFile')}
          onExport={() => downloadPriceHistory(query)}
        />
      </div>
      <Segmented<RangeKey>
        className="sp-pt-ranges"
        value={range}
        onChange={setAsked}
        data-testid="price-history-ranges"
        options={rangeOptions(t, gates, (gate) => gateNotice.explain(historyGate(t, gate)))}
      />
      <div
        className="sp-pt-history__chart"
        style={{ height: HISTORY_HEIGHT }}
        data-testid="price-history-chart"
      >
        {history.isError && !points ? (
          <LoadError error={history.error} onRetry={() => history.refetch()} />
        ) : !points ? (
          <Skeleton.Node active style={{ width: '100%', height: HISTORY_HEIGHT }} />
        ) : points.length === 0 ? (
          <Empty className="sp-pt-history__empty" description={t('priceTable.drawer.noHistory')} />
        ) : (
          <Chart option={option} height={HISTORY_HEIGHT} label={label} />
        )}
      </div>
      <HistoryPrompt limitedBy={history.data?.limitedBy ?? limit} />
      {gateNotice.notice}
    </section>
  );
}
