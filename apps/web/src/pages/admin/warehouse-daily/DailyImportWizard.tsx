import '../../../i18n/adminMarket.ts';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  ADMIN_MARKET_LIMITS as L,
  type RowError,
  type WarehouseDailyImportPreview,
  type WarehouseDailyImportResult,
  type WarehouseDailySheetRow,
} from '@steelport/contracts';
import { Alert, Button, Modal, Result, Space, Steps, Table, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadDailyTemplate, useDailyImport } from '../../../api/adminMarket.ts';
import { saveDownloadedFile } from '../../../components/admin/saveDownloadedFile.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatCount, formatPrice, formatTonnes } from '../../../lib/numbers.ts';

type Step = 'upload' | 'preview' | 'done';
const STEPS: Step[] = ['upload', 'preview', 'done'];

/**
 * 导入仓库日报: 上传 (the rules and the template first) → 检查 (counts, every row error with its
 * row and column, the first rows as they will be written; nothing written) → 完成. A sheet with
 * any error cannot be committed: the server writes all rows or none, and checks them again.
 */
export function DailyImportWizard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const sheet = useDailyImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<WarehouseDailyImportPreview | null>(null);
  const [result, setResult] = useState<WarehouseDailyImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const step: Step = result ? 'done' : preview ? 'preview' : 'upload';

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = async (chosen: File) => {
    reset();
    setFile(chosen);
    try {
      setPreview(await sheet.preview.mutateAsync(chosen));
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const commit = async () => {
    if (!file) return;
    setError(null);
    try {
      setResult(await sheet.commit.mutateAsync(file));
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const template = async () => {
    try {
      saveDownloadedFile(await downloadDailyTemplate(), t('adminMarket.import.templateFile'));
    } catch (caught) {
      void message.error((caught as Error).message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('adminMarket.import.title')}
      width={960}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          {step === 'preview' && (
            <Button onClick={reset} disabled={sheet.commit.isPending}>
              {t('adminMarket.import.again')}
            </Button>
          )}
          {step === 'preview' && preview && (
            <Button
              type="primary"
              loading={sheet.commit.isPending}
              disabled={preview.errorCount > 0 || preview.validRows === 0}
              onClick={() => void commit()}
            >
              {t('adminMarket.import.commit', { count: preview.validRows })}
            </Button>
          )}
          <Button onClick={close}>{t('adminMarket.import.close')}</Button>
        </Space>
      }
    >
      <Steps
        size="small"
        current={STEPS.indexOf(step)}
        items={STEPS.map((s) => ({ title: t(`adminMarket.import.steps.${s}`) }))}
        className="sp-admin-import__steps"
      />
      {error && <Alert type="error" showIcon title={error} className="sp-admin-import__error" />}
      {step === 'upload' && (
        <>
          <p>{t('adminMarket.import.intro', { max: formatCount(L.importRowsMax) })}</p>
          <Button icon={<DownloadOutlined />} onClick={() => void template()}>
            {t('adminMarket.import.template')}
          </Button>
          <Upload.Dragger
            className="sp-admin-import__drop"
            accept=".xlsx,.csv"
            maxCount={1}
            showUploadList={false}
            disabled={sheet.preview.isPending}
            beforeUpload={(chosen) => {
              void choose(chosen);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{sheet.preview.isPending ? t('adminMarket.import.reading') : t('adminMarket.import.drop')}</p>
          </Upload.Dragger>
        </>
      )}
      {step === 'preview' && preview && <PreviewBody preview={preview} />}
      {step === 'done' && result && (
        <Result
          status="success"
          title={t('adminMarket.import.done', result)}
          subTitle={result.recomputed ? t('adminMarket.daily.recomputed', result.recomputed) : undefined}
        />
      )}
    </Modal>
  );
}

/** The counts, the row errors (row, column, value, reason) and the first rows. */
function PreviewBody({ preview }: { preview: WarehouseDailyImportPreview }) {
  const { t } = useTranslation();
  const errorColumns: ColumnsType<RowError & { key: number }> = [
    { key: 'row', title: t('adminMarket.import.colRow'), dataIndex: 'row', width: 70 },
    {
      key: 'column',
      title: t('adminMarket.import.colColumn'),
      width: 140,
      render: (_, e) => e.column || t('adminMarket.import.wholeRow'),
    },
    { key: 'value', title: t('adminMarket.import.colValue'), dataIndex: 'value', width: 180 },
    { key: 'message', title: t('adminMarket.import.colMessage'), dataIndex: 'message' },
  ];
  const tonnes = (
    key: 'inWeight' | 'outWeight' | 'stockWeight' | 'dealWeight',
    field: 'inWeight' | 'outWeight' | 'stockWeight' | 'dealWeight',
  ) => ({
    key,
    title: `${t(`adminMarket.fields.${field}`)}(${t('adminMarket.units.tonne')})`,
    align: 'right' as const,
    render: (_: unknown, r: WarehouseDailySheetRow) => formatTonnes(r[key]),
  });
  const sampleColumns: ColumnsType<WarehouseDailySheetRow> = [
    { key: 'row', title: t('adminMarket.import.colRow'), dataIndex: 'row', width: 60 },
    {
      key: 'warehouse',
      title: t('adminMarket.daily.warehouse'),
      render: (_, r) => (
        <span>
          {r.warehouse} {r.replaces && <Tag>{t('adminMarket.import.replaces')}</Tag>}
        </span>
      ),
    },
    { key: 'product', title: t('adminMarket.daily.product'), dataIndex: 'product' },
    { key: 'day', title: t('adminMarket.daily.day'), dataIndex: 'day', width: 104 },
    tonnes('inWeight', 'inWeight'),
    tonnes('outWeight', 'outWeight'),
    tonnes('stockWeight', 'stockWeight'),
    tonnes('dealWeight', 'dealWeight'),
    {
      key: 'price',
      title: `${t('adminMarket.fields.listingPrice')}(${t('adminMarket.units.yuanPerTonne')})`,
      align: 'right',
      render: (_, r) => formatPrice(r.price) ?? t('adminMarket.daily.notReported'),
    },
  ];
  return (
    <div className="sp-admin-import__preview">
      <Alert
        type={preview.errorCount > 0 ? 'warning' : 'success'}
        showIcon
        title={t('adminMarket.import.counts', {
          rows: formatCount(preview.rows),
          valid: formatCount(preview.validRows),
          inserts: formatCount(preview.inserts),
          updates: formatCount(preview.updates),
          errors: formatCount(preview.errorCount),
        })}
        description={
          preview.from ? t('adminMarket.import.span', { from: preview.from, to: preview.to }) : undefined
        }
      />
      {preview.errorCount > 0 && (
        <section aria-label={t('adminMarket.import.errorsTitle')}>
          <h3 className="sp-admin-import__title">{t('adminMarket.import.errorsTitle')}</h3>
          {preview.errorCount > preview.errors.length && (
            <p className="sp-muted">{t('adminMarket.import.moreErrors', { shown: preview.errors.length })}</p>
          )}
          <Table
            size="small"
            rowKey="key"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={errorColumns}
            dataSource={preview.errors.map((e, key) => ({ ...e, key }))}
          />
        </section>
      )}
      {preview.sample.length > 0 && (
        <section aria-label={t('adminMarket.import.sampleTitle')}>
          <h3 className="sp-admin-import__title">{t('adminMarket.import.sampleTitle')}</h3>
          <Table
            size="small"
            rowKey="row"
            pagination={false}
            scroll={{ x: 900 }}
            columns={sampleColumns}
            dataSource={preview.sample}
          />
        </section>
      )}
    </div>
  );
}
