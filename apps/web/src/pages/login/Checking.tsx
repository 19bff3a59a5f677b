import '../../i18n/login.ts';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** While a stored session is checked (and its view loads): a spinner that says so. */
export function Checking() {
  const { t } = useTranslation();
  return (
    <div className="sp-login__leaving" role="status">
      <Spin />
      <span>{t('login.checking')}</span>
    </div>
  );
}
