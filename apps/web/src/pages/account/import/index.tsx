import './import.css';
import '../../../i18n/workspace.ts';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  type ImportMode,
  type ImportPreview,
  type ImportStatus,
  type RowError,
  TRADER_KINDS,
  TRADER_LIMITS,
  type TraderKind,
} from '@steelport/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Progress, Radio, Result, Segmented, Steps, Table, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, type DownloadedFile } from '../../../api/client.ts';
import {
  downloadImportTemplate,
  useCommitImport,
  useImportStatus,
  usePreviewImport,
} from '../../../api/workspace.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatFileSize, formatLotWeight, formatPrice } from '../../../lib/numbers.ts';
import { checkSheetFile, kindFromQuery, progressPercent, sampleColumns } from './importRules.ts';

const STEPS = ['upload', 'preview', 'confirm', 'running', 'done'] as const;
type Step = (typeof STEPS)[number];

/** Where each kind is listed: the trader's own list and the public market. */
const LISTS = {
  cargo: { own: '/account/stock', market: '/wareHouse', marketLabel: 'workspace.import.toMarket' },
  surplus: { own: '/account/surplus', market: '/surplus', marketLabel: 'workspace.import.toSurplusMarket' },
  quotation: {
    own: '/account/quotations',
    market: '/beginMain',
    marketLabel: 'workspace.import.toQuotesMarket',
  },
} as const satisfies Record<TraderKind, { own: string; market: string; marketLabel: string }>;

/** Saves a downloaded file through an object URL (the call needed the token header). */
function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * /account/import?kind=cargo|surplus|quotation, the import wizard: 上传 (limits shown first, a
 * template per kind) → 预览 (counts, every row error with its row and column; nothing written) →
 * 确认 (追加 or 替换, replace confirmed) → 导入中 (progress polled every 500 ms) → 完成. A sheet
 * with errors cannot be committed: the server writes a sheet whole or not at all.
 */
