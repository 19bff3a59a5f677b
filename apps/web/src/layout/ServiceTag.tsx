import './serviceTag.css';
import type { ServiceKey } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { useOpenCheck } from '../api/openCheck.ts';

/** Menu entries that lead to a service operators may close (openCheck). */
export const MENU_SERVICES: Partial<Record<string, ServiceKey>> = {
  '/process': 'processing',
  '/beginInspection': 'inspection',
  '/beginClound': 'cloudWarehouse',
};

/** 即将开放 beside a menu entry whose service is closed; nothing while open or unknown. */
export function ServiceTag({ path }: { path: string }) {
  const { t } = useTranslation();
  const { data } = useOpenCheck();
  const key = MENU_SERVICES[path];
  if (!key || !data || (data.open[key] ?? false)) return null;
  return (
    <span className="sp-nav__soon" data-testid="menu-soon">
      {t('service.menuTag')}
    </span>
  );
}
