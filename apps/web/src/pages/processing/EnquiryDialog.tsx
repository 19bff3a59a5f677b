import '../../i18n/services.ts';
import { PROCESSING_LIMITS, type ProcessingEnquiryResult, type ProcessingOffer } from '@steelport/contracts';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useEnquire } from '../../api/processing.ts';
import { formatTonnesText } from '../../lib/numbers.ts';

/** The dialog open on an offer: joining its group order, or enquiring. */
export interface Dialog {
  offer: ProcessingOffer;
  mode: 'join' | 'enquire';
}

/** The join or enquiry dialog; once answered it shows the plant's contact. */
export function EnquiryDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { t } = useTranslation();
  const enquire = useEnquire();
  const [form] = Form.useForm<{ tonnes?: number; remark?: string }>();
  const [result, setResult] = useState<ProcessingEnquiryResult | null>(null);
  const { offer, mode } = dialog;
  const max = offer.group ? offer.group.leftTonnes + (offer.myTonnes ?? 0) : 0;
  const joining = mode === 'join';

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const answer = await enquire.mutateAsync({
        offerId: offer.id,
        ...(joining && { tonnes: values.tonnes }),
        remark: values.remark?.trim() || undefined,
      });
      setResult(answer);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      form.setFields([{ name: joining ? 'tonnes' : 'remark', errors: [message] }]);
    }
  };

  return (
    <Modal
      open
      title={t(joining ? 'processing.joinTitle' : 'processing.enquireTitle', { plant: offer.plantName })}
      onCancel={onClose}
      width={440}
      footer={
        result
          ? [
              <Button key="close" type="primary" onClick={onClose}>
                {t('processing.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t('cloud.cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={enquire.isPending} onClick={() => void submit()}>
                {t(joining ? 'processing.submitJoin' : 'processing.submitEnquire')}
              </Button>,
            ]
      }
    >
      {result ? (
        <div className="sp-process__result" data-testid="process-contact">
          <p className="sp-process__done">
            {result.myTonnes !== null && joining
              ? t('processing.joined', { tonnes: formatTonnesText(result.myTonnes) })
              : t('processing.enquired')}
          </p>
          <h4>{t('processing.contactTitle')}</h4>
          <dl className="sp-process__contact">
            <dt>{t('processing.contactName')}</dt>
            <dd>{result.contactName}</dd>
            <dt>{t('processing.contactPhone')}</dt>
            <dd>
              <a href={`tel:${result.contactPhone}`}>{result.contactPhone}</a>
            </dd>
            <dt>{t('processing.address')}</dt>
            <dd lang="zh">{result.address || result.city}</dd>
          </dl>
        </div>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ tonnes: offer.myTonnes ?? undefined }}>
          {joining && (
            <Form.Item
              name="tonnes"
              label={t('processing.tonnes')}
              extra={t('processing.tonnesHint', { max: formatTonnesText(max) })}
              rules={[{ required: true, message: t('processing.tonnesRequired') }]}
            >
              <InputNumber<number>
                min={1}
                max={max}
                precision={0}
                step={1}
                className="sp-process__tonnes"
                autoFocus
              />
            </Form.Item>
          )}
          <Form.Item name="remark" label={t('processing.remark')}>
            <Input.TextArea
              rows={2}
              maxLength={PROCESSING_LIMITS.remarkLength}
              placeholder={t('processing.remarkPlaceholder')}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
