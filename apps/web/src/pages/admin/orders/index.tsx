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
import {
  ADMIN_LIMITS,
  type AdminVipOrderDetail,
  type AdminVipOrderRow,
  ADMIN_VIP_LIMITS as L,
  type OrderState,
} from '@steelport/contracts';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminVipOrder, useAdminVipOrders, useRefundAdminVipOrder } from '../../../api/adminVip.ts';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { useAdminAct } from '../../../components/admin/useAdminAct.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatPoints } from '../../../lib/numbers.ts';

const FILTERS = ['state', 'from', 'to'] as const;
const PAGE_SIZE = 20;
const STATES: OrderState[] = ['pending', 'paid', 'closed', 'refunded'];
const STATE_COLORS: Record<OrderState, string> = {
  pending: 'gold',
  paid: 'green',
  closed: 'default',
  refunded: 'red',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the URL, or undefined when it is not one. */
const dayOf = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);
const isState = (value: string | undefined): value is OrderState => STATES.includes(value as OrderState);

function StateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`adminVip.orders.states.${state}`)}</Tag>;
}

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
          <Select
            className="sp-admin-toolbar__filter"
            allowClear
            aria-label={t('adminVip.orders.stateFilter')}
            placeholder={t('adminVip.orders.stateFilter')}
            value={state}
            options={STATES.map((s) => ({ value: s, label: t(`adminVip.orders.states.${s}`) }))}
            onChange={(value?: string) => list.setFilter('state', value)}
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

/** One order: its fields, payments, bought periods, and 退款 for a paid one. */
function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const detail = useAdminVipOrder(id);
  const [refunding, setRefunding] = useState(false);
  const data = id !== null ? detail.data : undefined;
  const order = data?.order;

  return (
    <Drawer
      title={order ? t('adminVip.orders.detailTitle', { orderNo: order.orderNo }) : ' '}
      placement="right"
      size={isPhone ? '100%' : 720}
      open={id !== null}
      onClose={onClose}
      footer={
        order?.state === 'paid' ? (
          <div className="sp-admin-drawer__foot">
            <Button danger type="primary" onClick={() => setRefunding(true)}>
              {t('adminVip.orders.refund')}
            </Button>
          </div>
        ) : null
      }
    >
      {detail.isFetching && !data && <Spin />}
      {detail.error && !data && <Alert type="error" showIcon title={detail.error.message} />}
      {data && order && <OrderBody data={data} />}
      {data && order && data.refund && (
        <RefundModal data={data} open={refunding} onClose={() => setRefunding(false)} />
      )}
    </Drawer>
  );
}

