/**
 * Honest gating (issue 13): before a gated action sends anyone away, one notice says what the
 * action costs or which membership opens it, and offers 登录 / 开通VIP links that bring the
 * person back to the very page (the login site with `redirect`, /vipopen with `redirect`).
 * Screens describe their gate with the builders below (or their own `Gate`) and open it with
 * `useGateNotice`; the notice renders wherever the screen puts `notice`.
 */
import './gate.css';
import { BEANS_PER_SUPPLIER, VIP_ENTRY_NAME } from '@steelport/contracts';
import { Button, Modal } from 'antd';
import type { TFunction } from 'i18next';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSiteConfig } from '../api/common.ts';
import { loginSiteHref } from '../layout/links.ts';

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
function currentPath(): string {
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

/** The notice itself: the reason, then 取消 and the offered ways, each a link with a way back. */
export function GateNotice({ gate, onClose }: { gate: Gate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const navigate = useNavigate();
  // Links on this site open inside the app; the login site may live elsewhere.
  const follow = (href: string) => (event: MouseEvent) => {
    onClose();
    if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  };
  const actions = gate?.actions ?? [];
  const buttons = actions.map((action, index) => {
    const href =
      action === 'login'
        ? loginSiteHref(site.loginSiteUrl, window.location.href)
        : vipOpenHref(currentPath());
    return (
      <Button
        key={action}
        type={index === 0 ? 'primary' : 'default'}
        className={action === 'vip' ? 'sp-gate-notice__vip' : undefined}
        href={href}
        onClick={follow(href)}
      >
        {action === 'login' ? t('gate.login') : t('gate.vip')}
      </Button>
    );
  });
  return (
    <Modal
      open={gate !== null}
      title={gate?.title}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('gate.cancel')}
        </Button>,
        ...buttons,
      ]}
      width={400}
      className="sp-gate-modal"
    >
      <p className="sp-gate-notice" data-testid="gate-notice">
        {gate?.reason}
      </p>
    </Modal>
  );
}
