/**
 * /admin, the operator console's frame (issue 18): no portal header, menu or footer (the route
 * table hides them), a left menu of the console's screens and a top bar with the site name, the
 * way back to the portal, the operator and 退出. The route guard (layout/AccessGate.tsx) has
 * already refused anyone but an admin; the server refuses them again on every call (code 4).
 * The console's texts load with this module (i18n/admin.ts).
 */
import '../../i18n/admin.ts';
import './admin.css';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Menu, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useMyInfo } from '../../api/user.ts';
import { useLogout } from '../../auth/hooks.ts';
import { useSession } from '../../auth/session.ts';
import { PageFallback } from '../../layout/Layout.tsx';
import { useRouteMeta } from '../../layout/useRouteMeta.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { ADMIN_MENU, activeAdminPath } from './adminMenu.tsx';

/** The console frame around the current admin screen. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { page } = useRouteMeta();
  const { pathname } = useLocation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [drawer, setDrawer] = useState(false);
  const session = useSession();
  const me = useMyInfo();
  const logout = useLogout('/');
  const name = me.data?.linkMan || session.loginUser?.linkMan || t('admin.defaultName');
  const active = activeAdminPath(pathname);

  const items: MenuProps['items'] = ADMIN_MENU.map((entry) => ({
    key: entry.path,
    icon: entry.icon,
    label: (
      <Link to={entry.path} onClick={() => setDrawer(false)}>
        {t(`admin.menu.${entry.key}`)}
      </Link>
    ),
  }));
  const menu = (
    <nav aria-label={t('admin.menuLabel')}>
      <Menu className="sp-admin__menu" mode="inline" theme="dark" selectedKeys={[active]} items={items} />
    </nav>
  );

  return (
    <div className="sp-admin">
      {!isPhone && (
        <div className="sp-admin__side">
          <Link to="/admin" className="sp-admin__brand">
            {t('app.name')}
            <small>{t('admin.console')}</small>
          </Link>
          {menu}
        </div>
      )}
      {isPhone && (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          placement="left"
          size={240}
          title={t('admin.console')}
          className="sp-admin__drawer"
        >
          {menu}
        </Drawer>
      )}
      <div className="sp-admin__body">
        <div className="sp-admin__bar">
          {isPhone && (
            <Button
              type="text"
              className="sp-admin__burger"
              icon={<MenuOutlined />}
              aria-label={t('admin.openMenu')}
              onClick={() => setDrawer(true)}
            />
          )}
          <span className="sp-admin__site">
            {t('app.name')} · {t('admin.console')}
          </span>
          <span className="sp-admin__spacer" />
          <Link to="/" className="sp-admin__barlink">
            {t('admin.backToPortal')}
          </Link>
          <span className="sp-admin__operator">{t('admin.operator', { name })}</span>
          <button type="button" className="sp-admin__barlink sp-linkbutton" onClick={logout}>
            {t('admin.logout')}
          </button>
        </div>
        <div className="sp-admin__content">
          {page && <h1 className="sp-admin__title">{t(`pages.${page}.title`)}</h1>}
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
