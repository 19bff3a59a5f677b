/**
 * Honest gating (issue 13): before a gated action sends anyone away, one notice says what the
 * action costs or which membership opens it, and offers 登录 / 开通VIP links that bring the
 * person back to the very page (the login site with `redirect`, /vipopen with `redirect`).
 * Screens describe their gate with the builders below (or their own `Gate`) and open it with
 * `useGateNotice`; the notice renders wherever the screen puts `notice`.
 */
import { BEANS_PER_SUPPLIER, VIP_ENTRY_NAME } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { withScreenTexts } from '../i18n/index.ts';
import { loadOnce } from '../lib/onDemand.ts';

/**
 * The notice's dialog (antd's Modal) loads when a screen first explains a gate, or ahead of it
 * (`preloadGateNotice`, a pointer on the gated button): no screen's first load brings it.
 */
const loadNotice = loadOnce(withScreenTexts(() => import('./GateNoticeModal.tsx')));
const GateNoticeModal = lazy(() => loadNotice().then((module) => ({ default: module.GateNotice })));

/** Fetches the notice's dialog ahead of a gated click (a pointer or the focus on the button). */
export function preloadGateNotice(): void {
  void loadNotice().catch(() => undefined);
}

/** A way through the gate: log in, or open the VIP membership. */
export type GateAction = 'login' | 'vip';

/** What a gated action needs, in the words the notice shows. */
export interface Gate {
  title: string;
  /** what it costs or which membership opens it */
  reason: ReactNode;
  /** the ways offered, first one primary */
  actions: GateAction[];
}

/** /vipopen, returning afterwards to `returnTo` (a path on this site). */
export function vipOpenHref(returnTo: string): string {
  return `/vipopen?redirect=${encodeURIComponent(returnTo)}`;
}

/** 查看联系方式 for a visitor: log in, and what the unlock costs then (free for VIP). */
export function contactGate(t: TFunction): Gate {
  return {
    title: t('gate.contactTitle'),
    reason: t('gate.contactVisitor', { beans: BEANS_PER_SUPPLIER }),
    actions: ['login', 'vip'],
  };
}

/** A member without enough beans: the server's own words (cost and balance), and VIP. */
export function noBeansGate(t: TFunction, message: string): Gate {
  return { title: t('gate.noBeansTitle'), reason: message, actions: ['vip'] };
}

/**
 * 导出Excel: a visitor is asked to log in first (VIP is a step after that); a logged-in member
 * is told which membership opens export.
 */
export function exportGate(t: TFunction, loggedIn: boolean): Gate {
  return loggedIn
    ? {
        title: t('gate.exportTitle'),
        reason: t('gate.exportMember', { membership: VIP_ENTRY_NAME }),
        actions: ['vip'],
      }
    : {
        title: t('gate.exportTitle'),
        reason: t('gate.exportVisitor', { membership: VIP_ENTRY_NAME }),
        actions: ['login'],
      };
}

/**
 * The gate notice of a screen: `explain(gate)` opens it; render `notice` once in the screen.
 * Nothing navigates until the person picks 登录 or 开通VIP.
 */
export function useGateNotice(): { notice: ReactNode; explain: (gate: Gate) => void } {
  const [gate, setGate] = useState<Gate | null>(null);
  // mounted from the first explanation on, so that closing plays the dialog's animation
  const [used, setUsed] = useState(false);
  const explain = useCallback((next: Gate) => {
    setUsed(true);
    setGate(next);
  }, []);
  return {
    notice: used ? (
      <Suspense fallback={null}>
        <GateNoticeModal gate={gate} onClose={() => setGate(null)} />
      </Suspense>
    ) : null,
    explain,
  };
}
