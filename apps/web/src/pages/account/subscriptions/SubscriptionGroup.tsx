import '../../../i18n/subscription.ts';
import { Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * One kind of subscription (保存的搜索 or 指数提醒): its heading with how many of the membership's
 * limit are used, and its lines, or what to do to make the first one, or (loading) a placeholder
 * of the empty state's height.
 */
export function SubscriptionGroup({
  title,
  used,
  limit,
  testId,
  empty,
  children,
}: {
  title: string;
  /** null while the list loads: a placeholder as tall as the empty state stands in */
  used: number | null;
  limit: number;
  testId: string;
  empty: { text: string; hint: string; to: string; link: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="sp-subs__group">
      <h3 className="sp-subs__heading">
        {title}
        {used !== null && (
          <span className="sp-muted sp-subs__used" data-testid={testId}>
            {t('subscription.subs.used', { used, limit })}
          </span>
        )}
      </h3>
      {used === null ? (
        <div className="sp-subs__placeholder" role="status" aria-label={t('subscription.subs.loading')}>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      ) : used === 0 ? (
        <Empty
          className="sp-subs__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{empty.text}</div>
              <div className="sp-muted">{empty.hint}</div>
            </>
          }
        >
          <Link to={empty.to}>{empty.link}</Link>
        </Empty>
      ) : (
        <ul className="sp-subs__list">{children}</ul>
      )}
    </div>
  );
}
