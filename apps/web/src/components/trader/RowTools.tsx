import '../../i18n/workspace.ts';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TraderKind } from '@steelport/contracts';
import { Alert, Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { downloadOwnRows } from '../../api/trader.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { saveDownloadedFile } from '../admin/saveDownloadedFile.ts';

/** Where 导入 Excel leads: the account's import wizard, on the sheet kind of this screen. */
export const importPath = (kind: TraderKind) => `/account/import?kind=${kind}`;

/**
 * 导出: the company's own rows of `kind` as .xlsx in the import template's columns (so a trader
 * can edit the sheet and import it back). Own rows need no membership, unlike the market export.
 */
export function OwnExportButton({ kind, fallbackName }: { kind: TraderKind; fallbackName: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await downloadOwnRows(kind);
      saveDownloadedFile(file, fallbackName);
      void message.success(t('trader.exportDone', { name: file.filename ?? fallbackName }));
    } catch (error) {
      if (error instanceof Error) void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {t('trader.export')}
    </Button>
  );
}

/** 导入 Excel: a link (it opens another screen) drawn as a button, routed inside the app. */
export function ImportButton({ kind }: { kind: TraderKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      href={importPath(kind)}
      icon={<UploadOutlined />}
      onClick={(event) => {
        event.preventDefault();
        void navigate(importPath(kind));
      }}
    >
      {t('trader.importExcel')}
    </Button>
  );
}

/** 新增, 导入 Excel and 导出, the actions every list of own rows starts with. */
export function RowActions({
  kind,
  addText,
  exportName,
  onAdd,
}: {
  kind: TraderKind;
  addText: string;
  exportName: string;
  onAdd: () => void;
}) {
  return (
    <div className="sp-trader__actions">
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {addText}
      </Button>
      <ImportButton kind={kind} />
      <OwnExportButton kind={kind} fallbackName={exportName} />
    </div>
  );
}

/**
 * The empty list: with nothing published yet it says so and offers both ways to start (新增 or
 * 导入 Excel); a search or tab that matches nothing says only that.
 */
export function RowsEmpty({
  kind,
  lead,
  noMatch,
  filtered,
  onAdd,
}: {
  kind: TraderKind;
  lead: string;
  noMatch: string;
  filtered: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Empty
      className="sp-trader__empty"
      description={
        filtered ? (
          noMatch
        ) : (
          <span>
            {lead}{' '}
            <Button type="link" className="sp-trader__inline-link" onClick={onAdd}>
              {t('trader.add')}
            </Button>{' '}
            {t('trader.or')}{' '}
            <Link to={importPath(kind)} className="sp-trader__inline-link">
              {t('trader.importExcel')}
            </Link>
          </span>
        )
      }
    />
  );
}

/** A list that could not load: the server's message and a way to ask again. */
export function RowsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('trader.loadError', { message })}
      action={
        <Button size="small" onClick={onRetry}>
          {t('trader.retry')}
        </Button>
      }
    />
  );
}
