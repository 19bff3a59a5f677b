import '../../../i18n/account.ts';
import type { BeanMovement, BeanReason } from '@steelport/contracts';
import { Alert, Button, Empty, Pagination, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBeanHistory, useSignIn } from '../../../api/user.ts';
import { BeanGuide } from '../../../components/beans/BeanGuide.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatSigned } from '../../../lib/numbers.ts';
import { useAccount } from '../useAccount.ts';
import { pageFromQuery } from './pageQuery.ts';

/** Lines per page of the history. */
export const BEANS_PAGE_SIZE = 10;
/** Placeholder lines while the first page loads, each exactly as tall as a real line. */
const SKELETON_LINES = 4;
const REASON_COLORS: Record<BeanReason, string> = {
  earned: 'gold',
  spent: 'blue',
  refunded: 'green',
  adjusted: 'purple',
  held: 'orange',
};

/**
 * /account/beans, 钢豆明细: first what beans buy and how to get more (BeanGuide, with the daily
 * sign-in), then every bean received, spent, refunded or adjusted, newest first, with
 * its reason and the balance after it; ten lines a page, the page in the URL. A table on a
 * desktop, one card per line on a phone. While the first page loads, placeholder lines of the
 * final height stand in; the next page keeps the current one on screen until it arrives.
 */
export function AccountBeansPage() {
  const { t } = useTranslation();

  return (
    <>
      <section className="sp-box" aria-labelledby="account-bean-guide">
        <h2 className="sp-box__title" id="account-bean-guide">
          {t('account.beans.guideTitle')}
        </h2>
        <div className="sp-box__body">
          <BeanGuide action={<SignInButton />} />
        </div>
      </section>
      <BeanHistorySection />
    </>
  );
}

/** 每日签到: the server's daily sign-in, with what it earned (or that today's is done) beside it. */
function SignInButton() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  let said = '';
  if (signIn.isError) said = signIn.error.message;
  else if (signIn.data)
    said = signIn.data.alreadySigned
      ? t('account.beans.alreadySigned')
      : t('account.beans.signedIn', { beans: formatCount(signIn.data.earned) });
  return (
    <div className="sp-beanguide__action">
      <Button
        type="primary"
        className="sp-beanguide__signin"
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        {t('account.beans.signIn')}
      </Button>
      <span
        role="status"
        className={signIn.isError ? 'sp-beanguide__said sp-beanguide__said--error' : 'sp-beanguide__said'}
      >
        {said}
      </span>
    </div>
  );
}

/** The history itself (钢豆明细), paged in the URL. */
function BeanHistorySection() {
  const { t } = useTranslation();
  const { me } = useAccount();
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const history = useBeanHistory(page, BEANS_PAGE_SIZE);
  const isPhone = useMediaQuery(PHONE_QUERY);

  const goTo = (next: number) => {
    const query = new URLSearchParams(params);
    if (next === 1) query.delete('page');
    else query.set('page', String(next));
    setParams(query);
  };

  let body: ReactNode;
  if (history.isError) {
    body = <Alert type="error" showIcon title={history.error.message} />;
  } else if (!history.data) {
    body = (
      <div role="status" aria-label={t('account.beans.loading')}>
        {isPhone ? <BeanCardsSkeleton /> : <BeanTable t={t} rows={null} />}
      </div>
    );
  } else if (history.data.total === 0) {
    body = <Empty className="sp-beanlog__empty" description={t('account.beans.empty')} />;
  } else {
    const { list, total } = history.data;
    body = (
      <>
        {isPhone ? <BeanCards t={t} rows={list} /> : <BeanTable t={t} rows={list} />}
        {total > BEANS_PAGE_SIZE && (
          <Pagination
            className="sp-beanlog__pager"
            current={page}
            pageSize={BEANS_PAGE_SIZE}
            total={total}
            onChange={goTo}
            showSizeChanger={false}
            // A finger needs the full-size pager; a mouse is fine with the small one.
            size={isPhone ? 'large' : 'small'}
            simple={isPhone}
            showTotal={isPhone ? undefined : (count) => t('account.beans.total', { count })}
          />
        )}
      </>
    );
  }

  return (
    <section className="sp-box" aria-labelledby="account-bean-history">
      <h2 className="sp-box__title" id="account-bean-history">
        {t('account.beans.title')}
        <span className="sp-beanlog__balance">
          {me.data ? t('account.beans.balance', { count: me.data.beans }) : ' '}
        </span>
      </h2>
      <div className="sp-box__body sp-beanlog" aria-busy={history.isFetching}>
        {body}
      </div>
    </section>
  );
}

