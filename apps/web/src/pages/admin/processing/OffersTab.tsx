import {
  type AdminOfferBody,
  type AdminOfferRow,
  ADMIN_SERVICES_LIMITS as L,
  PROCESSING_LINE_TYPES,
  type ProcessingLineType,
} from '@steelport/contracts';
import { App, Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminOffers, useOfferWrites } from '../../../api/adminServices.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { ConfirmButton } from '../../../components/admin/ConfirmButton.tsx';
import { useAdminAct } from '../../../components/admin/useAdminAct.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { formatPriceText, formatTonnes, formatTonnesText } from '../../../lib/numbers.ts';

const FILTERS = ['view', 'lineType', 'active'] as const;
// ten a page: each row carries four actions, and a lighter page stays quick to scan (and to audit)
const PAGE_SIZE = 10;
const GROUP_COLORS = { none: 'default', open: 'green', full: 'blue', closed: 'default' } as const;

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

/** The whole offer as a write takes it, from the listed row. */
export function bodyOfOffer(row: AdminOfferRow, change: Partial<AdminOfferBody> = {}): AdminOfferBody {
  return {
    plantName: row.plantName,
    lineType: row.lineType as ProcessingLineType,
    thicknessMin: row.thicknessMin,
    thicknessMax: row.thicknessMax,
    widthMin: row.widthMin,
    widthMax: row.widthMax,
    city: row.city,
    address: row.address,
    price: row.price,
    freeCapacityTonnes: row.freeCapacityTonnes,
    groupOpen: row.groupOpen,
    groupTargetTonnes: row.groupTargetTonnes,
    groupDeadline: row.groupDeadline,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    intro: row.intro,
    active: row.active,
    sort: row.sort,
    ...change,
  };
}

const isLine = (v: string | undefined): v is ProcessingLineType =>
  (PROCESSING_LINE_TYPES as readonly string[]).includes(v ?? '');

