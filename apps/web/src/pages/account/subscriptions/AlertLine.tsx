import '../../../i18n/subscription.ts';
import type { IndexAlert } from '@steelport/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { removeIndexAlert, updateIndexAlert } from '../../../api/subscription.ts';
import { useIndexName } from '../../../components/steelIndex/names.tsx';
import { renderShown } from '../../../i18n/tradeNames.tsx';
import { formatPriceText } from '../../../lib/numbers.ts';
import { PauseAndRemove } from './PauseAndRemove.tsx';

/** One index alert: the index, its condition, whether it waits or fired, and its actions. */
export function AlertLine({ alert }: { alert: IndexAlert }) {
  const { t } = useTranslation();
  const indexName = useIndexName();
  const condition =
    alert.kind === 'report'
      ? t('subscription.subs.alertReport')
      : alert.kind === 'move'
        ? t('subscription.subs.alertMove', { percent: alert.percent ?? 0 })
        : t(alert.kind === 'above' ? 'subscription.subs.alertAbove' : 'subscription.subs.alertBelow', {
            level: formatPriceText(alert.level),
          });

  return (
    <li className="sp-subs__item" data-testid="index-alert">
      <div className="sp-subs__line">
        <Tag>{t('subscription.kinds.index')}</Tag>
        <strong className="sp-subs__name">
          {renderShown(indexName({ id: alert.indexId, indexName: alert.indexName }))}
        </strong>
        <span>{condition}</span>
        <Tag color={alert.paused ? 'default' : 'green'}>
          {alert.paused ? t('subscription.subs.paused') : t('subscription.subs.active')}
        </Tag>
      </div>
      <div className="sp-subs__meta sp-muted">
        {alert.kind !== 'report' && (
          <span>{alert.armed ? t('subscription.subs.alertArmed') : t('subscription.subs.alertFired')}</span>
        )}
        {alert.lastFiredAt && (
          <span>
            {t('subscription.subs.lastFired', { time: dayjs(alert.lastFiredAt).format('YYYY-MM-DD HH:mm') })}
          </span>
        )}
      </div>
      <div className="sp-subs__actions">
        <PauseAndRemove
          paused={alert.paused}
          onPause={(paused: boolean) => updateIndexAlert(alert.id, paused)}
          onRemove={() => removeIndexAlert(alert.id)}
        />
      </div>
    </li>
  );
}
