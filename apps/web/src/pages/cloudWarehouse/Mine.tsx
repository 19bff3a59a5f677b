import '../../i18n/services.ts';
import { SearchOutlined } from '@ant-design/icons';
import type { CloudIndex } from '@steelport/contracts';
import { Button, Pagination, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_PAGE_SIZE, type CloudQuery } from '../../api/cloud.ts';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatLotWeight, formatTonnesText, UNIT } from '../../lib/numbers.ts';
import { CoilPrompt } from './CoilPrompt.tsx';
import { Coils } from './Coils.tsx';
import { STATUSES, type Update } from './cloudQuery.ts';
import { History } from './History.tsx';

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
          <Button icon={<SearchOutlined />} onClick={() => setPrompting(true)} className="sp-cloud__tap">
            {t('cloud.lookup')}
          </Button>
          {query.coilNo && (
            <Button onClick={() => update({ coilNo: undefined })} className="sp-cloud__tap">
              {t('cloud.clearLookup', { coilNo: query.coilNo })}
            </Button>
          )}
          <Select
            aria-label={t('cloud.statusLabel')}
            className="sp-cloud__select"
            value={query.status}
            onChange={(status) => update({ status: status === 'in_stock' ? undefined : status })}
            options={STATUSES.map((s) => ({ value: s, label: t(`cloud.status.${s}`) }))}
          />
          <Select
            aria-label={t('cloud.warehouseLabel')}
            className="sp-cloud__select sp-cloud__select--wide"
            value={query.warehouseId ?? 0}
            onChange={(id) => update({ warehouseId: id || undefined })}
            options={[
              { value: 0, label: t('cloud.allWarehouses') },
              ...(data?.warehouses ?? [])
                .filter((w) => !warehouses.length || warehouses.some((x) => x.warehouseId === w.id))
                .map((w) => ({ value: w.id, label: <TradeName kind="warehouses" name={w.name} /> })),
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
            <Pagination
              className="sp-cloud__pager"
              current={query.page}
              pageSize={CLOUD_PAGE_SIZE}
              total={mine.coils.total}
              showSizeChanger={false}
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
          <Pagination
            className="sp-cloud__pager"
            current={query.historyPage}
            pageSize={mine.history.pageSize}
            total={mine.history.total}
            showSizeChanger={false}
            onChange={(historyPage) => update({ historyPage }, true)}
          />
        )}
      </section>

      <CoilPrompt
        open={prompting}
        onClose={() => setPrompting(false)}
        onFind={(coilNo) => {
          setPrompting(false);
          update({ coilNo, status: 'all' });
        }}
      />
    </>
  );
}
