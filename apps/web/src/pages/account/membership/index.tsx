import '../../../i18n/seats.ts';
import '../../../i18n/account.ts';
import { type MembershipEntry, VIP_ENTRY_NAME } from '@steelport/contracts';
import { Alert, Skeleton, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMySeats } from '../../../api/seats.ts';
import { MembershipGlossary } from '../../../components/vip/MembershipGlossary.tsx';
import { MembershipName } from '../../../components/vip/MembershipName.tsx';
import { useAccount } from '../useAccount.ts';

/** /account/membership: the bean balance and every membership type with its state and expiry. */
export function AccountMembershipPage() {
  const { t } = useTranslation();
  const { me } = useAccount();
  const held = useMySeats().data?.held;
  if (!me.data) {
    return me.isError ? <Alert type="error" showIcon title={me.error.message} /> : <Skeleton active />;
  }
  const { beans, userNewVipVo: entries } = me.data;
  const isVip = entries.some((entry) => entry.name === VIP_ENTRY_NAME && entry.isVip === 1);

  return (
    <div className="sp-account__sections">
      <section className="sp-box" aria-labelledby="account-beans">
        <h2 className="sp-box__title" id="account-beans">
          {t('account.beansTitle')}
        </h2>
        <div className="sp-box__body">
          <p className="sp-beans">
            <span className="sp-beans__count" data-testid="beans">
              {beans}
            </span>
            <span>{t('account.beansUnit')}</span>
          </p>
          <p className="sp-muted">{t('account.beansHint')}</p>
          <Link to="/account/beans">{t('account.beans.viewAll')}</Link>
        </div>
      </section>
      <section className="sp-box" aria-labelledby="account-memberships">
        <h2 className="sp-box__title" id="account-memberships">
          {t('account.membershipTitle')}
          <Link to="/vipopen" className="sp-buttonlink sp-buttonlink--gold">
            {isVip ? t('account.renewVip') : t('account.buyVip')}
          </Link>
        </h2>
        <Table<MembershipEntry>
          size="small"
          rowKey="name"
          pagination={false}
          dataSource={entries}
          locale={{ emptyText: t('account.noMembership') }}
          columns={[
            {
              key: 'name',
              title: t('account.colName'),
              dataIndex: 'name',
              render: (name: string) => <MembershipName name={name} />,
            },
            {
              key: 'status',
              title: t('account.colStatus'),
              render: (_, entry) =>
                entry.isVip === 1 ? (
                  <Tag color="gold">{t('account.opened')}</Tag>
                ) : (
                  <Tag>{t('account.notOpened')}</Tag>
                ),
            },
            {
              key: 'expireAt',
              title: t('account.colExpire'),
              render: (_, entry) =>
                entry.isVip === 1 && entry.expireAt ? dayjs(entry.expireAt).format('YYYY-MM-DD') : '—',
            },
          ]}
        />
        {held && (
          // A colleague's company membership comes from someone else's seat: say whose.
          <p className="sp-box__body sp-muted" data-testid="held-seat-line">
            {t('seats.held.text', { owner: held.ownerCompany ?? held.ownerName })}
            {' · '}
            <Link to="/account/seats">{t('seats.held.title')}</Link>
          </p>
        )}
      </section>
      <MembershipGlossary />
    </div>
  );
}
