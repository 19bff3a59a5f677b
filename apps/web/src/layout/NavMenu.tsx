import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_ITEMS } from './menuItems.ts';
import { ServiceTag } from './ServiceTag.tsx';

/** The blue main menu; `activeKey` comes from the route table, so child screens light their section. */
export function NavMenu({ activeKey }: { activeKey: string | null }) {
  const { t } = useTranslation();
  return (
    <nav className="sp-nav" aria-label={t('menu.label')}>
      <ul className="sp-container sp-nav__list">
        {MENU_ITEMS.map((item) => {
          const active = item.path === activeKey;
          return (
            <li key={item.path}>
              <Link
                to={item.path}
                className={active ? 'sp-nav__link sp-nav__link--active' : 'sp-nav__link'}
                aria-current={active ? 'page' : undefined}
              >
                {t(item.label)}
                <ServiceTag path={item.path} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
