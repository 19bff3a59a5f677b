import '../../../i18n/adminVip.ts';
import type { OrderState } from '@steelport/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** An order's and a payment's states, in the filter's order. */
export const STATES: OrderState[] = ['pending', 'paid', 'closed', 'refunded'];
const STATE_COLORS: Record<OrderState, string> = {
  pending: 'gold',
  paid: 'green',
  closed: 'default',
  refunded: 'red',
};

/** An order's (or payment's) state as a coloured tag. */
export function StateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`adminVip.orders.states.${state}`)}</Tag>;
}
