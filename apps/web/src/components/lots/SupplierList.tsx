/**
 * The 供应商 tab of /wareHouse (loaded when the tab opens): the traders that hold stock, searched by
 * name and city, each with its contact and a 看现货 link.
 */
import '../../i18n/market.ts';
import { LOT_FILTER_LIMITS, type SupplierListQuery, type SupplierSummary } from '@steelport/contracts';
import { Alert, Button, Input, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchLotPage, useEnquiryTotal, useSupplierList } from '../../api/lots.ts';
import { useSession } from '../../auth/session.ts';
import { TradeName, useTradeName } from '../../i18n/tradeNames.tsx';
import { useFeedback } from '../../lib/feedback.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatCount, formatTonnesText } from '../../lib/numbers.ts';
import { type DataColumns, DataTable } from '../DataTable.tsx';
import { Pager } from '../Pager.tsx';
import { useFirmPathOf } from '../quotes/firm.ts';
import { ContactPhone, useUnlockContact } from './ContactCell.tsx';
import { formatUpdatedAt } from './format.ts';

/**
 * The contact unlock of the supplier list, the same as the lot table's: the unlock is an enquiry
 * about one of the supplier's lots, so the first of them is looked up first.
 */
function useSupplierUnlock() {
  const session = useSession();
  const { message } = useFeedback();
  const enquiry = useEnquiryTotal('cargo', [], Boolean(session.token));
  const { unlock, notice } = useUnlockContact('cargo', enquiry.data);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const unlockSupplier = async (row: SupplierSummary) => {
    if (!session.token) {
      // A visitor is told what it costs before anything is asked of the server.
      unlock({ id: 0, supplier: row });
      return;
    }
    setPendingId(row.id);
    try {
      const page = await fetchLotPage('cargo', { supplierId: row.id, page: 1, pageSize: 1 });
      const lot = page.list[0];
      if (lot) unlock({ id: lot.id, supplier: row });
    } catch (error) {
      if (error instanceof Error) void message.error(error.message);
    } finally {
      setPendingId(null);
    }
  };
  return { unlockSupplier, pendingId, notice };
}

/** 联系人: the contact name (members) and the phone with the same unlock as the lot table. */
function SupplierContact({
  row,
  pending,
  onUnlock,
}: {
  row: SupplierSummary;
  pending: boolean;
  onUnlock: (row: SupplierSummary) => void;
}) {
  return (
    <span className="sp-contact__line" data-testid="supplier-contact">
      {row.contactName && <span lang="zh">{row.contactName}</span>}
      <ContactPhone supplier={row} pending={pending} onUnlock={() => onUnlock(row)} />
    </span>
  );
}

function SupplierName({ row }: { row: SupplierSummary }) {
  const firm = useFirmPathOf()(row.supplierUserId);
  const name = row.shortName || row.name;
  return firm ? (
    <Link to={firm} title={row.name} lang="zh">
      {name}
    </Link>
  ) : (
    <span title={row.name} lang="zh">
      {name}
    </span>
  );
}

/** One supplier as a phone card: name and city, what it deals in, its stock, contact, 看现货. */
function SupplierCard({
  row,
  contact,
  action,
}: {
  row: SupplierSummary;
  contact: ReactNode;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <article className="sp-lcard" data-testid="supplier-card">
      <div className="sp-lcard__row">
        <span className="sp-lcard__item">
          <b>
            <SupplierName row={row} />
          </b>{' '}
          <TradeName kind="cities" name={row.city} />
        </span>
        {action}
      </div>
      {row.mainProducts && (
        <div className="sp-lcard__meta">
          {t('lots.supplier.mainLabel')}
          <span lang="zh">{row.mainProducts}</span>
        </div>
      )}
      <div className="sp-lcard__meta">
        {t('lots.supplier.stock')} {t('lots.supplier.stockCount', { count: formatCount(row.cargoCount) })} ·{' '}
        {formatTonnesText(row.cargoWeight)}
      </div>
      <div className="sp-lcard__row sp-lcard__foot">
        <span className="sp-contact">{contact}</span>
        <time className="sp-lcard__time">{formatUpdatedAt(row.updatedAt)}</time>
      </div>
    </article>
  );
}

/**
 * Suppliers with stock (keyword, city), their stock counts and tonnage, the contact with its
 * unlock; 看现货 filters by one. A phone gets cards.
 */
