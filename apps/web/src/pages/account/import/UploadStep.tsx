import '../../../i18n/workspace.ts';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { TRADER_LIMITS } from '@steelport/contracts';
import { Alert, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatFileSize } from '../../../lib/numbers.ts';
import type { ImportWizard } from './useImportWizard.ts';

/** The drop zone of a sheet, with the limits; the first step and the preview's 重新上传 show it. */
export function SheetDrop({ wizard }: { wizard: ImportWizard }) {
  const { t } = useTranslation();
  return (
    <Upload.Dragger
      accept=".xlsx,.csv"
      multiple={false}
      showUploadList={false}
      disabled={wizard.reading}
      // The wizard sends the file itself: antd's own request would bypass the API client.
      beforeUpload={(file) => {
        wizard.send(file);
        return Upload.LIST_IGNORE;
      }}
      className="sp-import__drop"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">
        {wizard.reading ? t('workspace.import.reading') : t('workspace.import.uploadDrag')}
      </p>
      <p className="ant-upload-hint">
        {t('workspace.import.uploadHint', {
          size: formatFileSize(TRADER_LIMITS.importFileBytes),
          rows: formatCount(TRADER_LIMITS.importRowsMax),
        })}
      </p>
    </Upload.Dragger>
  );
}

/** A refusal of the picked file (type, size, the server's answer) or of the template download. */
export function UploadError({ wizard }: { wizard: ImportWizard }) {
  return wizard.uploadError ? <Alert type="error" showIcon title={wizard.uploadError} role="alert" /> : null;
}

/** 上传: the drop zone, the kind's template, and why a file was refused. */
export function UploadStep({ wizard }: { wizard: ImportWizard }) {
  const { t } = useTranslation();
  return (
    <div className="sp-import__stage">
      <SheetDrop wizard={wizard} />
      <Button
        icon={<DownloadOutlined />}
        loading={wizard.templateBusy}
        onClick={() => void wizard.getTemplate()}
        className="sp-import__template"
      >
        {t('workspace.import.template', { kind: wizard.kindName })}
      </Button>
      <UploadError wizard={wizard} />
    </div>
  );
}
