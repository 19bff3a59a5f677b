/** The operator console's menu: its screens in order, and which entry a path lights. */
import {
  AccountBookOutlined,
  AuditOutlined,
  ControlOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  LineChartOutlined,
  NotificationOutlined,
  PictureOutlined,
  RiseOutlined,
  ShopOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export type AdminMenuKey =
  | 'dashboard'
  | 'users'
  | 'articles'
  | 'affairs'
  | 'agencies'
  | 'ads'
  | 'announcement'
  | 'inspections'
  | 'processing'
  | 'switches'
  | 'vipPrices'
  | 'orders'
  | 'warehouseDaily'
  | 'indexCorrections'
  | 'priceItems'
  | 'vocabulary'
  | 'audit';

/** The console's screens in menu order: path and icon. */
export const ADMIN_MENU: readonly { key: AdminMenuKey; path: string; icon: ReactNode }[] = [
  { key: 'dashboard', path: '/admin', icon: <DashboardOutlined /> },
  { key: 'users', path: '/admin/users', icon: <TeamOutlined /> },
  { key: 'articles', path: '/admin/articles', icon: <FileTextOutlined /> },
  { key: 'affairs', path: '/admin/affairs', icon: <RiseOutlined /> },
  { key: 'agencies', path: '/admin/agencies', icon: <ShopOutlined /> },
  { key: 'ads', path: '/admin/ads', icon: <PictureOutlined /> },
  { key: 'announcement', path: '/admin/announcement', icon: <NotificationOutlined /> },
  { key: 'inspections', path: '/admin/inspections', icon: <FileSearchOutlined /> },
  { key: 'processing', path: '/admin/processing', icon: <ToolOutlined /> },
  { key: 'switches', path: '/admin/switches', icon: <ControlOutlined /> },
  { key: 'vipPrices', path: '/admin/vip-prices', icon: <CrownOutlined /> },
  { key: 'orders', path: '/admin/orders', icon: <AccountBookOutlined /> },
  { key: 'warehouseDaily', path: '/admin/warehouse-daily', icon: <DatabaseOutlined /> },
  { key: 'indexCorrections', path: '/admin/index-corrections', icon: <LineChartOutlined /> },
  { key: 'priceItems', path: '/admin/price-items', icon: <TableOutlined /> },
  { key: 'vocabulary', path: '/admin/vocabulary', icon: <TranslationOutlined /> },
  { key: 'audit', path: '/admin/audit', icon: <AuditOutlined /> },
];

/** The menu entry of `pathname`: the longest entry path it starts with. */
export function activeAdminPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best = '/admin';
  for (const entry of ADMIN_MENU) {
    if ((path === entry.path || path.startsWith(`${entry.path}/`)) && entry.path.length > best.length) {
      best = entry.path;
    }
  }
  return best;
}
