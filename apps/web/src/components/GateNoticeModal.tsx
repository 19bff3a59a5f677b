/** The gate notice's dialog (GateNotice.tsx#useGateNotice loads it when it is first needed). */
import './gate.css';
import { Button, Modal } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSiteConfig } from '../api/common.ts';
import { loginSiteHref } from '../layout/links.ts';
import { type Gate, vipOpenHref } from './GateNotice.tsx';

/** The page the user is on, as a path on this site (what /vipopen returns to). */
function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
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
