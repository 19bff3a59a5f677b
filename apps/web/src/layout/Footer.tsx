import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_ITEMS } from './menuItems.ts';

// The footer repeats the main sections (not home) so a reader at the bottom need not scroll up.
const FOOTER_LINKS = MENU_ITEMS.filter((item) => item.path !== '/');

/** Site footer: about, services, contact, copyright, the agreement and privacy links and the ICP line. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="sp-footer">
      <div className="sp-container sp-footer__columns">
        <section>
          <h2>{t('footer.aboutTitle')}</h2>
          <p>{t('footer.about')}</p>
        </section>
        <section>
          <h2>{t('footer.servicesTitle')}</h2>
          <ul className="sp-footer__links">
            {FOOTER_LINKS.map((item) => (
              <li key={item.path}>
                <Link to={item.path}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{t('footer.contactTitle')}</h2>
          <p>{t('footer.email')}</p>
          <p>{t('footer.hours')}</p>
          <p>{t('footer.disclaimer')}</p>
        </section>
      </div>
      <div className="sp-footer__bottom">
        <div className="sp-container">
          <span>{t('footer.copyright')}</span>
          <nav className="sp-footer__legal" aria-label={t('footer.legalLabel')}>
            <Link to="/agreement">{t('footer.agreement')}</Link>
            <Link to="/privacy">{t('footer.privacy')}</Link>
          </nav>
          <span>{t('footer.icp')}</span>
        </div>
      </div>
    </footer>
  );
}
