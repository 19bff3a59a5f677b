import '../../../components/subscription/pages.css';
import '../../../i18n/subscription.ts';
import { SUBSCRIPTION_LIMITS } from '@steelport/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSubscriptions } from '../../../api/subscription.ts';
import { isVipMember, useSession } from '../../../auth/session.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { AlertLine } from './AlertLine.tsx';
import { DigestBox } from './DigestBox.tsx';
import { SearchLine } from './SearchLine.tsx';
import { SubscriptionGroup } from './SubscriptionGroup.tsx';

/**
 * /account/subscriptions, 我的订阅: the member's saved searches and index alerts with how many its
 * membership keeps (会员 1, VIP 50, and the way to more), each with its state and actions
 * (查看搜索, 最近匹配, 重命名, 暂停/恢复, 删除), and the daily SMS digest with its quiet hours.
 */
export function AccountSubscriptionsPage() {
  const { t } = useTranslation();
  const overview = useSubscriptions();
  const session = useSession();

  const data = overview.data;
  // Until the list arrives the session says whether to offer VIP: the line is there from the start.
  const vip = data ? data.limits.vip : isVipMember(session);
  const limitOf = (member: number, vipLimit: number) => (vip ? vipLimit : member);

  const body: ReactNode = overview.isError ? (
    <LoadError error={overview.error} onRetry={overview.refetch} />
  ) : (
    <>
      {!vip && (
        <p className="sp-subs__vip" data-testid="subs-vip-offer">
          {t('subscription.subs.vipMore', {
            vip: SUBSCRIPTION_LIMITS.vipSearches,
            vipAlerts: SUBSCRIPTION_LIMITS.vipAlerts,
          })}
          <Link to="/vipopen">{t('subscription.subs.openVip')}</Link>
        </p>
      )}
      <SubscriptionGroup
        title={t('subscription.subs.searches')}
        used={data ? data.searches.length : null}
        limit={
          data?.limits.searches ??
          limitOf(SUBSCRIPTION_LIMITS.memberSearches, SUBSCRIPTION_LIMITS.vipSearches)
        }
        testId="searches-used"
        empty={{
          text: t('subscription.subs.emptySearches'),
          hint: t('subscription.subs.emptySearchesHint'),
          to: '/wareHouse',
          link: t('subscription.subs.toWareHouse'),
        }}
      >
        {data?.searches.map((search) => (
          <SearchLine key={search.id} search={search} />
        ))}
      </SubscriptionGroup>
      <SubscriptionGroup
        title={t('subscription.subs.alerts')}
        used={data ? data.alerts.length : null}
        limit={
          data?.limits.alerts ?? limitOf(SUBSCRIPTION_LIMITS.memberAlerts, SUBSCRIPTION_LIMITS.vipAlerts)
        }
        testId="alerts-used"
        empty={{
          text: t('subscription.subs.emptyAlerts'),
          hint: t('subscription.subs.emptyAlertsHint'),
          to: '/exponentMain',
          link: t('subscription.subs.toIndex'),
        }}
      >
        {data?.alerts.map((alert) => (
          <AlertLine key={alert.id} alert={alert} />
        ))}
      </SubscriptionGroup>
    </>
  );

  return (
    <>
      <section className="sp-box" aria-labelledby="subs-title">
        <h2 className="sp-box__title" id="subs-title">
          {t('subscription.subs.title')}
        </h2>
        <div className="sp-box__body sp-subs" aria-busy={overview.isFetching}>
          <p className="sp-muted">{t('subscription.subs.intro')}</p>
          {body}
        </div>
      </section>
      <DigestBox />
    </>
  );
}