export function AccountImportPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const kind = kindFromQuery(params.get('kind'));
  const kindName = t(`workspace.kinds.${kind}`);
  const isPhone = useMediaQuery(PHONE_QUERY);

  const [step, setStep] = useState<Step>('upload');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>('append');
  const [commitError, setCommitError] = useState<string | null>(null);
  const [committed, setCommitted] = useState<ImportStatus | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);

  const previewCall = usePreviewImport();
  const commitCall = useCommitImport();
  // Keyed by the import, not the step: the result screen shows the last word the poll had.
  const status = useImportStatus(committed?.importId ?? null, committed);
  const current = status.data ?? committed;

  // A new kind starts over: a preview of stock cannot be committed as quotes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the kind changes
  useEffect(() => {
    setStep('upload');
    setPreview(null);
    setUploadError(null);
    setCommitError(null);
    setCommitted(null);
    setMode('append');
  }, [kind]);

  // The poll saw the end of the import.
  useEffect(() => {
    if (step === 'running' && current && current.state !== 'running') {
      setStep('done');
      void queryClient.invalidateQueries();
    }
  }, [step, current, queryClient]);

  const pickKind = (next: TraderKind) => {
    const query = new URLSearchParams(params);
    query.set('kind', next);
    setParams(query, { replace: true });
  };

  const send = (file: File) => {
    setUploadError(null);
    const problem = checkSheetFile(file);
    if (problem?.reason === 'type') {
      setUploadError(t('workspace.import.wrongType'));
      return;
    }
    if (problem?.reason === 'size') {
      setUploadError(
        t('workspace.import.tooBig', {
          size: formatFileSize(problem.size),
          limit: formatFileSize(TRADER_LIMITS.importFileBytes),
        }),
      );
      return;
    }
    previewCall.mutate(
      { kind, file },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setCommitError(null);
          setStep('preview');
        },
        onError: (error) => setUploadError(error.message),
      },
    );
  };

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      saveFile(await downloadImportTemplate(kind), `${kindName}导入模板.xlsx`);
    } catch (error) {
      setUploadError(
        t('workspace.import.templateFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setTemplateBusy(false);
    }
  };

  const commit = () => {
    if (!preview) return;
    setCommitError(null);
    commitCall.mutate(
      { importId: preview.importId, mode },
      {
        onSuccess: (answer) => {
          setCommitted(answer);
          if (answer.state === 'running') setStep('running');
          else {
            setStep('done');
            void queryClient.invalidateQueries();
          }
        },
        onError: (error) =>
          setCommitError(
            error instanceof ApiError && error.status === 404 ? t('workspace.import.expired') : error.message,
          ),
      },
    );
  };

  const confirmCommit = () => {
    if (mode !== 'replace' || !preview) {
      commit();
      return;
    }
    modal.confirm({
      title: t('workspace.import.replaceConfirmTitle', { kind: kindName }),
      content: t('workspace.import.replaceConfirm', { kind: kindName, count: preview.valid }),
      okText: t('workspace.import.replaceOk'),
      okButtonProps: { danger: true },
      cancelText: t('workspace.import.cancel'),
      onOk: commit,
    });
  };

  const restart = () => {
    setStep('upload');
    setPreview(null);
    setCommitted(null);
    setCommitError(null);
    setUploadError(null);
  };

  const dragger = (
    <Upload.Dragger
      accept=".xlsx,.csv"
      multiple={false}
      showUploadList={false}
      disabled={previewCall.isPending}
      // The wizard sends the file itself: antd's own request would bypass the API client.
      beforeUpload={(file) => {
        send(file);
        return Upload.LIST_IGNORE;
      }}
      className="sp-import__drop"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">
        {previewCall.isPending ? t('workspace.import.reading') : t('workspace.import.uploadDrag')}
      </p>
      <p className="ant-upload-hint">
        {t('workspace.import.uploadHint', {
          size: formatFileSize(TRADER_LIMITS.importFileBytes),
          rows: formatCount(TRADER_LIMITS.importRowsMax),
        })}
      </p>
    </Upload.Dragger>
  );

  const blocked = preview !== null && (preview.errorCount > 0 || preview.valid === 0);

  return (
    <section className="sp-box" aria-labelledby="import-title">
      <h2 className="sp-box__title" id="import-title">
        {t('workspace.import.title', { kind: kindName })}
        <Link to={LISTS[kind].own} className="sp-import__titlelink">
          {t('workspace.import.toList', { kind: kindName })}
        </Link>
      </h2>
      <div className="sp-box__body sp-import">
        <Segmented<TraderKind>
          aria-label={t('workspace.import.kindLabel')}
          className="sp-import__kinds"
          value={kind}
          disabled={step === 'running'}
          onChange={pickKind}
          options={TRADER_KINDS.map((value) => ({ value, label: t(`workspace.kinds.${value}`) }))}
        />
        <Steps
          className="sp-import__steps"
          size="small"
          responsive={false}
          titlePlacement="vertical"
          current={STEPS.indexOf(step)}
          status={step === 'done' ? (current?.state === 'failed' ? 'error' : 'finish') : undefined}
          items={STEPS.map((key) => ({ title: t(`workspace.import.steps.${key}`) }))}
        />

        {step === 'upload' && (
          <div className="sp-import__stage">
            {dragger}
            <Button
              icon={<DownloadOutlined />}
              loading={templateBusy}
              onClick={() => void getTemplate()}
              className="sp-import__template"
            >
              {t('workspace.import.template', { kind: kindName })}
            </Button>
            {uploadError && <Alert type="error" showIcon title={uploadError} role="alert" />}
          </div>
        )}

        {step === 'preview' && preview && (
          <div className="sp-import__stage">
            <PreviewCounts t={t} preview={preview} />
            {blocked ? (
              <>
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  title={
                    preview.valid === 0 && preview.errorCount === 0
                      ? t('workspace.import.noRows')
                      : t('workspace.import.fixAndReupload')
                  }
                  description={
                    preview.errorCount > 0
                      ? t('workspace.import.fixHint', { count: preview.errorCount })
                      : undefined
                  }
                />
                {preview.errorCount > 0 && <ErrorList t={t} preview={preview} isPhone={isPhone} />}
                <h3 className="sp-import__subtitle">{t('workspace.import.reupload')}</h3>
                {dragger}
                {uploadError && <Alert type="error" showIcon title={uploadError} role="alert" />}
              </>
            ) : (
              <SampleList t={t} preview={preview} isPhone={isPhone} />
            )}
            <div className="sp-import__actions">
              <Button onClick={restart}>{t('workspace.import.back')}</Button>
              <Button type="primary" disabled={blocked} onClick={() => setStep('confirm')}>
                {t('workspace.import.next')}
              </Button>
            </div>
          </div>
        )}

        {step === 'confirm' && preview && (
          <div className="sp-import__stage">
            <p>{t('workspace.import.file', { name: preview.fileName })}</p>
            <fieldset className="sp-import__modes">
              <legend>{t('workspace.import.modeTitle')}</legend>
              <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as ImportMode)}>
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
              <Button onClick={() => setStep('preview')}>{t('workspace.import.back')}</Button>
              {commitError === t('workspace.import.expired') ? (
                <Button type="primary" onClick={restart}>
                  {t('workspace.import.reupload')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  danger={mode === 'replace'}
                  loading={commitCall.isPending}
                  onClick={confirmCommit}
                >
                  {t('workspace.import.commit')}
                </Button>
              )}
            </div>
          </div>
        )}

        {step === 'running' && current && (
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
        )}

        {step === 'done' && current && (
          <Result
            className="sp-import__result"
            status={current.state === 'failed' ? 'error' : 'success'}
            title={
              current.state === 'failed' ? t('workspace.import.failedTitle') : t('workspace.import.doneTitle')
            }
            subTitle={
              current.state === 'failed'
                ? current.message
                : t('workspace.import.doneText', {
                    inserted: formatCount(current.inserted),
                    removed: formatCount(current.removed),
                  })
            }
            extra={[
              <Link key="own" to={LISTS[kind].own} className="sp-buttonlink">
                {t('workspace.import.toList', { kind: kindName })}
              </Link>,
              <Link key="market" to={LISTS[kind].market}>
                {t(LISTS[kind].marketLabel)}
              </Link>,
              <Button key="again" type="link" onClick={restart}>
                {t('workspace.import.again')}
              </Button>,
            ]}
          />
        )}
      </div>
    </section>
  );
}

