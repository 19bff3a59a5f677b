import '../../../components/subscription/pages.css';
import '../../../i18n/subscription.ts';
import type { InboxItem } from '@steelport/contracts';
import { Button, Checkbox, Empty, Pagination, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInbox, useMarkRead } from '../../../api/subscription.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { readPositiveInt } from '../../../components/lots/lotQuery.ts';
import { inboxItemHref } from '../../../components/subscription/links.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatPriceText } from '../../../lib/numbers.ts';

/** The last page `?page=` may name. */
const PAGE_MAX = 10_000;

/** Messages per page. */
export const INBOX_PAGE_SIZE = 20;
/** Placeholder lines while the first page loads, each as tall as a real one. */
const SKELETON_LINES = 4;

/**
 * /account/inbox, 消息中心: what the member's saved searches and index alerts found, newest first.
 * Each message names what it found (品名 材质 规格 产地 仓库, or the index and its move), its price,
 * which subscription found it and when; opening it marks it read and shows it on its screen. The
 * header's bell and this list follow the server's event stream, so a new match appears without a
 * reload. 只看未读 and the page live in the URL.
 */
export function AccountInboxPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = readPositiveInt(params.get('page'), 1, PAGE_MAX);
  const unreadOnly = params.get('unread') === '1';
  const inbox = useInbox(page, INBOX_PAGE_SIZE, unreadOnly);
  const markRead = useMarkRead();
  const isPhone = useMediaQuery(PHONE_QUERY);

  const setQuery = (next: { page?: number; unreadOnly?: boolean }) => {
    const query = new URLSearchParams(params);
    const nextPage = next.page ?? 1;
    if (nextPage === 1) query.delete('page');
    else query.set('page', String(nextPage));
    if (next.unreadOnly ?? unreadOnly) query.set('unread', '1');
    else query.delete('unread');
    setParams(query);
  };

  const open = (item: InboxItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    void navigate(inboxItemHref(item));
  };
  const markAll = () =>
    markRead.mutate(
      { all: true },
      { onSuccess: () => void message.success(t('subscription.inbox.markedAll')) },
    );

  let body: ReactNode;
  if (inbox.isError) {
    body = <LoadError error={inbox.error} onRetry={inbox.refetch} />;
  } else if (!inbox.data) {
    body = (
      <ul className="sp-inbox__list" role="status" aria-label={t('subscription.inbox.loading')}>
        {Array.from({ length: SKELETON_LINES }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="sp-inbox__item">
            <Skeleton active title={false} paragraph={{ rows: 2, width: ['70%', '45%'] }} />
          </li>
        ))}
      </ul>
    );
  } else if (inbox.data.total === 0) {
    body = (
      <Empty
        className="sp-inbox__empty"
        description={
          <>
            <div>{unreadOnly ? t('subscription.inbox.emptyUnread') : t('subscription.inbox.empty')}</div>
            {!unreadOnly && <div className="sp-muted">{t('subscription.inbox.emptyHint')}</div>}
          </>
        }
      >
        <Link to="/account/subscriptions">{t('subscription.inbox.manage')}</Link>
      </Empty>
    );
  } else {
    const { list, total } = inbox.data;
    body = (
      <>
        <ul className="sp-inbox__list" data-testid="inbox-list">
          {list.map((item) => (
            <InboxLine key={item.id} item={item} onOpen={open} />
          ))}
        </ul>
        {total > INBOX_PAGE_SIZE && (
          <Pagination
            className="sp-inbox__pager"
            current={page}
            pageSize={INBOX_PAGE_SIZE}
            total={total}
            onChange={(next) => setQuery({ page: next })}
            showSizeChanger={false}
            size={isPhone ? 'large' : 'small'}
            simple={isPhone}
            showTotal={isPhone ? undefined : (count) => t('subscription.inbox.total', { count })}
          />
        )}
      </>
    );
  }

  return (
    <section className="sp-box" aria-labelledby="inbox-title">
      <h2 className="sp-box__title sp-inbox__head" id="inbox-title">
        {t('subscription.inbox.title')}
        <span className="sp-inbox__tools">
          <Checkbox checked={unreadOnly} onChange={(event) => setQuery({ unreadOnly: event.target.checked })}>
            {t('subscription.inbox.unreadOnly')}
          </Checkbox>
          <Button
            size={isPhone ? 'middle' : 'small'}
            onClick={markAll}
            loading={markRead.isPending && markRead.variables?.all === true}
            disabled={!inbox.data || inbox.data.total === 0}
          >
            {t('subscription.inbox.markAll')}
          </Button>
        </span>
      </h2>
      <div className="sp-box__body sp-inbox" aria-busy={inbox.isFetching}>
        <p className="sp-muted sp-inbox__intro">
          {t('subscription.inbox.intro')}{' '}
          <Link to="/account/subscriptions">{t('subscription.inbox.manage')}</Link>
        </p>
        {body}
      </div>
    </section>
  );
}

/** One message: kind, what was found (a link to it), price or index day, source and time. */
function InboxLine({ item, onOpen }: { item: InboxItem; onOpen: (item: InboxItem) => void }) {
  const { t } = useTranslation();
  const href = inboxItemHref(item);
  const price =
    item.kind === 'index'
      ? item.day && t('subscription.inbox.day', { day: item.day })
      : t('subscription.inbox.price', {
          price: item.price > 0 ? formatPriceText(item.price) : t('subscription.inbox.callForPrice'),
        });
  return (
    <li
      className={item.read ? 'sp-inbox__item' : 'sp-inbox__item sp-inbox__item--unread'}
      data-testid="inbox-item"
      data-read={item.read}
    >
      <div className="sp-inbox__line">
        <Tag className="sp-inbox__kind">{t(`subscription.kinds.${item.kind}`)}</Tag>
        <a
          className="sp-inbox__title"
          href={href}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onOpen(item);
          }}
        >
          {item.title}
        </a>
        {!item.read && <span className="sp-inbox__dot">{t('subscription.inbox.unread')}</span>}
      </div>
      <div className="sp-inbox__meta sp-muted">
        {price && <span>{price}</span>}
        <span>{t('subscription.inbox.from', { source: item.source })}</span>
        <time dateTime={item.createdAt}>{dayjs(item.createdAt).format('YYYY-MM-DD HH:mm')}</time>
      </div>
    </li>
  );
}
