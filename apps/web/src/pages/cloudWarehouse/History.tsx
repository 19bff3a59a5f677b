import '../../i18n/services.ts';
import type { CloudMovement } from '@steelport/contracts';
import { Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatLotWeight, UNIT } from '../../lib/numbers.ts';

/** The in/out history, newest first: one line per movement (fits a phone as it is). */
export function History({ list }: { list: CloudMovement[] | undefined }) {
  const { t } = useTranslation();
  return (
    <ul className="sp-cloud__history" data-testid="cloud-history" aria-busy={!list}>
      {list && list.length === 0 && <li className="sp-muted sp-cloud__empty">{t('cloud.noHistory')}</li>}
      {(list ?? []).map((m) => (
        <li key={`${m.kind}-${m.coilId}`} className="sp-cloud__move" data-testid="cloud-move">
          <Tag color={m.kind === 'in' ? 'green' : 'orange'}>{t(`cloud.kind.${m.kind}`)}</Tag>
          <span className="sp-cloud__movetime">{dayjs(m.at).format('YYYY-MM-DD HH:mm')}</span>
          <strong>{m.coilNo}</strong>
          <span>
            <TradeName kind="products" name={m.product} /> {m.spec} · {formatLotWeight(m.weightTonnes)}{' '}
            {UNIT.tonne}
          </span>
          <span className="sp-muted">
            <TradeName kind="warehouses" name={m.warehouseName} />
          </span>
        </li>
      ))}
      {!list &&
        [0, 1, 2, 3].map((n) => (
          <li key={n} className="sp-cloud__move">
            <Skeleton active title={false} paragraph={{ rows: 1 }} />
          </li>
        ))}
    </ul>
  );
}