/** 加工报价: the offers with their group orders. */
export function OffersTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const act = useAdminAct();
  const list = useListState(FILTERS);
  const lineType = isLine(list.filters.lineType) ? list.filters.lineType : undefined;
  const active = list.filters.active === 'true' ? true : list.filters.active === 'false' ? false : undefined;
  const rows = useAdminOffers({
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(lineType ? { lineType } : {}),
    ...(active !== undefined ? { active } : {}),
  });
  const writes = useOfferWrites();
  const [editing, setEditing] = useState<AdminOfferRow | 'new' | null>(null);
  const p = 'adminServices.processing';

  const columns: ColumnsType<AdminOfferRow> = [
    { key: 'id', title: t('adminServices.inspections.colId'), dataIndex: 'id', width: 64 },
    { key: 'plant', title: t(`${p}.colPlant`), dataIndex: 'plantName' },
    { key: 'line', title: t(`${p}.colLine`), dataIndex: 'lineType', width: 70 },
    {
      key: 'range',
      title: t(`${p}.colRange`),
      width: 200,
      render: (_, r) =>
        t(`${p}.rangeValue`, {
          tMin: r.thicknessMin,
          tMax: r.thicknessMax,
          wMin: r.widthMin,
          wMax: r.widthMax,
        }),
    },
    { key: 'city', title: t(`${p}.colCity`), dataIndex: 'city', width: 80 },
    {
      key: 'price',
      title: t(`${p}.colPrice`),
      width: 110,
      align: 'right',
      render: (_, r) => formatPriceText(r.price),
    },
    {
      key: 'capacity',
      title: t(`${p}.colCapacity`),
      width: 110,
      align: 'right',
      render: (_, r) => formatTonnesText(r.freeCapacityTonnes),
    },
    {
      key: 'group',
      title: t(`${p}.colGroup`),
      width: 170,
      render: (_, r) => (
        <span className="sp-admin-table__title">
          <Tag color={GROUP_COLORS[r.groupState]}>{t(`${p}.groupState.${r.groupState}`)}</Tag>
          {r.groupState !== 'none' && (
            <span className="sp-admin-table__muted">
              {t(`${p}.groupValue`, {
                joined: formatTonnes(r.groupJoinedTonnes),
                target: formatTonnesText(r.groupTargetTonnes),
              })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'active',
      title: t(`${p}.colActive`),
      width: 80,
      render: (_, r) =>
        r.active ? <Tag color="green">{t(`${p}.active`)}</Tag> : <Tag>{t(`${p}.inactive`)}</Tag>,
    },
    {
      key: 'actions',
      title: t('adminServices.actions'),
      width: 260,
      fixed: 'right',
      render: (_, r) => (
        <span className="sp-admin-table__actions">
          <AdminRowActions
            name={r.plantName}
            onEdit={() => setEditing(r)}
            toggle={{
              on: r.active,
              offLabel: t('adminContent.withdraw'),
              offQuestion: t(`${p}.disableQuestion`, { name: r.plantName }),
              onLabel: t('adminContent.publish'),
              onToggle: (next) =>
                act(
                  () => writes.update.mutateAsync({ id: r.id, body: bodyOfOffer(r, { active: next }) }),
                  next ? t('adminContent.published') : t('adminContent.withdrawn'),
                ),
            }}
            onDelete={() => act(() => writes.remove.mutateAsync(r.id), t('adminContent.deleted'))}
          />
          {r.groupTargetTonnes > 0 &&
            (r.groupOpen ? (
              <ConfirmButton
                label={t(`${p}.closeGroup`)}
                question={t(`${p}.closeGroupQuestion`, { name: r.plantName })}
                ariaLabel={`${t(`${p}.closeGroup`)} ${r.plantName}`}
                onConfirm={() =>
                  act(() => writes.group.mutateAsync({ id: r.id, open: false }), t(`${p}.groupClosed`))
                }
              />
            ) : (
              <Button
                type="link"
                size="small"
                aria-label={`${t(`${p}.openGroup`)} ${r.plantName}`}
                onClick={() =>
                  void act(() => writes.group.mutateAsync({ id: r.id, open: true }), t(`${p}.groupOpened`))
                }
              >
                {t(`${p}.openGroup`)}
              </Button>
            ))}
        </span>
      ),
    },
  ];

  return (
    <AdminListScreen<AdminOfferRow>
      title={t('adminServices.processing.offersTab')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t(`${p}.searchPlaceholder`)}
      keywordMax={L.keywordMax}
      filters={
        <>
          <Select
            className="sp-admin-toolbar__filter"
            allowClear
            aria-label={t(`${p}.lineFilter`)}
            placeholder={t(`${p}.lineFilter`)}
            value={lineType}
            options={PROCESSING_LINE_TYPES.map((l) => ({ value: l, label: l }))}
            onChange={(value?: string) => list.setFilter('lineType', value)}
          />
          <Select
            className="sp-admin-toolbar__filter"
            allowClear
            aria-label={t(`${p}.activeFilter`)}
            placeholder={t(`${p}.activeFilter`)}
            value={list.filters.active}
            options={[
              { value: 'true', label: t(`${p}.active`) },
              { value: 'false', label: t(`${p}.inactive`) },
            ]}
            onChange={(value?: string) => list.setFilter('active', value)}
          />
        </>
      }
      createLabel={t(`${p}.create`)}
      onCreate={() => setEditing('new')}
      scrollX={1400}
    >
      <OfferDrawer
        editing={editing}
        onClose={() => setEditing(null)}
        onSave={async (id, body) => {
          if (id === null) await writes.create.mutateAsync(body);
          else await writes.update.mutateAsync({ id, body });
          message.success(t('adminContent.saved'));
        }}
      />
    </AdminListScreen>
  );
}

/** 新建/编辑加工报价. */
function OfferDrawer({
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
            lineType: '开平',
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
