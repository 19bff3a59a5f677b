import './vipmember.css';
import '../../../i18n/vip.ts';
import { CheckCircleFilled } from '@ant-design/icons';
import { type MyOrder, type MyVipEntry, VIP_ENTRY_NAME } from '@steelport/contracts';
import { Alert, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteConfig } from '../../../api/common.ts';
import { useBuyVipInfo, useMyOrders, useMyVip } from '../../../api/vip.ts';
import { isVipMember, membershipEntries, useSession } from '../../../auth/session.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { commodityBenefits, commodityText } from '../../../components/vip/benefits.ts';
import { MembershipGlossary } from '../../../components/vip/MembershipGlossary.tsx';
import { useMembershipName } from '../../../components/vip/MembershipName.tsx';
import { MembershipPicture } from '../../../components/vip/MembershipPicture.tsx';
import { isEnglish } from '../../../i18n/tradeNames.tsx';
import { loginSiteHref } from '../../../layout/links.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatFenText } from '../../../lib/numbers.ts';

const ORDERS_PAGE_SIZE = 10;
const RENEW_HREF = `/vipopen?redirect=${encodeURIComponent('/vipmember')}`;

const date = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '—');

/**
 * /vipmember, the page the header's VIP badge opens: the member or non-member picture with the
 * 免豆会员 state, the caller's memberships with expiry and renew links, what each membership
 * gives, and the order history. A visitor sees the benefits and a way to log in.
 */
export function VipMemberPage() {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = Boolean(session.token);

  return (
    <div className="sp-container sp-page sp-vipmember">
      <PageTitle>{t('pages.vipmember.title')}</PageTitle>
      <Hero />
      {loggedIn && <Memberships />}
      <Benefits />
      <MembershipGlossary className="sp-vipmember__section" />
      {loggedIn && <Orders />}
    </div>
  );
}

/** The picture and the state of 免豆会员 (the badge's membership), with 开通 or 续费. */
function Hero() {
  const { t } = useTranslation();
  const session = useSession();
  const site = useSiteConfig();
  const mine = useMyVip();
  const vip = mine.data ? mine.data.isVip : isVipMember(session);
  const entry =
    mine.data?.entries.find((e) => e.isVip === 1) ??
    membershipEntries(session).find((e) => e?.name === VIP_ENTRY_NAME);
  const daysLeft = mine.data?.entries.find((e) => e.isVip === 1)?.daysLeft;

  let status: string;
  if (!session.token) status = t('vip.member.statusVisitor');
  else if (vip && entry?.expireAt) status = t('vip.member.statusVip', { date: date(entry.expireAt) });
  else status = t('vip.member.statusNone');

  return (
    <section className="sp-vipmember__hero" data-testid="vip-hero" data-member={vip ? 'yes' : 'no'}>
      <MembershipPicture member={vip} />
      <div className="sp-vipmember__herotext">
        <p className="sp-sr-only">{vip ? t('vip.member.pictureMember') : t('vip.member.pictureNone')}</p>
        <p className="sp-vipmember__status">{status}</p>
        <p className="sp-muted">
          {vip && daysLeft !== undefined ? t('vip.member.daysLeft', { count: daysLeft }) : '\u00a0'}
        </p>
        {session.token ? (
          <Link to={RENEW_HREF} className="sp-buttonlink sp-buttonlink--gold sp-vipmember__action">
            {vip ? t('vip.member.renew') : t('vip.member.open')}
          </Link>
        ) : (
          <a
            href={loginSiteHref(site.loginSiteUrl, window.location.href)}
            className="sp-buttonlink sp-vipmember__action"
          >
            {t('vip.member.login')}
          </a>
        )}
      </div>
    </section>
  );
}

