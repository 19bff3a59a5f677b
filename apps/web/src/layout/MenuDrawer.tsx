import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MENU_ITEMS } from './menuItems.ts';
import { ServiceTag } from './ServiceTag.tsx';

// Fetched on the first tap of 菜单, not with every first page (antd's Drawer is about 6 kB gzip).
const Drawer = lazy(() => import('antd/es/drawer'));

/**
 * The main menu on a phone: a labelled 菜单 button beside the logo opens a drawer with the nine
 * entries one under another (each a 48 px row), instead of nine entries wrapping onto two rows.
 * Picking an entry navigates and closes the drawer.
 */
export function MenuDrawer({ activeKey }: { activeKey: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        className="sp-menubutton"
        icon={<MenuOutlined aria-hidden />}
        aria-expanded={open}
        aria-controls="sp-menu-drawer"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('menu.open')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <Drawer
            id="sp-menu-drawer"
            title={t('menu.open')}
            placement="right"
            size={280}
            open={open}
            onClose={() => setOpen(false)}
            className="sp-menudrawer"
          >
            <nav aria-label={t('menu.label')}>
              <ul className="sp-menudrawer__list">
                {MENU_ITEMS.map((item) => {
                  const active = item.path === activeKey;
                  return (
                    <li key={item.path}>
                      <Link
                        to={item.path}
                        className={
                          active ? 'sp-menudrawer__link sp-menudrawer__link--active' : 'sp-menudrawer__link'
                        }
                        aria-current={active ? 'page' : undefined}
                        onClick={() => setOpen(false)}
                      >
                        {t(item.label)}
                        <ServiceTag path={item.path} />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <LanguageSwitch className="sp-langswitch--drawer" />
          </Drawer>
        </Suspense>
      )}
    </>
  );
}
