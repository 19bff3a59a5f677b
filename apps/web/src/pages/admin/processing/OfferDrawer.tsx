import '../../../i18n/adminServices.ts';
import {
  type AdminOfferBody,
  type AdminOfferRow,
  ADMIN_SERVICES_LIMITS as L,
  PROCESSING_LINE_TYPES,
  type ProcessingLineType,
} from '@steelport/contracts';
import { Checkbox, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { bodyOfOffer } from './offerBody.ts';

interface OfferForm {
  plantName: string;
  lineType: ProcessingLineType;
  thicknessMin: number;
  thicknessMax: number;
  widthMin: number;
  widthMax: number;
  city: string;
  address?: string;
  price: number;
  freeCapacityTonnes: number;
  groupTargetTonnes: number;
  groupDeadline: Dayjs | null;
  groupOpen: boolean;
  contactName: string;
  contactPhone: string;
  intro?: string;
  sort: number;
  active: boolean;
}

/** 新建/编辑加工报价. */
export function OfferDrawer({
  editing,
  onClose,
  onSave,
}: {
  editing: AdminOfferRow | 'new' | null;
  onClose: () => void;
  onSave: (id: number | null, body: AdminOfferBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OfferForm>();
  const row = editing && editing !== 'new' ? editing : null;
  const f = 'adminServices.processing.field';
  const initial = useMemo<Partial<OfferForm>>(
    () =>
      row
        ? {
            ...bodyOfOffer(row),
            groupDeadline: row.groupDeadline ? dayjs(row.groupDeadline) : null,
          }
        : {
            // cut-to-length, the line most offers run
            lineType: PROCESSING_LINE_TYPES[1],
            groupOpen: false,
            groupTargetTonnes: 0,
            groupDeadline: null,
            freeCapacityTonnes: 0,
            sort: 0,
            active: true,
          },
    [row],
  );
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('adminServices.required', { field }),
  });
  const requiredNumber = (field: string) => ({
    required: true,
    message: t('adminServices.required', { field }),
  });
  const notAbove = (other: keyof OfferForm) => ({
    validator: (_: unknown, value: number | undefined) => {
      const max = form.getFieldValue(other) as number | undefined;
      return value !== undefined && max !== undefined && value > max
        ? Promise.reject(new Error(t('adminServices.processing.badRange')))
        : Promise.resolve();
    },
  });

  const submit = async (v: OfferForm) => {
    if (v.groupOpen && !(v.groupTargetTonnes > 0))
      throw new Error(t('adminServices.processing.groupNeedsTarget'));
    await onSave(row?.id ?? null, {
      plantName: v.plantName.trim(),
      lineType: v.lineType,
      thicknessMin: v.thicknessMin,
      thicknessMax: v.thicknessMax,
      widthMin: v.widthMin,
      widthMax: v.widthMax,
      city: v.city.trim(),
      address: (v.address ?? '').trim(),
      price: v.price,
      freeCapacityTonnes: v.freeCapacityTonnes ?? 0,
      groupOpen: Boolean(v.groupOpen),
      groupTargetTonnes: v.groupTargetTonnes ?? 0,
      groupDeadline: v.groupDeadline ? v.groupDeadline.format('YYYY-MM-DD') : null,
      contactName: v.contactName.trim(),
      contactPhone: v.contactPhone.trim(),
      intro: v.intro ?? '',
      active: Boolean(v.active),
      sort: v.sort ?? 0,
    });
  };

  return (
    <AdminEditorDrawer<OfferForm>
      open={editing !== null}
      title={
        row
          ? t('adminServices.processing.editTitle', { name: row.plantName })
          : t('adminServices.processing.createTitle')
      }
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="sp-admin-form__grid">
        <Form.Item
          className="sp-admin-form__wide"
          name="plantName"
          label={t(`${f}.plantName`)}
          rules={[required(t(`${f}.plantName`))]}
        >
          <Input maxLength={L.plantNameMax} />
        </Form.Item>
        <Form.Item name="lineType" label={t(`${f}.lineType`)} rules={[requiredNumber(t(`${f}.lineType`))]}>
          <Select options={PROCESSING_LINE_TYPES.map((l) => ({ value: l, label: l }))} />
        </Form.Item>
        <Form.Item name="city" label={t(`${f}.city`)} rules={[required(t(`${f}.city`))]}>
          <Input maxLength={L.cityMax} />
        </Form.Item>
        <Form.Item
          name="thicknessMin"
          label={t(`${f}.thicknessMin`)}
          dependencies={['thicknessMax']}
          rules={[requiredNumber(t(`${f}.thicknessMin`)), notAbove('thicknessMax')]}
        >
          <InputNumber
            className="sp-admin-form__full"
            min={0.001}
            max={L.thicknessMax}
            precision={3}
            step={0.1}
          />
        </Form.Item>
        <Form.Item
          name="thicknessMax"
          label={t(`${f}.thicknessMax`)}
          rules={[requiredNumber(t(`${f}.thicknessMax`))]}
        >
          <InputNumber
            className="sp-admin-form__full"
            min={0.001}
            max={L.thicknessMax}
            precision={3}
            step={0.1}
          />
        </Form.Item>
        <Form.Item
          name="widthMin"
          label={t(`${f}.widthMin`)}
          dependencies={['widthMax']}
          rules={[requiredNumber(t(`${f}.widthMin`)), notAbove('widthMax')]}
        >
          <InputNumber className="sp-admin-form__full" min={1} max={L.widthMax} precision={0} />
        </Form.Item>
        <Form.Item name="widthMax" label={t(`${f}.widthMax`)} rules={[requiredNumber(t(`${f}.widthMax`))]}>
          <InputNumber className="sp-admin-form__full" min={1} max={L.widthMax} precision={0} />
        </Form.Item>
        <Form.Item name="price" label={t(`${f}.price`)} rules={[requiredNumber(t(`${f}.price`))]}>
          <InputNumber className="sp-admin-form__full" min={0} max={L.priceMax} precision={2} />
        </Form.Item>
        <Form.Item name="freeCapacityTonnes" label={t(`${f}.capacity`)}>
          <InputNumber className="sp-admin-form__full" min={0} max={L.tonnesMax} precision={0} />
        </Form.Item>
        <Form.Item name="groupTargetTonnes" label={t(`${f}.groupTarget`)}>
          <InputNumber className="sp-admin-form__full" min={0} max={L.tonnesMax} precision={0} />
        </Form.Item>
        <Form.Item name="groupDeadline" label={t(`${f}.groupDeadline`)}>
          <DatePicker className="sp-admin-form__full" />
        </Form.Item>
        <Form.Item name="groupOpen" valuePropName="checked" label=" " colon={false}>
          <Checkbox>{t(`${f}.groupOpen`)}</Checkbox>
        </Form.Item>
        <Form.Item name="contactName" label={t(`${f}.contactName`)} rules={[required(t(`${f}.contactName`))]}>
          <Input maxLength={L.contactNameMax} />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t(`${f}.contactPhone`)}
          rules={[
            required(t(`${f}.contactPhone`)),
            { pattern: /^[0-9+\- ]{5,20}$/, message: t('adminServices.badPhone') },
          ]}
        >
          <Input maxLength={L.contactPhoneMax} inputMode="tel" />
        </Form.Item>
        <Form.Item className="sp-admin-form__wide" name="address" label={t(`${f}.address`)}>
          <Input maxLength={L.addressMax} />
        </Form.Item>
        <Form.Item className="sp-admin-form__wide" name="intro" label={t(`${f}.intro`)}>
          <Input.TextArea maxLength={L.introMax} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="sort" label={t(`${f}.sort`)}>
          <InputNumber className="sp-admin-form__full" min={0} max={L.sortMax} precision={0} />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked" label=" " colon={false}>
          <Checkbox>{t(`${f}.active`)}</Checkbox>
        </Form.Item>
      </div>
    </AdminEditorDrawer>
  );
}
