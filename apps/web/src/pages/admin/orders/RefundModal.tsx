import '../../../i18n/adminVip.ts';
import '../../../i18n/adminContent.ts';
import { ADMIN_LIMITS, type AdminVipOrderDetail } from '@steelport/contracts';
import { Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useRefundAdminVipOrder } from '../../../api/adminVip.ts';
import { useAdminAct } from '../../../components/admin/useAdminAct.ts';
import { formatCount, formatPoints } from '../../../lib/numbers.ts';

/** 确认退款: what the refund will do, a reason, then the refund. */
export function RefundModal({
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