/** 我的会员: every membership the caller can hold, with its state, expiry and a renew link. */
function Memberships() {
  const { t } = useTranslation();
  const mine = useMyVip();
  return (
    <section className="sp-box sp-vipmember__section" aria-labelledby="vip-mine">
      <h2 className="sp-box__title" id="vip-mine">
        {t('vip.member.mineTitle')}
      </h2>
      {mine.isError ? (
        <Alert className="sp-vipmember__error" type="error" showIcon title={mine.error.message} />
      ) : (
        <ul className="sp-vipmember__entries" aria-busy={!mine.data}>
          {mine.data
            ? mine.data.entries.map((entry) => <EntryCard key={entry.commodityId} entry={entry} />)
            : [0, 1, 2].map((n) => (
                <li key={`skeleton-${n}`} className="sp-vipentry">
                  <Skeleton active title={false} paragraph={{ rows: 3 }} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

function EntryCard({ entry }: { entry: MyVipEntry }) {
  const { t, i18n } = useTranslation();
  const name = commodityText(entry, isEnglish(i18n.language)).name;
  const state = entry.active ? 'active' : entry.expireAt ? 'expired' : 'notOpened';
  const renew = `/vipopen?ids=${entry.commodityId}&redirect=${encodeURIComponent('/vipmember')}`;
  return (
    <li className="sp-vipentry" data-testid="vip-entry" data-name={entry.name}>
      <div className="sp-vipentry__head">
        <strong lang={name.zh ? 'zh' : undefined}>{name.text}</strong>
        <Tag color={state === 'active' ? 'gold' : undefined}>{t(`vip.member.${state}`)}</Tag>
      </div>
      <p className="sp-vipentry__expiry">
        {state === 'active'
          ? `${t('vip.member.expireAt', { date: date(entry.expireAt) })} · ${t('vip.member.daysLeft', { count: entry.daysLeft })}`
          : state === 'expired'
            ? t('vip.member.expiredAt', { date: date(entry.expireAt) })
            : '\u00a0'}
        {entry.active && entry.seats > 1 ? ` · ${t('vip.member.seats', { count: entry.seats })}` : ''}
      </p>
      <Link to={renew} className="sp-vipentry__renew">
        {entry.active
          ? t('vip.member.renewThis', { name: name.text })
          : t('vip.member.openThis', { name: name.text })}
      </Link>
    </li>
  );
}

/** 会员权益: what each membership on sale gives (public: visitors see it too). */
function Benefits() {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  const info = useBuyVipInfo();
  return (
    <section className="sp-box sp-vipmember__section" aria-labelledby="vip-benefits">
      <h2 className="sp-box__title" id="vip-benefits">
        {t('vip.member.benefitsTitle')}
      </h2>
      {info.isError ? (
        <Alert className="sp-vipmember__error" type="error" showIcon title={info.error.message} />
      ) : (
        <div className="sp-vipmember__benefits" aria-busy={!info.data}>
          {info.data
            ? info.data.commodities.map((commodity) => {
                const text = commodityText(commodity, english);
                return (
                  <div key={commodity.id} className="sp-vipbenefit" data-testid="vip-benefit">
                    <h3 lang={text.name.zh ? 'zh' : undefined}>{text.name.text}</h3>
                    <p className="sp-muted" lang={text.description.zh ? 'zh' : undefined}>
                      {text.description.text}
                    </p>
                    <ul>
                      {commodityBenefits(commodity, t, english).map((benefit) => (
                        <li key={benefit.text} lang={benefit.zh ? 'zh' : undefined}>
                          <CheckCircleFilled aria-hidden /> {benefit.text}
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })
            : [0, 1, 2].map((n) => (
                <div key={`skeleton-${n}`} className="sp-vipbenefit">
                  <Skeleton active paragraph={{ rows: 4 }} />
                </div>
              ))}
        </div>
      )}
    </section>
  );
}

/** 开通记录: the caller's orders, a table on a desktop and cards on a phone. */
function Orders() {
  const { t } = useTranslation();
  const membershipName = useMembershipName();
  const [page, setPage] = useState(1);
  const orders = useMyOrders(page, ORDERS_PAGE_SIZE);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const data = orders.data;

  const items = (order: MyOrder) =>
    order.items
      .map(
        (item) =>
          `${membershipName(item.name).text}${item.count > 1 ? ` × ${t('vip.member.seats', { count: item.count })}` : ''}`,
      )
      .join(t('lots.listSeparator'));
  const stateTag = (order: MyOrder) => (
    <Tag color={order.state === 'paid' ? 'green' : order.state === 'pending' ? 'orange' : undefined}>
      {t(`vip.member.states.${order.state}`)}
    </Tag>
  );

  return (
    <section className="sp-box sp-vipmember__section" aria-labelledby="vip-orders">
      <h2 className="sp-box__title" id="vip-orders">
        <span>{t('vip.member.ordersTitle')}</span>
        {data && <span className="sp-muted">{t('vip.member.total', { count: data.total })}</span>}
      </h2>
      {orders.isError ? (
        <Alert className="sp-vipmember__error" type="error" showIcon title={orders.error.message} />
      ) : isPhone ? (
        <ul className="sp-vipmember__ordercards" data-testid="vip-orders" aria-busy={!data}>
          {data && data.list.length === 0 && <li className="sp-muted">{t('vip.member.noOrders')}</li>}
          {(data?.list ?? []).map((order) => (
            <li key={order.orderId} className="sp-vipordercard" data-testid="vip-order">
              <div className="sp-vipordercard__head">
                <strong>{items(order)}</strong>
                {stateTag(order)}
              </div>
              <p>
                {t('vip.pay.itemDays', { count: order.day })} · {formatFenText(order.amountFen)}
                {order.beansUsed > 0 ? ` · ${t('vip.member.beansUsed', { count: order.beansUsed })}` : ''}
              </p>
              <p className="sp-muted">
                {order.orderNo} · {dayjs(order.createdAt).format('YYYY-MM-DD HH:mm')}
              </p>
            </li>
          ))}
          {!data && (
            <li className="sp-vipordercard">
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            </li>
          )}
        </ul>
      ) : (
        <div className="sp-vipmember__orders" data-testid="vip-orders">
          <DataTable<MyOrder>
            size="small"
            rowKey="orderId"
            loading={orders.isFetching && !data}
            pagination={false}
            dataSource={data?.list ?? []}
            locale={{ emptyText: data ? t('vip.member.noOrders') : '\u00a0' }}
            onRow={() => ({ 'data-testid': 'vip-order' }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { key: 'orderNo', title: t('vip.member.colOrder'), dataIndex: 'orderNo' },
              {
                key: 'items',
                title: t('vip.member.colItems'),
                render: (_, order) => `${items(order)} · ${t('vip.pay.itemDays', { count: order.day })}`,
              },
              {
                key: 'amount',
                title: t('vip.member.colAmount'),
                align: 'right',
                render: (_, order) => (
                  <>
                    {formatFenText(order.amountFen)}
                    {order.beansUsed > 0 && (
                      <span className="sp-muted sp-vipmember__beans">
                        {t('vip.member.beansUsed', { count: order.beansUsed })}
                      </span>
                    )}
                  </>
                ),
              },
              { key: 'state', title: t('vip.member.colState'), render: (_, order) => stateTag(order) },
              {
                key: 'createdAt',
                title: t('vip.member.colTime'),
                render: (_, order) => dayjs(order.createdAt).format('YYYY-MM-DD HH:mm'),
              },
            ]}
          />
        </div>
      )}
      {data && data.total > ORDERS_PAGE_SIZE && (
        <Pager
          className="sp-vipmember__pager"
          current={page}
          pageSize={ORDERS_PAGE_SIZE}
          total={data.total}
          onChange={setPage}
        />
      )}
    </section>
  );
}
