/**
 * /admin/orders, 会员订单: VIP orders searched by order number or phone, filtered by state and
 * order day, paged, all in the URL. 详情 opens a drawer with the order, its payments and the
 * membership periods it bought; a paid order has 退款, which asks first and says what will happen
 * (the money back, 退回 N 钢豆, 收回购买赠送的 N 钢豆 and what of it stays owed, 会员缩短 N 天, as
 * the server computes it now) and takes a reason. A refunded order whose reward was already spent
 * shows 欠 N 钢豆 in the list and in its drawer.
 */
import '../../../components/admin/adminContent.css';
import '../../../i18n/adminVip.ts';
import '../../../i18n/adminContent.ts';
import '../../../i18n/signedInPages.ts';
import { type AdminVipOrderRow, ADMIN_VIP_LIMITS as L, type OrderState } from '@steelport/contracts';
import { Button, DatePicker } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminVipOrders } from '../../../api/adminVip.ts';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { formatCount, formatPoints } from '../../../lib/numbers.ts';
import { OrderDrawer } from './OrderDrawer.tsx';
import { STATES, StateTag } from './orderState.tsx';

const FILTERS = ['state', 'from', 'to'] as const;
const PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the URL, or undefined when it is not one. */
const dayOf = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);
const isState = (value: string | undefined): value is OrderState => STATES.includes(value as OrderState);

export function AdminOrdersPage() {
  const { t } = useTranslation();
  const list = useListState(FILTERS);
  const state = isState(list.filters.state) ? list.filters.state : undefined;
  const from = dayOf(list.filters.from);
  const to = dayOf(list.filters.to);
  const rows = useAdminVipOrders({
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(state ? { state } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: ColumnsType<AdminVipOrderRow> = [
    { key: 'no', title: t('adminVip.orders.colNo'), dataIndex: 'orderNo', width: 210 },
    {
      key: 'buyer',
      title: t('adminVip.orders.colBuyer'),
      width: 170,
      render: (_, row) => (
        <>
          {row.phone}
          {row.linkMan && <div className="sp-admin-table__muted">{row.linkMan}</div>}
        </>
      ),
    },
    {
      key: 'commodities',
      title: t('adminVip.orders.colCommodities'),
      render: (_, row) => row.commodities.map((c) => c.name).join('、'),
    },
    {
      key: 'days',
      title: t('adminVip.orders.colDays'),
      width: 80,
      align: 'right',
      render: (_, row) => t('adminVip.day', { day: row.days }),
    },
    {
      key: 'amount',
      title: t('adminVip.orders.colAmount'),
      width: 110,
      align: 'right',
      render: (_, row) => t('adminVip.yuan', { amount: formatPoints(row.amountYuan) }),
    },
    {
      key: 'state',
      title: t('adminVip.orders.colState'),
      width: 90,
      render: (_, row) => (
        <>
          <StateTag state={row.state} />
          {row.rewardBeansOwed > 0 && (
            <div className="sp-admin-table__muted">
              {t('adminVip.orders.owedBeans', { n: formatCount(row.rewardBeansOwed) })}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'created',
      title: t('adminVip.orders.colCreated'),
      width: 140,
      render: (_, row) => formatTime(row.createdAt),
    },
    {
      key: 'actions',
      title: t('adminContent.actions'),
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          aria-label={t('adminVip.orders.viewOf', { orderNo: row.orderNo })}
          onClick={() => setOpenId(row.id)}
        >
          {t('adminVip.orders.view')}
        </Button>
      ),
    },
  ];

  return (
    <AdminListScreen<AdminVipOrderRow>
      title={t('pages.adminOrders.title')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t('adminVip.orders.searchPlaceholder')}
      keywordMax={L.keywordMax}
      filters={
        <>
          <AdminFilterSelect
            label={t('adminVip.orders.stateFilter')}
            value={state}
            options={STATES.map((s) => ({ value: s, label: t(`adminVip.orders.states.${s}`) }))}
            onChange={(value) => list.setFilter('state', value)}
          />
          <DatePicker
            aria-label={t('adminVip.orders.dateFrom')}
            placeholder={t('adminVip.orders.dateFrom')}
            value={from ? dayjs(from) : null}
            onChange={(value) => list.setFilter('from', value ? value.format('YYYY-MM-DD') : undefined)}
          />
          <DatePicker
            aria-label={t('adminVip.orders.dateTo')}
            placeholder={t('adminVip.orders.dateTo')}
            value={to ? dayjs(to) : null}
            onChange={(value) => list.setFilter('to', value ? value.format('YYYY-MM-DD') : undefined)}
          />
        </>
      }
      scrollX={1050}
    >
      <OrderDrawer id={openId} onClose={() => setOpenId(null)} />
    </AdminListScreen>
  );
}
