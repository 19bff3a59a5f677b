import '../../../i18n/workspace.ts';
import type { ImportPreview } from '@steelport/contracts';
import { Alert, Button, Radio, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatLotWeight, formatPrice } from '../../../lib/numbers.ts';
import { sampleColumns } from './importRules.ts';
import { SheetRows } from './SheetRows.tsx';
import { SheetDrop, UploadError } from './UploadStep.tsx';
import type { ImportWizard } from './useImportWizard.ts';

/**
 * 预览: the counts; for a sheet with errors, the choice between fixing it (all or nothing, the
 * default: nothing can be committed, drop the fixed sheet again) and importing only its good rows;
 * every row of the sheet page by page with its errors (`SheetRows`); the first valid rows as they
 * will be published; and 上一步 / 下一步.
 */
export function PreviewStep({ wizard, preview }: { wizard: ImportWizard; preview: ImportPreview }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const hasErrors = preview.errorCount > 0;
  return (
    <div className="sp-import__stage">
      <PreviewCounts t={t} preview={preview} />
      {preview.valid === 0 && !hasErrors && (
        <Alert type="error" showIcon role="alert" title={t('workspace.import.noRows')} />
      )}
      {hasErrors && (
        <Alert
          type={wizard.blocked ? 'error' : 'warning'}
          showIcon
          role="alert"
          title={wizard.blocked ? t('workspace.import.fixAndReupload') : t('workspace.import.skipTitle')}
          description={
            wizard.blocked
              ? t('workspace.import.fixHint', { count: preview.errorCount })
              : t('workspace.import.skipHint', { valid: preview.valid, count: preview.errorCount })
          }
        />
      )}
      {hasErrors && preview.valid > 0 && <ErrorChoice wizard={wizard} preview={preview} />}
      <SheetRows preview={preview} />
      {preview.valid > 0 && <SampleList t={t} preview={preview} isPhone={isPhone} />}
      {wizard.blocked && (
        <>
          <h3 className="sp-import__subtitle">{t('workspace.import.reupload')}</h3>
          <SheetDrop wizard={wizard} />
          <UploadError wizard={wizard} />
        </>
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

/** A sheet with errors: fix them all first (the default), or import only the rows without. */
function ErrorChoice({ wizard, preview }: { wizard: ImportWizard; preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <fieldset className="sp-import__modes">
      <legend>{t('workspace.import.errorChoice')}</legend>
      <Radio.Group
        value={wizard.skipErrors ? 'skip' : 'all'}
        onChange={(event) => wizard.setSkipErrors(event.target.value === 'skip')}
      >
        <Radio value="all">{t('workspace.import.choiceAll')}</Radio>
        <Radio value="skip">
          {t('workspace.import.choiceSkip', { valid: preview.valid, count: preview.errorCount })}
        </Radio>
      </Radio.Group>
    </fieldset>
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
