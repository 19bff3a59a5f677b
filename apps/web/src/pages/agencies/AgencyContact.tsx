import '../../i18n/content.ts';
import type { AgencySummary } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../api/common.ts';
import { loginSiteHref } from '../../layout/links.ts';

/**
 * An agency's contact: a member sees the name and a tel: link; a visitor the masked number and
 * what opens it (a login, free: agencies publish their numbers to sell).
 */
export function AgencyContact({ agency }: { agency: AgencySummary }) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  if (!agency.phoneMasked) {
    return (
      <>
        <dt>{t('content.agency.contact')}</dt>
        <dd lang="zh">{agency.contactName}</dd>
        <dt>{t('content.agency.phone')}</dt>
        <dd>
          <a className="sp-agency-phone" href={`tel:${agency.phone}`} data-testid="agency-phone">
            {agency.phone}
          </a>
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>{t('content.agency.phone')}</dt>
      <dd>
        <span className="sp-agency-phone" data-testid="agency-phone">
          {agency.phone}
        </span>{' '}
        <a
          className="sp-agency-login"
          href={loginSiteHref(site.loginSiteUrl, window.location.href)}
          title={t('content.agency.maskedHint')}
        >
          {t('content.agency.login')}
        </a>
      </dd>
    </>
  );
}
