import '../../i18n/workspace.ts';
import { type LotStatusName, TRADER_LIMITS } from '@steelport/contracts';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatUpdatedAt } from '../lots/format.ts';

/**
 * When a row was last updated (YYYY-MM-DD HH:mm, or MM-DD HH:mm in a table cell), with a
 * 过期 tag when it has not been touched for TRADER_LIMITS.staleDays days; the tooltip says why
 * it matters (buyers sorting by time see it last) and how to refresh it.
 */
export function RowTime({
  updatedAt,
  stale,
  short,
}: {
  updatedAt: string;
  stale?: boolean;
  short?: boolean;
}) {
  const { t } = useTranslation();
  const time = dayjs(updatedAt);
  const full = time.isValid() ? time.format('YYYY-MM-DD HH:mm') : '';
  return (
    <span className="sp-trader__time">
      {/* A table cell has room for MM-DD HH:mm; the year is in the tooltip. */}
      <time dateTime={updatedAt} title={short ? full : undefined}>
        {short ? formatUpdatedAt(updatedAt) : full}
      </time>
      {stale && (
        <Tooltip title={t('trader.staleHint', { days: TRADER_LIMITS.staleDays })}>
          <Tag color="orange" className="sp-trader__stale">
            {t('trader.stale')}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** 在售 (green) or 已售 (grey). */
export function StatusTag({ status }: { status: LotStatusName }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'on_sale' ? 'green' : 'default'} className="sp-trader__status">
      {t(`trader.status.${status}`)}
    </Tag>
  );
}
