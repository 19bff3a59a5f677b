import '../../../i18n/workspace.ts';
import { DownloadOutlined } from '@ant-design/icons';
import type { ImportMode, ImportPreview, ImportStatus } from '@steelport/contracts';
import { Alert, Button, Progress, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadLeftOutRows } from '../../../api/workspace.ts';
import { saveDownloadedFile } from '../../../components/admin/saveDownloadedFile.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { StatusResult } from '../../../components/StatusResult.tsx';
import { formatCount } from '../../../lib/numbers.ts';
import { KIND_LISTS, progressPercent } from './importRules.ts';
import type { ImportWizard } from './useImportWizard.ts';

/** 确认: 追加 or 替换 (a replace is confirmed once more), then 导入. */
export function ConfirmStep({ wizard, preview }: { wizard: ImportWizard; preview: ImportPreview }) {
  const { t } = useTranslation();
  const { kind, kindName, mode, commitError } = wizard;
  return (
    <div className="sp-import__stage">
      <p>{t('workspace.import.file', { name: preview.fileName })}</p>
      {wizard.skipErrors && preview.errorCount > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('workspace.import.skipHint', { valid: preview.valid, count: preview.errorCount })}
        />
      )}
      <fieldset className="sp-import__modes">
        <legend>{t('workspace.import.modeTitle')}</legend>
        <Radio.Group value={mode} onChange={(event) => wizard.setMode(event.target.value as ImportMode)}>
          <Radio value="append">
            {t('workspace.import.modeAppend', { kind: kindName, count: preview.valid })}
          </Radio>
          <Radio value="replace">
            {kind === 'quotation'
              ? t('workspace.import.modeReplaceQuotation')
              : t('workspace.import.modeReplace', { kind: kindName })}
          </Radio>
        </Radio.Group>
      </fieldset>
      {commitError && <Alert type="error" showIcon title={commitError} role="alert" />}
      <div className="sp-import__actions">
        <Button onClick={() => wizard.setStep('preview')}>{t('workspace.import.back')}</Button>
        {commitError === t('workspace.import.expired') ? (
          <Button type="primary" onClick={wizard.restart}>
            {t('workspace.import.reupload')}
          </Button>
        ) : (
          <Button
            type="primary"
            danger={mode === 'replace'}
            loading={wizard.committing}
            onClick={wizard.confirmCommit}
          >
            {t('workspace.import.commit')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** 导入中: the progress the poll reports; the trader may leave, the import goes on. */
export function RunningStep({ wizard, current }: { wizard: ImportWizard; current: ImportStatus }) {
  const { t } = useTranslation();
  const { status } = wizard;
  return (
    <div className="sp-import__stage" role="status">
      <Progress percent={progressPercent(current.processed, current.total)} status="active" />
      <p>
        {t('workspace.import.running', {
          processed: formatCount(current.processed),
          total: formatCount(current.total),
        })}
      </p>
      <p className="sp-muted">{t('workspace.import.runningHint')}</p>
      {status.isError && <LoadError error={status.error} onRetry={status.refetch} type="warning" />}
    </div>
  );
}

/** The rows an import left out (skipErrors): how many, and their sheet to fix and upload again. */
function LeftOutRows({ current }: { current: ImportStatus }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      saveDownloadedFile(await downloadLeftOutRows(current.importId), t('workspace.import.leftOutFile'));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sp-import__leftout">
      <p>{t('workspace.import.leftOutText', { count: formatCount(current.skipped) })}</p>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void save()}>
        {t('workspace.import.leftOutDownload', { count: formatCount(current.skipped) })}
      </Button>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </div>
  );
}

/** 完成: what was written (or why it failed), the rows left out, and where to go next. */
export function DoneStep({ wizard, current }: { wizard: ImportWizard; current: ImportStatus }) {
  const { t } = useTranslation();
  const lists = KIND_LISTS[wizard.kind];
  return (
    <StatusResult
      className="sp-import__result"
      status={current.state === 'failed' ? 'error' : 'success'}
      title={current.state === 'failed' ? t('workspace.import.failedTitle') : t('workspace.import.doneTitle')}
      subTitle={
        current.state === 'failed'
          ? current.message
          : t('workspace.import.doneText', {
              inserted: formatCount(current.inserted),
              removed: formatCount(current.removed),
            })
      }
      extra={[
        <Link key="own" to={lists.own} className="sp-buttonlink">
          {t('workspace.import.toList', { kind: wizard.kindName })}
        </Link>,
        <Link key="market" to={lists.market}>
          {t(lists.marketLabel)}
        </Link>,
        <Button key="again" type="link" onClick={wizard.restart}>
          {t('workspace.import.again')}
        </Button>,
      ]}
    >
      {current.state === 'done' && current.skipped > 0 && <LeftOutRows current={current} />}
    </StatusResult>
  );
}