type Line = BeanMovement | { id: string };
const isLine = (row: Line): row is BeanMovement => typeof row.id === 'number';

/** The desktop table; `rows` null draws placeholder lines of the same height. */
function BeanTable({ t, rows }: { t: TFunction; rows: BeanMovement[] | null }) {
  const placeholder = <span className="sp-beanlog__skel" />;
  const columns: ColumnsType<Line> = [
    {
      key: 'time',
      title: t('account.beans.colTime'),
      width: 150,
      render: (_, row) => (isLine(row) ? dayjs(row.time).format('YYYY-MM-DD HH:mm') : placeholder),
    },
    {
      key: 'reason',
      title: t('account.beans.colReason'),
      width: 90,
      render: (_, row) => (isLine(row) ? <ReasonTag t={t} reason={row.reason} /> : placeholder),
    },
    {
      key: 'note',
      title: t('account.beans.colNote'),
      render: (_, row) => (isLine(row) ? row.note : placeholder),
    },
    {
      key: 'delta',
      title: t('account.beans.colDelta'),
      width: 90,
      align: 'right',
      render: (_, row) => (isLine(row) ? <Delta value={row.delta} /> : placeholder),
    },
    {
      key: 'balance',
      title: t('account.beans.colBalance'),
      width: 90,
      align: 'right',
      render: (_, row) => (isLine(row) ? formatCount(row.balanceAfter) : placeholder),
    },
  ];
  const placeholders: Line[] = Array.from({ length: SKELETON_LINES }, (_, i) => ({ id: `skeleton-${i}` }));
  return (
    <Table<Line>
      className="sp-beanlog__table"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows ?? placeholders}
      columns={columns}
    />
  );
}

/** The phone's cards: what happened and the change on top, time, type and balance below. */
function BeanCards({ t, rows }: { t: TFunction; rows: BeanMovement[] }) {
  return (
    <ol className="sp-beanlog__cards">
      {rows.map((row) => (
        <li key={row.id} className="sp-beanlog__card">
          <div className="sp-beanlog__line">
            <span className="sp-beanlog__note">{row.note}</span>
            <Delta value={row.delta} />
          </div>
          <div className="sp-beanlog__line sp-beanlog__meta">
            <span>
              <ReasonTag t={t} reason={row.reason} />
              {dayjs(row.time).format('YYYY-MM-DD HH:mm')}
            </span>
            <span>
              {t('account.beans.colBalance')} {formatCount(row.balanceAfter)}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}

function BeanCardsSkeleton() {
  return (
    <ol className="sp-beanlog__cards" aria-hidden>
      {Array.from({ length: SKELETON_LINES }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <li key={i} className="sp-beanlog__card">
          <div className="sp-beanlog__line">
            <span className="sp-beanlog__skel sp-beanlog__skel--wide" />
          </div>
          <div className="sp-beanlog__line sp-beanlog__meta">
            <span className="sp-beanlog__skel" />
          </div>
        </li>
      ))}
    </ol>
  );
}

function ReasonTag({ t, reason }: { t: TFunction; reason: BeanReason }) {
  return <Tag color={REASON_COLORS[reason]}>{t(`account.beans.reasons.${reason}`)}</Tag>;
}

/** A change with its sign: beans in read red like a rise, beans out in the plain text colour. */
function Delta({ value }: { value: number }) {
  return (
    <span className={value > 0 ? 'sp-beanlog__delta sp-beanlog__delta--in' : 'sp-beanlog__delta'}>
      {formatSigned(value, formatCount)}
    </span>
  );
}
