import '../../i18n/indexParts.ts';
import type { HistoryLimit } from '@steelport/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteConfig } from '../../api/common.ts';
import { loginSiteHref } from '../../layout/links.ts';

/** Says why a series stops short (visitor: 30 days; member: one year) and how to see more. */
export function HistoryPrompt({ limitedBy }: { limitedBy: HistoryLimit | undefined }) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  if (!limitedBy) return null;
  return (
    <Alert
      className="sp-history-prompt"
      type="warning"
      showIcon
      title={t(`steelIndex.limit.${limitedBy}`)}
      action={
        limitedBy === 'login' ? (
          <a className="sp-buttonlink" href={loginSiteHref(site.loginSiteUrl, window.location.href)}>
            {t('steelIndex.limit.loginAction')}
          </a>
        ) : (
          <Link className="sp-buttonlink sp-buttonlink--gold" to="/vipopen">
            {t('steelIndex.limit.vipAction')}
          </Link>
        )
      }
    />
  );
}
