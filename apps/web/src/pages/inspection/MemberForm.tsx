import '../../i18n/services.ts';
import {
  ACCOUNT_LIMITS,
  Code,
  INSPECTION_LIMITS,
  type InspectionRegions,
  PHONE_PATTERN,
  UPLOAD_ACCEPT,
  UPLOAD_LIMITS,
  type UploadedFile,
} from '@steelport/contracts';
import { Alert, Button, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useRequestInspection } from '../../api/inspection.ts';
import { useMyInfo } from '../../api/user.ts';
import { noBeansGate, useGateNotice } from '../../components/GateNotice.tsx';
import { LazyDatePicker } from '../../components/LazyDatePicker.tsx';
import { Upload } from '../../components/upload/Upload.tsx';
import type { UploadFileEntry } from '../../components/upload/uploadRules.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { formatCount, formatFileSize } from '../../lib/numbers.ts';
import { coilProblem, splitCoils } from './coils.ts';

interface FormValues {
  warehouseId: number;
  coils: string;
  requestedDate: Dayjs;
  contactName: string;
  contactPhone: string;
  remark?: string;
}

const newKey = () => `insp-${crypto.randomUUID()}`;

/** The request form of a member (RequestForm.tsx loads it when a member opens the screen). */
export function MemberForm({
  regions,
  warehouseId,
}: {
  regions: InspectionRegions | undefined;
  warehouseId: number | null;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const me = useMyInfo();
  const send = useRequestInspection();
  const gate = useGateNotice();
  const [files, setFiles] = useState<UploadFileEntry[]>([]);
  const [requestKey, setRequestKey] = useState(newKey);
  const [uploadRound, setUploadRound] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (warehouseId !== null) form.setFieldValue('warehouseId', warehouseId);
  }, [warehouseId, form]);
  useEffect(() => {
    if (!me.data) return;
    if (!form.getFieldValue('contactName')) form.setFieldValue('contactName', me.data.linkMan);
    if (!form.getFieldValue('contactPhone')) form.setFieldValue('contactPhone', me.data.phone);
  }, [me.data, form]);

  const options = useMemo(
    () =>
      (regions?.regions ?? []).map((r) => ({
        label: r.region,
        title: r.region,
        options: r.warehouses.map((w) => ({ value: w.id, label: `${w.city} · ${w.name}` })),
      })),
    [regions],
  );
  const onFiles = useCallback((list: UploadFileEntry[]) => setFiles(list), []);
  const uploading = files.some((f) => f.status === 'uploading' || f.status === 'ready');
  const cost = regions?.beansPerRequest ?? 0;
  const today = dayjs().startOf('day');

  const submit = async (values: FormValues) => {
    setError(null);
    try {
      const made = await send.mutateAsync({
        warehouseId: values.warehouseId,
        coilNumbers: splitCoils(values.coils),
        cargoIds: [],
        requestedDate: values.requestedDate.format('YYYY-MM-DD'),
        contactName: values.contactName.trim(),
        contactPhone: values.contactPhone.trim(),
        remark: values.remark?.trim() ?? '',
        attachmentIds: files
          .filter((f) => f.status === 'success')
          .map((f) => (f.response as UploadedFile).id),
        requestKey,
      });
      void message.success(t('inspection.sent', { id: made.id }));
      form.resetFields(['coils', 'remark']);
      setRequestKey(newKey());
      setUploadRound((n) => n + 1);
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.NeedVip) gate.explain(noBeansGate(t, err.message));
      else if (err instanceof ApiError && err.code !== Code.NeedLogin) setError(err.message);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={submit}
      initialValues={{ requestedDate: today.add(1, 'day') }}
      data-testid="inspection-form"
    >
      <Form.Item
        name="warehouseId"
        label={t('inspection.warehouse')}
        rules={[{ required: true, message: t('inspection.warehousePlaceholder') }]}
      >
        <Select
          options={options}
          placeholder={t('inspection.warehousePlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          loading={!regions}
          aria-label={t('inspection.warehouse')}
        />
      </Form.Item>
      <Form.Item
        name="coils"
        label={t('inspection.coils')}
        required
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = coilProblem(value);
              if (!problem) return Promise.resolve();
              if (problem.kind === 'empty') return Promise.reject(new Error(t('inspection.coilsRequired')));
              if (problem.kind === 'tooMany')
                return Promise.reject(
                  new Error(t('inspection.coilsTooMany', { count: INSPECTION_LIMITS.coilsMax })),
                );
              return Promise.reject(new Error(t('inspection.coilsBad', { coil: problem.coil })));
            },
          },
        ]}
      >
        <Input.TextArea rows={3} placeholder={t('inspection.coilsPlaceholder')} maxLength={2000} />
      </Form.Item>
      <div className="sp-inspection__row">
        <Form.Item
          name="requestedDate"
          label={t('inspection.date')}
          rules={[{ required: true, message: t('inspection.date') }]}
        >
          <LazyDatePicker
            className="sp-inspection__date"
            allowClear={false}
            disabledDate={(d) =>
              d.isBefore(today) || d.isAfter(today.add(INSPECTION_LIMITS.daysAheadMax, 'day'))
            }
          />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={t('inspection.contactName')}
          rules={[{ required: true, whitespace: true, message: t('inspection.contactName') }]}
        >
          <Input maxLength={INSPECTION_LIMITS.contactNameMax} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('inspection.contactPhone')}
          rules={[{ required: true, pattern: new RegExp(PHONE_PATTERN), message: t('inspection.phoneBad') }]}
        >
          <Input maxLength={ACCOUNT_LIMITS.phoneLength} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
      </div>
      <Form.Item name="remark" label={t('inspection.remark')}>
        <Input.TextArea
          rows={2}
          maxLength={INSPECTION_LIMITS.remarkMax}
          showCount
          placeholder={t('inspection.remarkPlaceholder')}
        />
      </Form.Item>
      <div className="sp-inspection__attachments">
        <span className="sp-inspection__label">{t('inspection.attachments')}</span>
        <Upload
          key={uploadRound}
          label={t('inspection.attachments')}
          accept={UPLOAD_ACCEPT}
          limit={UPLOAD_LIMITS.maxFiles}
          maxSize={UPLOAD_LIMITS.maxBytes}
          drag
          tip={t('inspection.attachmentsTip', {
            size: formatFileSize(UPLOAD_LIMITS.maxBytes),
            count: UPLOAD_LIMITS.maxFiles,
          })}
          onChange={onFiles}
        />
      </div>
      <p className="sp-inspection__cost" data-testid="inspection-cost">
        {regions?.isVip
          ? t('inspection.costVip')
          : t('inspection.costMember', {
              beans: cost,
              balance: formatCount(regions?.beans ?? me.data?.beans ?? 0),
            })}
      </p>
      {error && <Alert type="error" showIcon title={error} className="sp-inspection__error" />}
      <Button
        type="primary"
        htmlType="submit"
        loading={send.isPending}
        disabled={uploading}
        className="sp-inspection__submit"
        title={uploading ? t('inspection.uploading') : undefined}
      >
        {regions?.isVip ? t('inspection.submitFree') : t('inspection.submitCost', { beans: cost })}
      </Button>
      {gate.notice}
    </Form>
  );
}
