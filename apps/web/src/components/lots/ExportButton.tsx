import { DownloadOutlined } from '@ant-design/icons';
import { Code } from '@steelport/contracts';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, type DownloadedFile } from '../../api/client.ts';

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
 * 导出Excel: a VIP downloads the current search as .xlsx; anybody else is told it is a VIP
 * feature and pointed to /vipopen (the server refuses them with code 5 anyway).
 */
export function ExportButton({
  isVip,
  fallbackName,
  onExport,
}: {
  isVip: boolean;
  fallbackName: string;
  onExport: () => Promise<DownloadedFile>;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const offerVip = () =>
    modal.confirm({
      title: t('lots.exportVipOnly'),
      content: t('lots.exportVipText'),
      okText: t('lots.contact.buyVip'),
      cancelText: t('lots.contact.cancel'),
      onOk: () => void navigate('/vipopen'),
    });

  const run = async () => {
    if (!isVip) {
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
  return isVip ? button : <Tooltip title={t('lots.exportVipOnly')}>{button}</Tooltip>;
}
