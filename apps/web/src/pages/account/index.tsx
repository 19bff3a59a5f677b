import './account.css';
import '../../i18n/workspace.ts';
import '../../i18n/account.ts';
import {
  ApiOutlined,
  BellOutlined,
  CrownOutlined,
  DatabaseOutlined,
  HistoryOutlined,
  IdcardOutlined,
  InboxOutlined,
  LineChartOutlined,
  MessageOutlined,
  NotificationOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { LoginUser, MyInfo } from '@steelport/contracts';
import { Menu, Skeleton } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useMyInfo } from '../../api/user.ts';
import { useSession } from '../../auth/session.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';

const LABELS = {
  profile: 'account.menu.profile',
  membership: 'account.menu.membership',
  beans: 'account.menu.beans',
  inbox: 'account.menu.inbox',
  subscriptions: 'account.menu.subscriptions',
  seats: 'account.menu.seats',
  quotations: 'workspace.menu.quotations',
  stock: 'workspace.menu.stock',
  surplus: 'workspace.menu.surplus',
  enquiries: 'workspace.menu.enquiries',
  firm: 'workspace.menu.firm',
  keys: 'workspace.menu.keys',
  becomeTrader: 'workspace.menu.becomeTrader',
} as const;

interface Section {
  path: string;
  label: (typeof LABELS)[keyof typeof LABELS];
  icon: ReactNode;
}

/** Every member's sections. */
const MEMBER_SECTIONS: Section[] = [
  { path: '/account/profile', label: LABELS.profile, icon: <UserOutlined /> },
  { path: '/account/membership', label: LABELS.membership, icon: <CrownOutlined /> },
  { path: '/account/beans', label: LABELS.beans, icon: <HistoryOutlined /> },
  { path: '/account/inbox', label: LABELS.inbox, icon: <BellOutlined /> },
  { path: '/account/subscriptions', label: LABELS.subscriptions, icon: <NotificationOutlined /> },
  { path: '/account/seats', label: LABELS.seats, icon: <TeamOutlined /> },
];

/** A trader's workspace (issue 17): its own rows, leads, firm page and ERP keys. */
const TRADER_SECTIONS: Section[] = [
  { path: '/account/quotations', label: LABELS.quotations, icon: <LineChartOutlined /> },
  { path: '/account/stock', label: LABELS.stock, icon: <DatabaseOutlined /> },
  { path: '/account/surplus', label: LABELS.surplus, icon: <InboxOutlined /> },
  { path: '/account/enquiries', label: LABELS.enquiries, icon: <MessageOutlined /> },
  { path: '/account/firm', label: LABELS.firm, icon: <IdcardOutlined /> },
  { path: '/account/keys', label: LABELS.keys, icon: <ApiOutlined /> },
];

/** What a member without a company is offered instead. */
const BECOME_TRADER: Section = {
  path: '/account/become-trader',
  label: LABELS.becomeTrader,
  icon: <ShopOutlined />,
};

/** The import wizard lights the list it imports into. */
const IMPORT_SECTION: Record<string, string> = {
  cargo: '/account/stock',
  surplus: '/account/surplus',
  quotation: '/account/quotations',
};

/**
 * Whether the user has a company: the trader menu is for them. An admin without a company is
 * refused by the server's trader routes (该账户未关联企业), so it is offered no trader entry either.
 */
function hasCompany(user: Pick<LoginUser, 'role' | 'company'> | MyInfo | null | undefined): boolean | null {
  if (!user) return null;
  if (user.company === undefined) return user.role === 'trader';
  return user.company !== null;
}

/**
 * /account/*, "my account" (members only, from the route table): a left menu of sections on a
 * desktop, wrapped tabs along the top on a phone, and the section's screen beside or below.
 * A trader also sees its workspace (我的报价 … API 密钥); a member without a company one entry,
 * 成为商家, that says how to become one.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const session = useSession();
  const me = useMyInfo();
  const trader = hasCompany(me.data ?? session.loginUser);

  const extra: Section[] = trader === null ? [] : trader ? TRADER_SECTIONS : [BECOME_TRADER];
  const sections = [...MEMBER_SECTIONS, ...extra];
  const importKind = pathname.startsWith('/account/import')
    ? IMPORT_SECTION[new URLSearchParams(search).get('kind') ?? 'cargo']
    : undefined;
  const selected = importKind ?? sections.find((section) => pathname.startsWith(section.path))?.path;

  const toItem = (section: Section): ItemType => ({
    key: section.path,
    icon: section.icon,
    label: <Link to={section.path}>{t(section.label)}</Link>,
  });
  const items: ItemType[] =
    isPhone || extra.length === 0
      ? sections.map(toItem)
      : [
          ...MEMBER_SECTIONS.map(toItem),
          { type: 'divider' },
          {
            type: 'group',
            key: 'workspace',
            label: trader ? t('workspace.menu.groupTrader') : t('workspace.menu.groupMember'),
            children: extra.map(toItem),
          },
        ];

  return (
    <div className="sp-container sp-page">
      <PageTitle>{t('account.heading')}</PageTitle>
      <div className="sp-account">
        <nav className="sp-account__nav" aria-label={t('account.menuLabel')}>
          <Menu
            mode={isPhone ? 'horizontal' : 'inline'}
            className={extra.length > 0 ? 'sp-account__menu--wrap' : undefined}
            selectedKeys={selected ? [selected] : []}
            disabledOverflow
            // The nav box draws the border; antd's inline menu would add a second one.
            style={{ borderInlineEnd: 0 }}
            items={items}
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
