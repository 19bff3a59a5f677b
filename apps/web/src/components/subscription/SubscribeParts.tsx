/**
 * What 保存搜索 and 指数提醒 share: the gate (a visitor is offered the login, a member sees how
 * many it has and may keep), the limit notice that names the membership opening more before
 * sending anyone to /vipopen, the server's refusal, and the success that says where matches
 * arrive (消息中心 /account/inbox, managed at /account/subscriptions).
 */
import './subscription.css';
import '../../i18n/subscribe.ts';
import { CheckCircleFilled } from '@ant-design/icons';
import { SUBSCRIPTION_LIMITS, VIP_ENTRY_NAME } from '@steelport/contracts';
import { Alert, Button, Modal, Skeleton } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { vipOpenHref } from '../GateNotice.tsx';
import { limitOf, type SubscribeStep } from './subscribeRules.ts';

export type { SubscribeGate } from './subscribeDialog.ts';

/** Where matches arrive and where subscriptions are managed (the lead's /account screens). */
export const INBOX_PATH = '/account/inbox';
export const SUBSCRIPTIONS_PATH = '/account/subscriptions';

/** The page the user is on, as a path on this site (what /vipopen returns to). */
function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** 开通免豆会员: a link to /vipopen that brings the person back to this page. */
export function VipOfferButton({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const href = vipOpenHref(currentPath());
  const follow = (event: MouseEvent) => {
    event.preventDefault();
    onLeave();
    void navigate(href);
  };
  return (
    <Button type="primary" className="sp-subscribe__vip" href={href} onClick={follow}>
      {t('subscribe.openVip', { membership: VIP_ENTRY_NAME })}
    </Button>
  );
}

/** 管理我的订阅 (/account/subscriptions). */
export function ManageLink({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to={SUBSCRIPTIONS_PATH} className="sp-subscribe__link" onClick={onLeave}>
      {t('subscribe.manage')}
    </Link>
  );
}

/**
 * 已保存 n / limit 个 and the limits of both memberships, one line of a fixed height whether it
 * is loading, failed or known.
 */
export function UsageLine({
  what,
  step,
  loading,
  error,
}: {
  what: 'searches' | 'alerts';
  step: SubscribeStep;
  loading: boolean;
  error: Error | null;
}) {
  const { t } = useTranslation();
  let text: ReactNode;
  if (loading) text = <Skeleton.Input active size="small" className="sp-subscribe__usage-skeleton" />;
  else if (error) text = t('subscribe.usageError', { message: error.message });
  else if (step.step !== 'login') text = t('subscribe.usage', { used: step.used, limit: step.limit });
  return (
    <p className="sp-subscribe__usage" data-testid="subscribe-usage" aria-busy={loading}>
      <span>{text}</span>
      <span className="sp-subscribe__limits">
        {t('subscribe.limitsNote', {
          member: limitOf(what, false),
          vip: limitOf(what, true),
          membership: VIP_ENTRY_NAME,
        })}
      </span>
    </p>
  );
}

/**
 * The limit is reached: a member is told which membership keeps more (开通免豆会员) and may
 * manage what it has; a VIP is told to delete one first.
 */
export function LimitNotice({
  what,
  step,
  onLeave,
}: {
  what: 'searches' | 'alerts';
  step: Extract<SubscribeStep, { step: 'full' }>;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const text = step.offerVip
    ? t('subscribe.fullMember', {
        used: step.used,
        limit: step.limit,
        vip: limitOf(what, true),
        membership: VIP_ENTRY_NAME,
      })
    : t('subscribe.fullVip', { limit: step.limit });
  return (
    <Alert
      type="warning"
      showIcon
      className="sp-subscribe__full"
      data-testid="subscribe-full"
      title={text}
      description={
        <span className="sp-subscribe__actions">
          {step.offerVip && <VipOfferButton onLeave={onLeave} />}
          <ManageLink onLeave={onLeave} />
        </span>
      }
    />
  );
}

/**
 * The server's refusal in the dialog, in its own words. Code 1 may be the limit (reached in
 * another tab, say) or another rule (no 市场日报 for that product): the change refetches the
 * list, so a limit reached shows the limit notice with the membership that keeps more as well.
 */
export function Refusal({ error }: { error: Error }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="sp-subscribe__refusal"
      data-testid="subscribe-refusal"
      title={error.message}
    />
  );
}

/** Saved: what was saved, where its matches arrive, and the count now. */
export function SavedView({
  title,
  text,
  usage,
  onLeave,
}: {
  title: string;
  text: string;
  usage: ReactNode;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="sp-subscribe__saved" data-testid="subscribe-saved" role="status">
      <p className="sp-subscribe__saved-title">
        <CheckCircleFilled aria-hidden className="sp-subscribe__ok" /> {title}
      </p>
      <p>{text}</p>
      {usage}
      <p className="sp-subscribe__actions">
        <Link to={INBOX_PATH} className="sp-subscribe__link" onClick={onLeave}>
          {t('subscribe.inbox')}
        </Link>
        <ManageLink onLeave={onLeave} />
      </p>
    </div>
  );
}

/** The most a name may have (contracts). */
export const NAME_LENGTH = SUBSCRIPTION_LIMITS.nameLength;

/**
 * The dialog both buttons open: its body, and 取消 + the save button until it is saved, then 完成.
 */
export function SubscribeModal({
  open,
  title,
  saved,
  canSave,
  saving,
  saveLabel,
  onSave,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  saved: boolean;
  canSave: boolean;
  saving: boolean;
  saveLabel: string;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      width={460}
      className="sp-subscribe-modal"
      destroyOnHidden
      footer={
        saved
          ? [
              <Button key="done" type="primary" onClick={onClose}>
                {t('subscribe.done')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t('subscribe.cancel')}
              </Button>,
              <Button key="save" type="primary" disabled={!canSave} loading={saving} onClick={onSave}>
                {saveLabel}
              </Button>,
            ]
      }
    >
      {children}
    </Modal>
  );
}
