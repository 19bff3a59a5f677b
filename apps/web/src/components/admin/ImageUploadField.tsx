import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../i18n/adminContent.ts';
import { Upload } from '../upload/Upload.tsx';
import type { AdminImage } from './adminForm.ts';

const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

export interface ImageUploadFieldProps {
  value?: AdminImage;
  onChange?: (image: AdminImage) => void;
  /** what the picture is (封面图, 广告图片): labels the control */
  label: string;
  id?: string;
}

/**
 * A form control holding one picture: the current picture with 移除图片, and the portal's one
 * upload control (`components/upload/Upload.tsx`, as the inspection request uses it) to pick or
 * drop a new one. The value keeps the upload id the write sends (the server publishes that file)
 * and the link the preview shows. Works inside `Form.Item` (value/onChange).
 */
export function ImageUploadField({ value, onChange, label, id }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="sp-admin-image" id={id}>
      {value ? (
        <div className="sp-admin-image__current">
          <img src={value.url} alt={label} className="sp-admin-image__preview" data-testid="image-preview" />
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('adminContent.image.remove')}
          </Button>
        </div>
      ) : (
        <p className="sp-admin-image__none">{t('adminContent.image.none')}</p>
      )}
      {/* A new picture replaces the list: the preview above shows what is kept. */}
      <Upload
        key={value?.url ?? ''}
        label={label}
        accept={IMAGE_ACCEPT}
        limit={1}
        tip={t('adminContent.image.tip')}
        onSuccess={(_, stored) => onChange?.({ uploadId: stored.id, url: stored.url })}
      />
    </div>
  );
}
