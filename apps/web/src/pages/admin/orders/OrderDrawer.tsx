import '../../../components/admin/adminContent.css';
import '../../../i18n/adminVip.ts';
import type { AdminVipOrderDetail } from '@steelport/contracts';
import { Alert, Button, Descriptions, Drawer, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminVipOrder } from '../../../api/adminVip.ts';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatPoints } from '../../../lib/numbers.ts';
import { StateTag } from './orderState.tsx';
import { RefundModal } from './RefundModal.tsx';

/** One order: its fields, payments, bought periods, and 退款 for a paid one. */
export function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
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
      <ScrollRegion label={t('adminVip.orders.sectionPayments')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          aria-label={t('adminVip.orders.sectionPayments')}
          dataSource={data.payments}
          style={{ minWidth: 600 }}
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
      </ScrollRegion>
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
