import '../../i18n/services.ts';
import type { CloudCoil, CloudMine } from '@steelport/contracts';
import { Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_PAGE_SIZE } from '../../api/cloud.ts';
import { type DataColumns, DataTable } from '../../components/DataTable.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatLotWeight, UNIT } from '../../lib/numbers.ts';

const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '—');

/** Rows shown while the first page loads (ids below 1 never come from the server). */
const PLACEHOLDER_COILS: CloudCoil[] = Array.from({ length: CLOUD_PAGE_SIZE }, (_, i) => ({
  id: -i,
  coilNo: '',
  warehouseId: 0,
  warehouseName: '',
  product: '',
  material: '',
  spec: '',
  origin: '',
  weightTonnes: 0,
  inAt: '',
  outAt: null,
  status: 'in_stock',
  remark: '',
}));

/** Columns that draw nothing on a placeholder row (a line of text height: the rows keep their size). */
function blankWhileLoading(columns: DataColumns<CloudCoil>): DataColumns<CloudCoil> {
  return columns.map((column) => ({
    ...column,
    render: (value: unknown, coil: CloudCoil, index: number) =>
      coil.id > 0 ? (column.render ? column.render(value, coil, index) : (value as ReactNode)) : '\u00a0',
  }));
}

/** The coils: a table on a desktop, cards on a phone. */
export function Coils({ page, empty }: { page: CloudMine['coils'] | undefined; empty: string }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const statusTag = (coil: CloudCoil) => (
    <Tag color={coil.status === 'in_stock' ? 'blue' : undefined}>{t(`cloud.status.${coil.status}`)}</Tag>
  );
  if (isPhone)
    return (
      <ul className="sp-cloud__cards" data-testid="cloud-coils" aria-busy={!page}>
        {page && page.list.length === 0 && <li className="sp-muted sp-cloud__empty">{empty}</li>}
        {(page?.list ?? []).map((coil) => (
          <li key={coil.id} className="sp-cloud__card" data-testid="cloud-coil">
            <div className="sp-cloud__cardhead">
              <strong>{coil.coilNo}</strong>
              {statusTag(coil)}
            </div>
            <p>
              <TradeName kind="products" name={coil.product} /> · {coil.material} · {coil.spec}
            </p>
            <p>
              {formatLotWeight(coil.weightTonnes)} {UNIT.tonne} ·{' '}
              <TradeName kind="mills" name={coil.origin} />
            </p>
            <p className="sp-muted">
              <TradeName kind="warehouses" name={coil.warehouseName} /> · {t('cloud.col.inAt')}{' '}
              {day(coil.inAt)}
              {coil.outAt ? ` · ${t('cloud.col.outAt')} ${day(coil.outAt)}` : ''}
            </p>
          </li>
        ))}
        {!page &&
          [0, 1, 2].map((n) => (
            <li key={n} className="sp-cloud__card">
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            </li>
          ))}
      </ul>
    );
  return (
    <div className="sp-cloud__table" data-testid="cloud-coils">
      <DataTable<CloudCoil>
        size="small"
        rowKey="id"
        pagination={false}
        // while loading, a page of blank rows of the real rows' height holds the place
        dataSource={page?.list ?? PLACEHOLDER_COILS}
        locale={{ emptyText: page ? empty : '\u00a0' }}
        onRow={(coil) =>
          (coil.id > 0
            ? { 'data-testid': 'cloud-coil' }
            : { 'aria-hidden': true }) as React.HTMLAttributes<HTMLElement>
        }
        columns={blankWhileLoading([
          { key: 'coilNo', title: t('cloud.col.coilNo'), dataIndex: 'coilNo' },
          {
            key: 'product',
            title: t('cloud.col.product'),
            render: (_, coil) => <TradeName kind="products" name={coil.product} />,
          },
          { key: 'material', title: t('cloud.col.material'), dataIndex: 'material' },
          { key: 'spec', title: t('cloud.col.spec'), dataIndex: 'spec' },
          {
            key: 'origin',
            title: t('cloud.col.origin'),
            render: (_, coil) => <TradeName kind="mills" name={coil.origin} />,
          },
          {
            key: 'weight',
            title: t('cloud.col.weight'),
            align: 'right',
            render: (_, coil) => formatLotWeight(coil.weightTonnes),
          },
          {
            key: 'warehouse',
            title: t('cloud.col.warehouse'),
            render: (_, coil) => <TradeName kind="warehouses" name={coil.warehouseName} />,
          },
          { key: 'inAt', title: t('cloud.col.inAt'), render: (_, coil) => day(coil.inAt) },
          { key: 'status', title: t('cloud.col.status'), render: (_, coil) => statusTag(coil) },
        ])}
      />
    </div>
  );
}
