import '../../i18n/login.ts';
import type { LoginUser, MyInfo } from '@steelport/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMyInfo } from '../../api/user.ts';
import { useLogout } from '../../auth/hooks.ts';
import { StatusResult } from '../../components/StatusResult.tsx';
import { Checking } from './Checking.tsx';

/**
 * 您已登录: the stored session is checked with the server first (an expired one is cleared in
 * place and the login form shows); 返回 hands it on to the redirect like a fresh login.
 */
export function LoggedIn({
  stored,
  hasRedirect,
  onReturn,
}: {
  stored: LoginUser | null;
  hasRedirect: boolean;
  onReturn: (user: LoginUser | MyInfo) => void;
}) {
  const { t } = useTranslation();
  const me = useMyInfo(true, { silent: true, keepPageOnExpiry: true });
  const logout = useLogout(null);
  const user = me.data ?? stored;

  if (me.isPending) return <Checking />;
  return (
    <StatusResult
      className="sp-login__already"
      status="success"
      title={<h1 className="sp-login__title">{t('login.alreadyTitle')}</h1>}
      subTitle={t('login.alreadyAccount', { name: user?.linkMan || t('header.defaultName') })}
      extra={[
        <Button
          key="back"
          type="primary"
          onClick={() => (user ? onReturn(user) : window.location.assign('/'))}
        >
          {hasRedirect ? t('login.goBack') : t('login.goHome')}
        </Button>,
        <Button key="logout" onClick={logout}>
          {t('login.logout')}
        </Button>,
      ]}
    />
  );
}
