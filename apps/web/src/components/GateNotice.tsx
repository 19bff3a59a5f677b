/**
 * Honest gating (issue 13): before a gated action sends anyone away, one notice says what the
 * action costs or which membership opens it, and offers 登录 / 开通VIP links that bring the
 * person back to the very page (the login site with `redirect`, /vipopen with `redirect`).
 * Screens describe their gate with the builders below (or their own `Gate`) and open it with
 * `useGateNotice`; the notice renders wherever the screen puts `notice`.
 */
import { BEANS_PER_SUPPLIER, VIP_ENTRY_NAME } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { withScreenTexts } from '../i18n/index.ts';

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

/** The page the user is on, as a path on this site (what /vipopen returns to). */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
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
  return {
    notice: <GateNotice gate={gate} onClose={() => setGate(null)} />,
    explain: setGate,
  };
}

/**
 * The dialog that explains a gate. antd's Modal (with its dialog, portal and motion: about 9 KB
 * gzip) loads the first time a gate is explained, not with every screen that has a gated action.
 */
const GateDialog = lazy(() =>
  withScreenTexts(() => import('./GateDialog.tsx'))().then((module) => ({ default: module.GateDialog })),
);

export function GateNotice({ gate, onClose }: { gate: Gate | null; onClose: () => void }) {
  const [asked, setAsked] = useState(false);
  if (gate !== null && !asked) setAsked(true);
  if (!asked && gate === null) return null;
  return (
    <Suspense fallback={null}>
      <GateDialog gate={gate} onClose={onClose} />
    </Suspense>
  );
}
