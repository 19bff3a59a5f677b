import {
  LOT_FILTER_LIMITS,
  type LotTotals,
  type Supplier,
  type SupplierListQuery,
  type SupplierSummary,
} from '@steelport/contracts';
import { Alert, Button, Input, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSupplierList } from '../../api/lots.ts';
import { firmPathOf } from '../quotes/firm.ts';
import { formatCount, formatUpdatedAt, formatWeight } from './format.ts';

/**
 * The banner over the table when the search is one supplier's stock: who it is, how much it
 * holds under the filter, its firm page, and a way back to every supplier.
 */
export function SupplierBanner({
  supplierId,
  supplier,
  supplierUserId,
  totals,
  onClear,
}: {
  supplierId: number;
  /** the supplier as the rows on screen carry it; absent when nothing matched */
  supplier: Supplier | undefined;
  /** its trader user (the firm page); absent when nothing matched or the firm has none */
  supplierUserId: number | null | undefined;
  totals: LotTotals | undefined;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const firm = firmPathOf(supplierUserId);
  const name = supplier?.name ?? `#${supplierId}`;
  return (
    <div className="sp-lots__supplier-panel" data-testid="supplier-panel">
      {firm ? (
        <Link className="sp-lots__supplier-name" to={firm}>
          {name}
        </Link>
      ) : (
        <span className="sp-lots__supplier-name">{name}</span>
      )}
      {supplier?.city && <span>{supplier.city}</span>}
      {totals && (
        <span>
          {t('lots.supplier.stock')} {t('lots.supplier.stockCount', { count: totals.rows })} ·{' '}
          {formatWeight(totals.weight)}
        </span>
      )}
      <span className="sp-muted">{t('lots.supplier.panel')}</span>
      {firm && <Link to={firm}>{t('lots.supplier.firm')}</Link>}
      <Button size="small" onClick={onClear}>
        {t('lots.supplier.clear')}
      </Button>
    </div>
  );
}

/** Suppliers with stock (keyword, city), their stock counts and tonnage; 看现货 filters by one. */
export function SupplierList({ cities, onPick }: { cities: string[]; onPick: (supplierId: number) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<SupplierListQuery>({ page: 1, pageSize: 20 });
  const { data, isFetching, isError, refetch } = useSupplierList(query);

  const columns: TableColumnsType<SupplierSummary> = [
    {
      key: 'name',
      title: t('lots.supplier.name'),
      width: 200,
      fixed: 'start',
      render: (_: unknown, row) => {
        const firm = firmPathOf(row.supplierUserId);
        const name = row.shortName || row.name;
        return firm ? (
          <Link to={firm} title={row.name}>
            {name}
          </Link>
        ) : (
          <span title={row.name}>{name}</span>
        );
      },
    },
    { key: 'city', dataIndex: 'city', title: t('lots.supplier.city'), width: 70 },
    { key: 'main', dataIndex: 'mainProducts', title: t('lots.supplier.main'), width: 200, ellipsis: true },
    {
      key: 'stock',
      title: t('lots.supplier.stock'),
      width: 150,
      align: 'end',
      render: (_: unknown, row) =>
        `${t('lots.supplier.stockCount', { count: formatCount(row.cargoCount) })} · ${formatWeight(row.cargoWeight)}`,
    },
    { key: 'contact', dataIndex: 'contactName', title: t('lots.supplier.contact'), width: 70 },
    { key: 'phone', dataIndex: 'phone', title: t('lots.supplier.phone'), width: 110 },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('lots.supplier.updatedAt'),
      width: 92,
      render: (iso: string | null) => formatUpdatedAt(iso),
    },
    {
      key: 'action',
      title: '',
      width: 70,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => onPick(row.id)}>
          {t('lots.supplier.viewStock')}
        </Button>
      ),
    },
  ];

  return (
    <div>
      <div className="sp-lots__suppliers-bar">
        <Input
          style={{ width: 220 }}
          allowClear
          value={draft}
          maxLength={LOT_FILTER_LIMITS.supplierKeywordLength}
          aria-label={t('lots.supplier.keyword')}
          placeholder={t('lots.supplier.keyword')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={() => setQuery({ ...query, keyword: draft.trim() || undefined, page: 1 })}
        />
        <Select
          style={{ width: 140 }}
          allowClear
          showSearch
          placeholder={t('lots.supplier.city')}
          aria-label={t('lots.supplier.city')}
          value={query.city}
          options={cities.map((city) => ({ value: city, label: city }))}
          onChange={(city?: string) => setQuery({ ...query, city, page: 1 })}
        />
        <Button
          type="primary"
          onClick={() => setQuery({ ...query, keyword: draft.trim() || undefined, page: 1 })}
        >
          {t('lots.supplier.search')}
        </Button>
      </div>
      {isError ? (
        <Alert
          type="error"
          showIcon
          title={t('lots.loadError')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('lots.retry')}
            </Button>
          }
        />
      ) : (
        <Table<SupplierSummary>
          className="sp-lots__table"
          size="small"
          bordered
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('lots.supplier.empty') }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            size: 'small',
            showSizeChanger: false,
            showTotal: (count) => t('lots.pageTotal', { total: count }),
            onChange: (page) => setQuery({ ...query, page }),
          }}
        />
      )}
    </div>
  );
}