export function SupplierList({ cities, onPick }: { cities: string[]; onPick: (supplierId: number) => void }) {
  const { t } = useTranslation();
  const cityName = useTradeName();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<SupplierListQuery>({ page: 1, pageSize: 20 });
  const { data, isFetching, isError, refetch } = useSupplierList(query);
  const { unlockSupplier, pendingId, notice } = useSupplierUnlock();

  const contact = (row: SupplierSummary) => (
    <SupplierContact row={row} pending={pendingId === row.id} onUnlock={(r) => void unlockSupplier(r)} />
  );
  const viewStock = (row: SupplierSummary) => (
    <Button type="link" size="small" className="sp-lots__view-stock" onClick={() => onPick(row.id)}>
      {t('lots.supplier.viewStock')}
    </Button>
  );

  const columns: DataColumns<SupplierSummary> = [
    {
      key: 'name',
      title: t('lots.supplier.name'),
      width: 200,
      fixed: 'start',
      render: (_: unknown, row) => <SupplierName row={row} />,
    },
    {
      key: 'city',
      dataIndex: 'city',
      title: t('lots.supplier.city'),
      width: 70,
      render: (city: string) => <TradeName kind="cities" name={city} />,
    },
    {
      key: 'main',
      dataIndex: 'mainProducts',
      title: t('lots.supplier.main'),
      width: 200,
      ellipsis: true,
      // what the trader wrote it deals in, in its own words
      render: (main: string) => <span lang="zh">{main}</span>,
    },
    {
      key: 'stock',
      title: t('lots.supplier.stock'),
      width: 150,
      align: 'end',
      render: (_: unknown, row) =>
        `${t('lots.supplier.stockCount', { count: formatCount(row.cargoCount) })} · ${formatTonnesText(row.cargoWeight)}`,
    },
    {
      key: 'contact',
      title: t('lots.supplier.contact'),
      width: 200,
      render: (_: unknown, row) => contact(row),
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('lots.supplier.updatedAt'),
      width: 92,
      render: (iso: string | null) => formatUpdatedAt(iso),
    },
    { key: 'action', title: '', width: 70, render: (_: unknown, row) => viewStock(row) },
  ];

  const total = data?.total ?? 0;
  const pagination = {
    current: query.page,
    pageSize: query.pageSize,
    total,
    showTotal: (count: number) => t('lots.pageTotal', { total: formatCount(count) }),
    onChange: (page: number) => setQuery({ ...query, page }),
  };

  let body: ReactNode;
  if (isError) {
    body = (
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
    );
  } else if (isPhone) {
    const list = data?.list ?? [];
    body =
      list.length === 0 ? (
        <div className="sp-lcards__empty">{isFetching ? null : t('lots.supplier.empty')}</div>
      ) : (
        <>
          <div className="sp-lcards" aria-busy={isFetching}>
            {list.map((row) => (
              <SupplierCard key={row.id} row={row} contact={contact(row)} action={viewStock(row)} />
            ))}
          </div>
          <Pager
            className="sp-lcards__pager"
            current={query.page}
            pageSize={query.pageSize}
            total={total}
            totalText={pagination.showTotal(total)}
            onChange={pagination.onChange}
          />
        </>
      );
  } else {
    body = (
      <DataTable<SupplierSummary>
        className="sp-lots__table"
        size="small"
        bordered
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('lots.supplier.empty') }}
        pagination={pagination}
      />
    );
  }

  return (
    <div>
      <div className="sp-lots__suppliers-bar">
        <Input
          className="sp-lots__suppliers-keyword"
          allowClear
          value={draft}
          maxLength={LOT_FILTER_LIMITS.supplierKeywordLength}
          aria-label={t('lots.supplier.keyword')}
          placeholder={t('lots.supplier.keyword')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={() => setQuery({ ...query, keyword: draft.trim() || undefined, page: 1 })}
        />
        <Select
          className="sp-lots__suppliers-city"
          allowClear
          showSearch
          placeholder={t('lots.supplier.city')}
          aria-label={t('lots.supplier.city')}
          value={query.city}
          options={cities.map((city) => ({ value: city, label: cityName('cities', city) }))}
          onChange={(city?: string) => setQuery({ ...query, city, page: 1 })}
        />
        <Button
          type="primary"
          onClick={() => setQuery({ ...query, keyword: draft.trim() || undefined, page: 1 })}
        >
          {t('lots.supplier.search')}
        </Button>
      </div>
      {body}
      {notice}
    </div>
  );
}
