/**
 * A subscribe button's gate and dialog state (保存搜索, 指数提醒). Apart from SubscribeParts, whose
 * parts only the lazily loaded dialogs draw (antd's Modal among them): the buttons on the market
 * screens import this alone.
 */
import '../../i18n/subscribe.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscriptions } from '../../api/subscription.ts';
import { isVipMember, useSession } from '../../auth/session.ts';
import { type Gate, useGateNotice } from '../GateNotice.tsx';
import { limitOf, subscribeStep } from './subscribeRules.ts';

/**
 * The gate of a subscribe button: `start()` opens the login notice for a visitor and returns
 * false, or returns true (the caller opens its dialog). While the dialog is open (`open`), the
 * caller's list is fetched and `step` says form or full, with the counts.
 */
export function useSubscribeGate(what: 'searches' | 'alerts', open: boolean) {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = Boolean(session.token);
  const overview = useSubscriptions(open && loggedIn);
  const vip = overview.data?.limits.vip ?? isVipMember(session);
  const list = overview.data
    ? what === 'searches'
      ? overview.data.searches
      : overview.data.alerts
    : undefined;
  const step = subscribeStep({
    what,
    loggedIn,
    vip,
    used: list?.length,
    limit: overview.data?.limits[what],
  });
  const { notice, explain } = useGateNotice();
  const gate: Gate = {
    title: t('subscribe.loginTitle'),
    reason: t('subscribe.loginReason', {
      member: limitOf(what, false),
      vip: limitOf(what, true),
    }),
    actions: ['login'],
  };
  const start = () => {
    if (loggedIn) return true;
    explain(gate);
    return false;
  };
  return { loggedIn, vip, overview, step, start, notice };
}

/** A subscribe button's gate, as its lazily loaded dialog reads it. */
export type SubscribeGate = ReturnType<typeof useSubscribeGate>;

/**
 * A subscribe button whose dialog is a module of its own: `start` runs the gate and mounts a
 * fresh dialog (keyed by `opening`, so nothing typed or saved carries over), `preload` fetches
 * the dialog's module when a pointer or the focus reaches the button.
 */
export function useSubscribeDialog(what: 'searches' | 'alerts', load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const gate = useSubscribeGate(what, open);
  const start = () => {
    if (!gate.start()) return;
    setOpening((n) => n + 1);
    setOpen(true);
  };
  return {
    gate,
    open,
    opening,
    start,
    close: () => setOpen(false),
    preload: () => void load(),
  };
}