/** 数据行 / 无误 / 有误 of the uploaded sheet. */
function PreviewCounts({ t, preview }: { t: TFunction; preview: ImportPreview }) {
  return (
    <>
      <p className="sp-import__file">{t('workspace.import.file', { name: preview.fileName })}</p>
      <dl className="sp-import__counts" data-testid="import-counts">
        <div>
          <dt>{t('workspace.import.rows')}</dt>
          <dd>{formatCount(preview.rows)}</dd>
        </div>
        <div>
          <dt>{t('workspace.import.valid')}</dt>
          <dd className="sp-import__count--ok">{formatCount(preview.valid)}</dd>
        </div>
        <div>
          <dt>{t('workspace.import.errors')}</dt>
          <dd className={preview.errorCount > 0 ? 'sp-import__count--bad' : undefined}>
            {formatCount(preview.errorCount)}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** Every listed error: row, column, the cell's text and the reason; cards on a phone. */
function ErrorList({ t, preview, isPhone }: { t: TFunction; preview: ImportPreview; isPhone: boolean }) {
  const more = preview.errorCount > preview.errors.length;
  return (
    <div className="sp-import__errors">
      <h3 className="sp-import__subtitle">
        {t('workspace.import.errorsTitle')}
        {more && (
          <span className="sp-muted">
            {t('workspace.import.errorsShown', {
              count: preview.errorCount,
              shown: preview.errors.length,
            })}
          </span>
        )}
      </h3>
      {isPhone ? (
        <ol className="sp-import__cards" data-testid="import-errors">
          {preview.errors.map((error, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several errors in one column
            <li key={i} className="sp-import__card">
              <strong>
                {t('workspace.import.rowN', { row: error.row })} ·{' '}
                {error.column || t('workspace.import.wholeRow')}
              </strong>
              {error.value && <code className="sp-import__value">{error.value}</code>}
              <span className="sp-import__reason">{error.message}</span>
            </li>
          ))}
        </ol>
      ) : (
        <Table<RowError & { key: number }>
          data-testid="import-errors"
          size="small"
          pagination={preview.errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          dataSource={preview.errors.map((error, key) => ({ ...error, key }))}
          columns={[
            { key: 'row', title: t('workspace.import.colRow'), dataIndex: 'row', width: 70 },
            {
              key: 'column',
              title: t('workspace.import.colColumn'),
              width: 110,
              render: (_, error) => error.column || t('workspace.import.wholeRow'),
            },
            {
              key: 'value',
              title: t('workspace.import.colValue'),
              width: 200,
              render: (_, error) => <span className="sp-import__value">{error.value}</span>,
            },
            { key: 'message', title: t('workspace.import.colReason'), dataIndex: 'message' },
          ]}
        />
      )}
    </div>
  );
}

/** A sample cell: figures through the portal's number format, 0 price as 电议. */
function sampleCell(t: TFunction, key: string, value: string | number | undefined): string {
  if (typeof value !== 'number') return value ?? '';
  if (key === 'price') return formatPrice(value) ?? t('workspace.import.callForPrice');
  if (key === 'weight') return formatLotWeight(value);
  return formatCount(value);
}

/** The first valid rows as they will be published. */
function SampleList({ t, preview, isPhone }: { t: TFunction; preview: ImportPreview; isPhone: boolean }) {
  const columns = sampleColumns(preview.sample, preview.columns);
  if (preview.sample.length === 0) return null;
  return (
    <div className="sp-import__sample">
      <h3 className="sp-import__subtitle">{t('workspace.import.sampleTitle')}</h3>
      {isPhone ? (
        <ol className="sp-import__cards">
          {preview.sample.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no id
            <li key={i} className="sp-import__card">
              {columns.map((column) => (
                <span key={column.key} className="sp-import__pair">
                  <span className="sp-muted">{column.label}</span>{' '}
                  {sampleCell(t, column.key, row[column.key])}
                </span>
              ))}
            </li>
          ))}
        </ol>
      ) : (
        <Table<Record<string, string | number> & { __key: number }>
          size="small"
          rowKey="__key"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={preview.sample.map((row, i) => ({ ...row, __key: i }))}
          columns={columns.map((column) => ({
            key: column.key,
            title: column.label,
            dataIndex: column.key,
            render: (value: string | number | undefined) => sampleCell(t, column.key, value),
          }))}
        />
      )}
    </div>
  );
}
