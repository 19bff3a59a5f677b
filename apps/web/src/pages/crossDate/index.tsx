import '../../components/steelIndex/steelIndex.css';
import '../../i18n/steelIndex.ts';
import '../../i18n/indexParts.ts';
import type { IndexDay } from '@steelport/contracts';
import { Button, Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIndexDays, useIndexInfo } from '../../api/steelIndex.ts';
import { LazyDatePicker } from '../../components/LazyDatePicker.tsx';
import { NativeSelect } from '../../components/NativeSelect.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { disclosureText } from '../../components/steelIndex/Disclosure.tsx';
import { dayBefore } from '../../components/steelIndex/format.ts';
import { dateGate, useIndexAccess } from '../../components/steelIndex/gate.ts';
import { HistoryPrompt } from '../../components/steelIndex/HistoryPrompt.tsx';
import { useIndexName } from '../../components/steelIndex/names.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { CompareTable } from './CompareTable.tsx';
import { compareDays, download, toCsv } from './compare.ts';
import { fieldLabel as labelOf } from './figures.ts';
import { OverviewCards, type OverviewItem } from './OverviewCards.tsx';
import { OverviewTable } from './OverviewTable.tsx';

type Mode = 'custom' | 'week' | 'month' | 'year';
const MODES: Mode[] = ['week', 'month', 'year', 'custom'];

/** /crossdate: two dates (or a date and a week/month/year earlier), every index field side by side. */
export function CrossDatePage() {
  const { t } = useTranslation();
  const info = useIndexInfo();
  const access = useIndexAccess();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const latest = info.data?.latestDate ?? null;
  const first = info.data?.firstDate ?? null;
  const [dateA, setDateA] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('week');
  const [customB, setCustomB] = useState<string | null>(null);
  const [indexId, setIndexId] = useState<number | null>(null);
  const defs = info.data?.definitions ?? [];
  const indexName = useIndexName(defs);
  const a = dateA ?? latest;
  const b = a ? (mode === 'custom' ? (customB ?? dayBefore(a, 1, 'day')) : dayBefore(a, 1, mode)) : null;
  const ids = defs.map((d) => d.id);
  const days = useIndexDays(a && b && ids.length ? { indexIds: ids, dates: [a, b] } : null);
  const chosen = indexId ?? ids[0] ?? null;
  const find = (id: number, date: string | null) =>
    (days.data?.list ?? []).find((d: IndexDay) => d.index_id === id && d.date === date);
  // A date before the caller's window says what opens it (登录可见 / VIP会员可见), never 无数据.
  const absent = (date: string | null) => {
    const gate = date ? dateGate(date, days.data, access) : null;
    return gate ? t(`steelIndex.gate.${gate}`) : t('steelIndex.cross.missing');
  };

  if (info.isPending)
    return (
      <div className="sp-container sp-page">
        <Skeleton active />
      </div>
    );
  if (!latest || !first || !a || !b) {
    return (
      <div className="sp-container sp-page">
        <PageTitle>{t('pages.crossdate.title')}</PageTitle>
        <Empty description={t('steelIndex.empty')} />
      </div>
    );
  }
  const nameOf = (id: number) => {
    const def = defs.find((d) => d.id === id);
    return def ? indexName(def) : { text: '', zh: false };
  };
  const name = (id: number) => nameOf(id).text;
  const rows = chosen ? compareDays(find(chosen, a), find(chosen, b)) : [];
  // price and stock of every index on both dates: a table on a desktop, cards on a phone
  const overview: OverviewItem[] = ids.map((id) => {
    const [price, , stock] = compareDays(find(id, a), find(id, b));
    return { id, name: name(id), zh: nameOf(id).zh, price, stock, dayA: find(id, a), dayB: find(id, b) };
  });
  const fieldLabel = (f: string) => labelOf(t, f);
  const disabled = (d: dayjs.Dayjs) => d.isAfter(dayjs(latest)) || d.isBefore(dayjs(first));

  const exportCsv = () => {
    const header = [
      t('steelIndex.cross.index'),
      t('steelIndex.cross.field'),
      a,
      b,
      t('steelIndex.cross.change'),
      t('steelIndex.cross.ratio'),
    ];
    const source = (day: IndexDay | undefined) =>
      day
        ? `${disclosureText(t, day)}${day.provisional ? ` · ${t('steelIndex.day.provisional')}` : ''}`
        : null;
    const lines = ids.flatMap((id) => [
      ...compareDays(find(id, a), find(id, b)).map((r) => [
        name(id),
        fieldLabel(r.field),
        r.a,
        r.b,
        r.change,
        r.ratio === null ? null : Math.round(r.ratio * 1e6) / 1e6,
      ]),
      [name(id), t('steelIndex.day.sourceTitle'), source(find(id, a)), source(find(id, b)), null, null],
    ]);
    download(`${t('steelIndex.cross.fileName')}_${a}_${b}.csv`, toCsv(header, lines));
  };

  return (
    <div className="sp-container sp-page">
      <PageTitle>{t('pages.crossdate.title')}</PageTitle>
      <div className="sp-toolbar">
        <span>{t('steelIndex.cross.dateA')}</span>
        <LazyDatePicker
          allowClear={false}
          value={dayjs(a)}
          disabledDate={disabled}
          onChange={(d) => d && setDateA(d.format('YYYY-MM-DD'))}
          aria-label={t('steelIndex.cross.dateA')}
        />
        <span>{t('steelIndex.cross.compareWith')}</span>
        <Segmented<Mode>
          value={mode}
          onChange={setMode}
          options={MODES.map((m) => ({ value: m, label: t(`steelIndex.cross.${m}`) }))}
        />
        {mode === 'custom' && (
          <LazyDatePicker
            allowClear={false}
            value={dayjs(b)}
            disabledDate={disabled}
            onChange={(d) => d && setCustomB(d.format('YYYY-MM-DD'))}
            aria-label={t('steelIndex.cross.custom')}
          />
        )}
        <Button onClick={exportCsv} disabled={!days.data}>
          {t('steelIndex.cross.export')}
        </Button>
      </div>
      <HistoryPrompt limitedBy={days.data?.limitedBy} />
      <div className="sp-crossdate__result">
        <section className="sp-box">
          <h2 className="sp-box__title">
            <NativeSelect
              value={String(chosen)}
              onChange={(id) => setIndexId(Number(id))}
              aria-label={t('steelIndex.cross.index')}
              options={defs.map((d) => {
                const name = indexName(d);
                return { value: String(d.id), label: name.text, lang: name.zh ? 'zh' : undefined };
              })}
              style={{ minWidth: 160 }}
            />
          </h2>
          <CompareTable
            rows={rows}
            loading={days.isPending}
            a={a}
            b={b}
            sourceDays={chosen ? [find(chosen, a), find(chosen, b)] : null}
            absent={absent}
          />
        </section>
        <section className="sp-box">
          <h2 className="sp-box__title">{t('steelIndex.cross.overview')}</h2>
          {isPhone ? (
            <OverviewCards items={overview} a={a} b={b} absent={absent} />
          ) : (
            <OverviewTable items={overview} loading={days.isPending} a={a} b={b} absent={absent} />
          )}
        </section>
      </div>
    </div>
  );
}
