import type { ImportPreview, RowError } from '@steelport/contracts';
import { Alert, Button, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatLotWeight, formatPrice } from '../../../lib/numbers.ts';
import { sampleColumns } from './importRules.ts';
import { SheetDrop, UploadError } from './UploadStep.tsx';
import type { ImportWizard } from './useImportWizard.ts';

/**
 * 预览: the counts, then either every row error (nothing can be committed; fix the sheet and drop
 * it again) or the first valid rows as they will be published, and 上一步 / 下一步.
 */
export function PreviewStep({ wizard, preview }: { wizard: ImportWizard; preview: ImportPreview }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  return (
    <div className="sp-import__stage">
      <PreviewCounts t={t} preview={preview} />
      {wizard.blocked ? (
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
          <SheetDrop wizard={wizard} />
          <UploadError wizard={wizard} />
        </>
      ) : (
        <SampleList t={t} preview={preview} isPhone={isPhone} />
      )}
      <div className="sp-import__actions">
        <Button onClick={wizard.restart}>{t('workspace.import.back')}</Button>
        <Button type="primary" disabled={wizard.blocked} onClick={() => wizard.setStep('confirm')}>
          {t('workspace.import.next')}
        </Button>
      </div>
    </div>
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
