import '../../i18n/services.ts';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../api/common.ts';
import { loginSiteHref } from '../../layout/links.ts';

/** A visitor: how to use the self-service, and the way to log in. */
export function JoinBox() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const steps = t('cloud.joinSteps', { returnObjects: true }) as string[];
  return (
    <section className="sp-box sp-cloud__section" aria-labelledby="cloud-join" data-testid="cloud-join">
      <h2 className="sp-box__title" id="cloud-join">
        {t('cloud.joinTitle')}
      </h2>
      <div className="sp-box__body sp-cloud__join">
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <a
          href={loginSiteHref(site.loginSiteUrl, window.location.href)}
          className="sp-buttonlink sp-cloud__login"
        >
          {t('cloud.login')}
        </a>
      </div>
    </section>
  );
}
