import '../../../i18n/account.ts';
import type { MyInfo } from '@steelport/contracts';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../useAccount.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';

/** /account/profile: who the account is, its contact name and company, and its password. */
export function AccountProfilePage() {
  const { me } = useAccount();
  if (!me.data) {
    return me.isError ? <Alert type="error" showIcon title={me.error.message} /> : <Skeleton active />;
  }
  return (
    <div className="sp-account__sections">
      <AccountInfo info={me.data} />
      <ProfileForm info={me.data} />
      <PasswordForm />
    </div>
  );
}

function AccountInfo({ info }: { info: MyInfo }) {
  const { t } = useTranslation();
  return (
    <section className="sp-box" aria-labelledby="account-info">
      <h2 className="sp-box__title" id="account-info">
        {t('account.infoTitle')}
      </h2>
      <dl className="sp-box__body sp-account__info">
        <dt>{t('account.phone')}</dt>
        <dd>{info.phone}</dd>
        <dt>{t('account.role')}</dt>
        <dd>{t(`account.roles.${info.role}`)}</dd>
        <dt>{t('account.company')}</dt>
        <dd>{info.company?.name ?? t('account.none')}</dd>
      </dl>
    </section>
  );
}
