import { ToolOutlined } from '@ant-design/icons';
import type { ServiceKey } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServiceOpen } from '../../api/openCheck.ts';
import { StatusResult } from '../StatusResult.tsx';

/**
 * 即将开放 for a trade service the operators have closed (openCheck), in place of the screen;
 * null while it is open (or not known yet: then the screen shows and the server decides).
 */
export function ServiceClosed({ service }: { service: ServiceKey }) {
  const { t } = useTranslation();
  const state = useServiceOpen(service);
  if (state.open) return null;
  return (
    <StatusResult
      status="info"
      className="sp-comingsoon"
      icon={<ToolOutlined />}
      title={t('service.comingSoon')}
      subTitle={state.note || t('service.comingSoonDesc', { name: state.name })}
      extra={
        <Link to="/" className="sp-buttonlink">
          {t('comingSoon.backHome')}
        </Link>
      }
    />
  );
}

/** Whether the screen should show its content (the service is open or not known yet). */
export function useServiceShown(service: ServiceKey): boolean {
  return useServiceOpen(service).open;
}
