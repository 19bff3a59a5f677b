import '../../i18n/market.ts';
import { DownloadOutlined } from '@ant-design/icons';
import { Code } from '@steelport/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type DownloadedFile } from '../../api/client.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { exportGate, useGateNotice } from '../GateNotice.tsx';
import { HoverTooltip } from '../HoverTooltip.tsx';

/** Saves a downloaded file through an object URL (the call needed the token header). */
function saveFile(file: DownloadedFile, fallbackName: string): string {
  const name = file.filename ?? fallbackName;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; give it a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * 导出Excel: a member whose membership opens data (VIP, 数据会员) downloads the current search as .xlsx. Anybody else is told first, by the
 * gate notice: a visitor that export needs logging in, a member which membership opens it (the
 * server refuses them with code 5 anyway).
 */
export function ExportButton({
  allowed,
  loggedIn,
  fallbackName,
  onExport,
}: {
  /** the caller's memberships open exports (免豆会员 or 数据会员) */
  allowed: boolean;
  loggedIn: boolean;
  fallbackName: string;
  onExport: () => Promise<DownloadedFile>;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const { notice, explain } = useGateNotice();
  const offerVip = () => explain(exportGate(t, loggedIn));

  const run = async () => {
    if (!allowed) {
      offerVip();
      return;
    }
    setBusy(true);
    try {
      const name = saveFile(await onExport(), fallbackName);
      void message.success(t('lots.exportDone', { name }));
    } catch (error) {
      if (error instanceof ApiError && error.code === Code.NeedVip) offerVip();
      else if (error instanceof Error) void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {t('lots.export')}
    </Button>
  );
  return (
    <>
      {allowed ? button : <HoverTooltip title={t('lots.exportVipOnly')}>{button}</HoverTooltip>}
      {notice}
    </>
  );
}
