import '../../i18n/services.ts';
import type { CloudWarehouse } from '@steelport/contracts';
import { Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatPercent, formatTonnesText } from '../../lib/numbers.ts';

/** The partner warehouses with capacity, latest stock and saturation. */
export function Warehouses({ list }: { list: CloudWarehouse[] | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="sp-box sp-cloud__section" aria-labelledby="cloud-warehouses">
      <h2 className="sp-box__title" id="cloud-warehouses">
        <span>{t('cloud.warehousesTitle')}</span>
        <span className="sp-muted sp-cloud__titlehint">{t('cloud.warehousesHint')}</span>
      </h2>
      <ul className="sp-cloud__warehouses" data-testid="cloud-warehouses" aria-busy={!list}>
        {(list ?? []).map((w) => (
          <li key={w.id} className="sp-cloud__warehouse" data-testid="cloud-warehouse">
            <div className="sp-cloud__cardhead">
              <strong>
                <TradeName kind="warehouses" name={w.name} />
              </strong>
              <Tag lang="zh">{w.region}</Tag>
            </div>
            <p className="sp-muted" lang="zh">
              {w.address || w.city}
            </p>
            <p>
              {t('cloud.capacity', { tonnes: formatTonnesText(w.capacityTonnes) })} ·{' '}
              {w.stockTonnes === null
                ? t('cloud.noReport')
                : t('cloud.stock', { tonnes: formatTonnesText(w.stockTonnes) })}
            </p>
            <div className="sp-cloud__saturation">
              <span>{t('cloud.saturation')}</span>
              <ProgressBar
                percent={Math.min(100, w.saturation ?? 0)}
                aria-label={t('cloud.saturation')}
                color={(w.saturation ?? 0) >= 85 ? '#b3261e' : undefined}
              />
              <span className="sp-cloud__pct">
                {w.saturation === null ? '—' : formatPercent(w.saturation / 100)}
              </span>
            </div>
            {w.stockDay && (
              <p className="sp-muted sp-cloud__small">{t('cloud.reportedOn', { day: w.stockDay })}</p>
            )}
          </li>
        ))}
        {!list &&
          [0, 1, 2, 3].map((n) => (
            <li key={n} className="sp-cloud__warehouse">
              <Skeleton active title={false} paragraph={{ rows: 4 }} />
            </li>
          ))}
      </ul>
    </section>
  );
}
