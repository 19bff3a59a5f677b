import './account.css';
import { CrownOutlined, HistoryOutlined, UserOutlined } from '@ant-design/icons';
import { Menu, Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';

/** The console's sections; trader sections (quotations, stock, surplus...) join as they are built. */
const SECTIONS = [
  { path: '/account/profile', label: 'account.menu.profile', icon: <UserOutlined /> },
  { path: '/account/membership', label: 'account.menu.membership', icon: <CrownOutlined /> },
  { path: '/account/beans', label: 'account.menu.beans', icon: <HistoryOutlined /> },
] as const;

/**
 * /account/*, "my account" (members only, from the route table): a left menu of sections on a
 * desktop, tabs along the top on a phone, and the section's screen beside or below.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const selected = SECTIONS.find((section) => pathname.startsWith(section.path))?.path;

  return (
    <div className="sp-container sp-page">
      <PageTitle>{t('account.heading')}</PageTitle>
      <div className="sp-account">
        <nav className="sp-account__nav" aria-label={t('account.menuLabel')}>
          <Menu
            mode={isPhone ? 'horizontal' : 'inline'}
            selectedKeys={selected ? [selected] : []}
            disabledOverflow
            // The nav box draws the border; antd's inline menu would add a second one.
            style={{ borderInlineEnd: 0 }}
            items={SECTIONS.map((section) => ({
              key: section.path,
              icon: section.icon,
              label: <Link to={section.path}>{t(section.label)}</Link>,
            }))}
          />
        </nav>
        <section className="sp-account__content">
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <Outlet />
          </Suspense>
        </section>
      </div>
    </div>
  );
}
