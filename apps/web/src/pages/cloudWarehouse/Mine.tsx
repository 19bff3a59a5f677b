import '../../i18n/services.ts';
import { SearchOutlined } from '@ant-design/icons';
import type { CloudIndex } from '@steelport/contracts';
import { Button, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CLOUD_PAGE_SIZE, type CloudQuery } from '../../api/cloud.ts';
import { NativeSelect } from '../../components/NativeSelect.tsx';
import { Pager } from '../../components/Pager.tsx';
import { withScreenTexts } from '../../i18n/index.ts';
import { TradeName, useShownName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatLotWeight, formatTonnesText, UNIT } from '../../lib/numbers.ts';
import { loadOnce, useOnDemand } from '../../lib/onDemand.ts';
import { Coils } from './Coils.tsx';
import { STATUSES, type Update } from './cloudQuery.ts';
import { History } from './History.tsx';

/**
 * The coil-number prompt (antd's Modal and Input) loads on the first click of 卷号查询, or when a
 * pointer or the focus reaches the button: not with the screen.
 */
const loadPrompt = loadOnce(withScreenTexts(() => import('./CoilPrompt.tsx')));
const CoilPrompt = lazy(() => loadPrompt().then((module) => ({ default: module.CoilPrompt })));

/** The address of this page with `key` (a pager's page parameter) set to `page` (left out for 1). */
function useHrefWith(): (key: 'page' | 'historyPage') => (page: number) => string {
  const { pathname, search } = useLocation();
  return (key) => (page) => {
    const params = new URLSearchParams(search);
    if (page > 1) params.set(key, String(page));
    else params.delete(key);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}

/** The member's part: summary and filters, totals per warehouse, coils, history. */
export function Mine({
  data,
  query,
  update,
}: {
  data: CloudIndex | undefined;
  query: CloudQuery;
  update: Update;
}) {
  const { t } = useTranslation();
  const shownName = useShownName();
  const hrefWith = useHrefWith();
  const prompt = useOnDemand<true>(loadPrompt);
  // the prompt stays mounted once opened, so that closing plays the dialog's animation
  const [prompting, setPrompting] = useState(false);
  const mine = data?.mine ?? undefined;
  const warehouses = mine?.totals ?? [];
  return (
    <>
      <section className="sp-box sp-cloud__section" aria-labelledby="cloud-totals">
        <h2 className="sp-box__title" id="cloud-totals">
          <span>{t('cloud.totalsTitle')}</span>
        </h2>
        <div className="sp-box__body">
          <p className="sp-cloud__summary" data-testid="cloud-summary">
            {mine
              ? mine.summary.coils > 0
                ? t('cloud.summary', {
                    coils: formatCount(mine.summary.coils),
                    tonnes: formatTonnesText(mine.summary.tonnes),
                    warehouses: mine.summary.warehouses,
                  })
                : t('cloud.summaryEmpty')
              : '\u00a0'}
          </p>
          <ul className="sp-cloud__totals" aria-busy={!mine}>
            {mine
              ? mine.totals.map((total) => (
                  <li key={total.warehouseId} className="sp-cloud__total" data-testid="cloud-total">
                    <strong>
                      <TradeName kind="warehouses" name={total.warehouseName} />
                    </strong>
                    <span className="sp-muted">{total.city}</span>
                    <span>
                      {t('cloud.totalLine', {
                        coils: formatCount(total.coils),
                        tonnes: `${formatLotWeight(total.tonnes)} ${UNIT.tonne}`,
                      })}
                    </span>
                  </li>
                ))
              : [0, 1, 2].map((n) => (
                  <li key={n} className="sp-cloud__total">
                    <Skeleton active title={false} paragraph={{ rows: 2 }} />
                  </li>
                ))}
          </ul>
        </div>
      </section>

      <section className="sp-box sp-cloud__section" aria-labelledby="cloud-coils">
        <h2 className="sp-box__title" id="cloud-coils">
          <span>
            {query.coilNo ? t('cloud.lookupResult', { coilNo: query.coilNo }) : t('cloud.coilsTitle')}
          </span>
          {mine && <span className="sp-muted">{t('cloud.total', { count: mine.coils.total })}</span>}
        </h2>
        <div className="sp-cloud__filters">
          <Button
            icon={<SearchOutlined />}
            loading={prompt.pending !== null}
            onPointerEnter={prompt.preload}
            onFocus={prompt.preload}
            onClick={() => {
              prompt.open(true);
              setPrompting(true);
            }}
            className="sp-cloud__tap"
          >
            {t('cloud.lookup')}
          </Button>
          {query.coilNo && (
            <Button onClick={() => update({ coilNo: undefined })} className="sp-cloud__tap">
              {t('cloud.clearLookup', { coilNo: query.coilNo })}
            </Button>
          )}
          <NativeSelect
            aria-label={t('cloud.statusLabel')}
            className="sp-cloud__select"
            value={query.status}
            onChange={(status) => update({ status: status === 'in_stock' ? undefined : status })}
            options={STATUSES.map((s) => ({ value: s, label: t(`cloud.status.${s}`) }))}
          />
          <NativeSelect
            aria-label={t('cloud.warehouseLabel')}
            className="sp-cloud__select sp-cloud__select--wide"
            value={String(query.warehouseId ?? 0)}
            onChange={(id) => update({ warehouseId: Number(id) || undefined })}
            options={[
              { value: '0', label: t('cloud.allWarehouses') },
              ...(data?.warehouses ?? [])
                .filter((w) => !warehouses.length || warehouses.some((x) => x.warehouseId === w.id))
                .map((w) => {
                  const shown = shownName('warehouses', w.name);
                  return { value: String(w.id), label: shown.text, ...(shown.zh ? { lang: 'zh' } : {}) };
                }),
            ]}
          />
        </div>
        <Coils
          page={mine?.coils}
          empty={query.coilNo ? t('cloud.noCoilsLookup', { coilNo: query.coilNo }) : t('cloud.noCoils')}
        />
        {/* the pager's place is kept while loading, so the boxes below stay where they are */}
        <div className="sp-cloud__pagerslot">
          {mine && mine.coils.total > CLOUD_PAGE_SIZE && (
            <Pager
              className="sp-cloud__pager"
              current={query.page}
              pageSize={CLOUD_PAGE_SIZE}
              total={mine.coils.total}
              hrefOf={hrefWith('page')}
              label={t('cloud.coilsPages')}
              onChange={(page) => update({ page }, true)}
            />
          )}
        </div>
      </section>

      <section className="sp-box sp-cloud__section" aria-labelledby="cloud-history">
        <h2 className="sp-box__title" id="cloud-history">
          <span>{t('cloud.historyTitle')}</span>
          {mine && <span className="sp-muted">{t('cloud.total', { count: mine.history.total })}</span>}
        </h2>
        <History list={mine?.history.list} />
        {mine && mine.history.total > mine.history.pageSize && (
          <Pager
            className="sp-cloud__pager"
            current={query.historyPage}
            pageSize={mine.history.pageSize}
            total={mine.history.total}
            hrefOf={hrefWith('historyPage')}
            label={t('cloud.historyPages')}
            onChange={(historyPage) => update({ historyPage }, true)}
          />
        )}
      </section>

      {prompt.shown && (
        <Suspense fallback={null}>
          <CoilPrompt
            open={prompting}
            onClose={() => setPrompting(false)}
            onFind={(coilNo) => {
              setPrompting(false);
              update({ coilNo, status: 'all' });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