function OrderBody({ data }: { data: AdminVipOrderDetail }) {
  const { t } = useTranslation();
  const { order } = data;
  const yuan = (amount: number) => t('adminVip.yuan', { amount: formatPoints(amount) });
  return (
    <>
      <Descriptions
        title={t('adminVip.orders.sectionOrder')}
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'buyer',
            label: t('adminVip.orders.fieldBuyer'),
            children: `${order.phone} ${order.linkMan}`,
          },
          {
            key: 'commodities',
            label: t('adminVip.orders.fieldCommodities'),
            children: order.commodities.map((c) => c.name).join('、'),
          },
          {
            key: 'days',
            label: t('adminVip.orders.fieldDays'),
            children: t('adminVip.day', { day: order.days }),
          },
          { key: 'list', label: t('adminVip.orders.fieldList'), children: yuan(order.listYuan) },
          {
            key: 'beans',
            label: t('adminVip.orders.fieldBeans'),
            children: t('adminVip.orders.beansUsed', {
              n: formatCount(order.beansUsed),
              amount: formatPoints(order.deductionYuan),
            }),
          },
          { key: 'amount', label: t('adminVip.orders.fieldAmount'), children: yuan(order.amountYuan) },
          {
            key: 'state',
            label: t('adminVip.orders.fieldState'),
            children: <StateTag state={order.state} />,
          },
          { key: 'created', label: t('adminVip.orders.fieldCreated'), children: formatTime(order.createdAt) },
          { key: 'paid', label: t('adminVip.orders.fieldPaid'), children: formatTime(order.paidAt) },
          { key: 'closed', label: t('adminVip.orders.fieldClosed'), children: formatTime(order.closedAt) },
          ...(order.rewardBeansTaken > 0 || order.rewardBeansOwed > 0
            ? [
                {
                  key: 'reward',
                  label: t('adminVip.orders.fieldReward'),
                  children: (
                    <span data-testid="order-reward-beans">
                      {t('adminVip.orders.rewardTaken', { n: formatCount(order.rewardBeansTaken) })}
                      {order.rewardBeansOwed > 0 && (
                        <Typography.Text type="danger">
                          {' '}
                          {t('adminVip.orders.rewardOwed', { n: formatCount(order.rewardBeansOwed) })}
                        </Typography.Text>
                      )}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={5}>{t('adminVip.orders.sectionPayments')}</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        aria-label={t('adminVip.orders.sectionPayments')}
        dataSource={data.payments}
        scroll={{ x: 600 }}
        columns={[
          { key: 'id', title: t('adminVip.orders.colPaymentId'), dataIndex: 'id', width: 80 },
          {
            key: 'provider',
            title: t('adminVip.orders.colProvider'),
            width: 90,
            render: (_, p) => t(`adminVip.orders.providers.${p.provider}`, { defaultValue: p.provider }),
          },
          {
            key: 'ref',
            title: t('adminVip.orders.colProviderRef'),
            render: (_, p) => p.providerRef ?? t('adminVip.none'),
          },
          {
            key: 'amount',
            title: t('adminVip.orders.colAmount'),
            align: 'right',
            width: 110,
            render: (_, p) => yuan(p.amountYuan),
          },
          {
            key: 'state',
            title: t('adminVip.orders.colPaymentState'),
            width: 90,
            render: (_, p) => <StateTag state={p.state} />,
          },
          {
            key: 'paid',
            title: t('adminVip.orders.colPaidAt'),
            width: 140,
            render: (_, p) => formatTime(p.paidAt),
          },
          {
            key: 'refund',
            title: t('adminVip.orders.colRefund'),
            width: 130,
            render: (_, p) =>
              p.refundState ? (
                <Typography.Text type={p.refundState === 'failed' ? 'danger' : undefined}>
                  {t(`adminVip.orders.refundStates.${p.refundState}`)}
                </Typography.Text>
              ) : (
                t('adminVip.none')
              ),
          },
        ]}
      />
      {data.seats && (
        <>
          <Typography.Title level={5}>{t('adminVip.orders.sectionSeats')}</Typography.Title>
          <p data-testid="order-seats">
            {t('adminVip.orders.seatsSummary', {
              quantity: formatCount(data.seats.quantity),
              bought: formatCount(data.seats.bought),
              used: formatCount(data.seats.used),
            })}
          </p>
          <ul>
            {data.seats.holders.map((h) => (
              <li key={`${h.id ?? 'owner'}-${h.phone}`}>
                {h.name ?? h.phone} {h.phone}
                {h.owner ? t('adminVip.orders.seatOwner') : ''}
                {h.state === 'invited' ? ` · ${t('adminVip.orders.seatInvited')}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      <Typography.Title level={5}>{t('adminVip.orders.sectionPeriods')}</Typography.Title>
      {data.periods.length === 0 ? (
        <p className="sp-admin-table__muted">{t('adminVip.orders.noPeriods')}</p>
      ) : (
        <ul>
          {data.periods.map((p) => (
            <li key={p.commodityId}>
              {p.name}：
              {t('adminVip.orders.periodRange', {
                from: formatTime(p.startsAt),
                to: formatTime(p.expiresAt),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** 确认退款: what the refund will do, a reason, then the refund. */
function RefundModal({
  data,
  open,
  onClose,
}: {
  data: AdminVipOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const act = useAdminAct();
  const refund = useRefundAdminVipOrder();
  const [form] = Form.useForm<{ reason: string }>();
  const preview = data.refund;
  if (!preview) return null;
  const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : t('adminVip.none'));

  const submit = async ({ reason }: { reason: string }) => {
    const done = await act(
      () => refund.mutateAsync({ id: data.order.id, reason: reason.trim() }),
      t('adminVip.orders.refunded'),
    );
    if (done) {
      form.resetFields();
      onClose();
    }
  };

  return (
    <Modal
      title={t('adminVip.orders.refundTitle')}
      open={open}
      onCancel={onClose}
      okText={t('adminVip.orders.refundConfirm')}
      okButtonProps={{ danger: true, loading: refund.isPending }}
      cancelText={t('adminContent.cancel')}
      onOk={() => form.submit()}
      forceRender
    >
      <div data-testid="refund-effects">
        <p>{t('adminVip.orders.refundWill')}</p>
        <ul>
          <li>{t('adminVip.orders.refundMoney', { amount: formatPoints(preview.amountYuan) })}</li>
          <li>
            {preview.beans > 0
              ? t('adminVip.orders.refundBeans', { n: formatCount(preview.beans) })
              : t('adminVip.orders.refundNoBeans')}
          </li>
          {preview.rewardBeans > 0 && (
            <li>
              {preview.rewardBeansOwed > 0
                ? t('adminVip.orders.refundRewardOwed', {
                    taken: formatCount(preview.rewardBeansTaken),
                    owed: formatCount(preview.rewardBeansOwed),
                  })
                : t('adminVip.orders.refundReward', { n: formatCount(preview.rewardBeansTaken) })}
            </li>
          )}
          {preview.memberships.map((m) => (
            <li key={m.commodityId}>
              {t('adminVip.orders.refundShorten', {
                name: m.name,
                days: m.days,
                from: day(m.expiresAt),
                to: day(m.expiresAtAfter),
              })}
            </li>
          ))}
        </ul>
        <p className="sp-admin-table__muted">{t('adminVip.orders.refundIrreversible')}</p>
      </div>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="reason"
          label={t('adminVip.orders.reasonLabel')}
          rules={[
            {
              required: true,
              whitespace: true,
              min: ADMIN_LIMITS.reasonMin,
              max: ADMIN_LIMITS.reasonMax,
              message: t('adminVip.orders.reasonRequired', {
                min: ADMIN_LIMITS.reasonMin,
                max: ADMIN_LIMITS.reasonMax,
              }),
            },
          ]}
        >
          <Input.TextArea
            maxLength={ADMIN_LIMITS.reasonMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
