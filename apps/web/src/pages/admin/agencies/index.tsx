import '../../../components/admin/adminContent.css';
import '../../../i18n/adminContent.ts';
import { type AdminAgencyBody, type AdminAgencyRow, ADMIN_CONTENT_LIMITS as L } from '@steelport/contracts';
import { Checkbox, Form, Input, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminList, useAdminWrites } from '../../../api/adminContent.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { useAdminColumns } from '../../../components/admin/adminColumns.tsx';
import { useRequiredRule } from '../../../components/admin/adminFields.tsx';
import { type AdminImage, imageOf, imageUploadIdFor } from '../../../components/admin/adminForm.ts';
import { ImageUploadField } from '../../../components/admin/ImageUploadField.tsx';
import { activeOf } from '../../../components/admin/listFilters.ts';
import { useAdminEditing } from '../../../components/admin/useAdminEditing.ts';
import { useListState } from '../../../components/admin/useListState.ts';

const FILTERS = ['active'] as const;
const PAGE_SIZE = 20;
/** The regions the portal's agency filter offers (stored as these words). */
const REGIONS = ['华东', '华南', '华北', '华中', '东北', '西南', '西北'];

interface AgencyForm {
  name: string;
  brands: string[];
  products: string[];
  region: string;
  province: string;
  city: string;
  address: string;
  contactName: string;
  contactPhone: string;
  intro: string;
  logo: AdminImage;
  sort: number;
  active: boolean;
}

/** The whole agency as a write takes it, from the listed row (the logo kept as it is). */
function bodyOfRow(row: AdminAgencyRow, active: boolean): AdminAgencyBody {
  return {
    name: row.name,
    brands: row.brands,
    products: row.products,
    region: row.region,
    province: row.province,
    city: row.city,
    address: row.address,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    intro: row.intro,
    sort: row.sort,
    active,
  };
}

/**
 * /admin/agencies, 代理商管理: mill agents and distributors with search (name, city), an
 * enabled filter and paging in the URL; 新建/编辑 in a drawer (brands and products as tags, logo
 * picture, order, 启用); 停用/启用 and 删除 ask first.
 */
export function AdminAgenciesPage() {
  const { t } = useTranslation();
  const col = useAdminColumns();
  const list = useListState(FILTERS);
  const active = activeOf(list.filters.active);
  const rows = useAdminList('agencies', {
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(active !== undefined ? { active } : {}),
  });
  const writes = useAdminWrites('agencies');
  const editor = useAdminEditing<AdminAgencyRow, AdminAgencyBody>(writes);

  const setActive = (row: AdminAgencyRow, next: boolean) =>
    editor.update(row.id, bodyOfRow(row, next), col.enabledText(next));

  const columns: ColumnsType<AdminAgencyRow> = [
    col.id(),
    { key: 'name', title: t('adminContent.agencies.colName'), dataIndex: 'name' },
    {
      key: 'brands',
      title: t('adminContent.agencies.colBrands'),
      width: 180,
      render: (_, row) => row.brands.join('、') || t('adminContent.none'),
    },
    {
      key: 'place',
      title: t('adminContent.agencies.colPlace'),
      width: 160,
      render: (_, row) =>
        [row.region, row.province, row.city].filter(Boolean).join(' · ') || t('adminContent.none'),
    },
    { key: 'contact', title: t('adminContent.agencies.colContact'), dataIndex: 'contactName', width: 90 },
    { key: 'phone', title: t('adminContent.agencies.colPhone'), dataIndex: 'contactPhone', width: 130 },
    { key: 'sort', title: t('adminContent.agencies.colSort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      key: 'active',
      title: t('adminContent.agencies.colActive'),
      width: 80,
      render: (_, row) =>
        row.active ? (
          <Tag color="green">{t('adminContent.enabled')}</Tag>
        ) : (
          <Tag>{t('adminContent.disabled')}</Tag>
        ),
    },
    col.actions((row) => (
      <AdminRowActions
        name={row.name}
        onEdit={() => editor.openEdit(row)}
        toggle={col.enableToggle(row.name, row.active, (next) => setActive(row, next))}
        onDelete={() => editor.remove(row.id)}
      />
    )),
  ];

  return (
    <AdminListScreen<AdminAgencyRow>
      title={t('adminContent.agencies.title')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t('adminContent.agencies.searchPlaceholder')}
      keywordMax={L.keywordMax}
      filters={
        <AdminFilterSelect
          label={t('adminContent.agencies.activeFilter')}
          value={list.filters.active}
          options={col.activeOptions()}
          onChange={(value) => list.setFilter('active', value)}
        />
      }
      createLabel={t('adminContent.agencies.create')}
      onCreate={editor.openCreate}
      scrollX={1100}
    >
      <AgencyDrawer editing={editor.editing} onClose={editor.close} onSave={editor.save} />
    </AdminListScreen>
  );
}

/** 新建/编辑代理商. */
function AgencyDrawer({
  editing,
  onClose,
  onSave,
}: {
  editing: AdminAgencyRow | 'new' | null;
  onClose: () => void;
  onSave: (id: number | null, body: AdminAgencyBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AgencyForm>();
  const row = editing && editing !== 'new' ? editing : null;
  const initial = useMemo<Partial<AgencyForm>>(
    () =>
      row
        ? {
            name: row.name,
            brands: row.brands,
            products: row.products,
            region: row.region || undefined,
            province: row.province,
            city: row.city,
            address: row.address,
            contactName: row.contactName,
            contactPhone: row.contactPhone,
            intro: row.intro,
            logo: imageOf(row.logo, row.logoUploadId),
            sort: row.sort,
            active: row.active,
          }
        : { name: '', brands: [], products: [], logo: null, sort: 0, active: true },
    [row],
  );
  const required = useRequiredRule();
  const shortList = (field: string) => ({
    validator: (_: unknown, value: string[] | undefined) =>
      (value ?? []).length > L.agencyListMax
        ? Promise.reject(new Error(t('adminContent.agencies.listTooMany', { max: L.agencyListMax })))
        : (value ?? []).some((item) => item.length > L.agencyItemMax)
          ? Promise.reject(new Error(t('adminContent.tooLong', { field, max: L.agencyItemMax })))
          : Promise.resolve(),
  });

  const submit = async (values: AgencyForm) => {
    const logoUploadId = imageUploadIdFor(initial.logo ?? null, values.logo);
    await onSave(row?.id ?? null, {
      name: values.name.trim(),
      brands: values.brands ?? [],
      products: values.products ?? [],
      region: values.region ?? '',
      province: (values.province ?? '').trim(),
      city: (values.city ?? '').trim(),
      address: (values.address ?? '').trim(),
      contactName: (values.contactName ?? '').trim(),
      contactPhone: (values.contactPhone ?? '').trim(),
      intro: values.intro ?? '',
      sort: values.sort ?? 0,
      active: Boolean(values.active),
      ...(logoUploadId !== undefined ? { logoUploadId } : {}),
    });
  };

  return (
    <AdminEditorDrawer<AgencyForm>
      open={editing !== null}
      title={
        row
          ? t('adminContent.agencies.editTitle', { name: row.name })
          : t('adminContent.agencies.createTitle')
      }
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="sp-admin-form__grid">
        <Form.Item
          className="sp-admin-form__wide"
          name="name"
          label={t('adminContent.agencies.fieldName')}
          rules={[required(t('adminContent.agencies.fieldName'))]}
        >
          <Input maxLength={L.agencyNameMax} />
        </Form.Item>
        <Form.Item
          name="brands"
          label={t('adminContent.agencies.fieldBrands')}
          rules={[shortList(t('adminContent.agencies.fieldBrands'))]}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', '，', '、']}
            open={false}
            suffixIcon={null}
            aria-label={t('adminContent.agencies.fieldBrands')}
            placeholder={t('adminContent.agencies.listPlaceholder', { max: L.agencyListMax })}
          />
        </Form.Item>
        <Form.Item
          name="products"
          label={t('adminContent.agencies.fieldProducts')}
          rules={[shortList(t('adminContent.agencies.fieldProducts'))]}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', '，', '、']}
            open={false}
            suffixIcon={null}
            aria-label={t('adminContent.agencies.fieldProducts')}
            placeholder={t('adminContent.agencies.listPlaceholder', { max: L.agencyListMax })}
          />
        </Form.Item>
        <Form.Item name="region" label={t('adminContent.agencies.fieldRegion')}>
          <Select allowClear options={REGIONS.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        <Form.Item name="province" label={t('adminContent.agencies.fieldProvince')}>
          <Input maxLength={L.provinceMax} />
        </Form.Item>
        <Form.Item name="city" label={t('adminContent.agencies.fieldCity')}>
          <Input maxLength={L.cityMax} />
        </Form.Item>
        <Form.Item name="address" label={t('adminContent.agencies.fieldAddress')}>
          <Input maxLength={L.addressMax} />
        </Form.Item>
        <Form.Item name="contactName" label={t('adminContent.agencies.fieldContactName')}>
          <Input maxLength={L.contactNameMax} />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('adminContent.agencies.fieldContactPhone')}
          rules={[{ pattern: /^[0-9+\- ]*$/, message: t('adminContent.agencies.badPhone') }]}
        >
          <Input maxLength={L.contactPhoneMax} inputMode="tel" />
        </Form.Item>
        <Form.Item className="sp-admin-form__wide" name="intro" label={t('adminContent.agencies.fieldIntro')}>
          <Input.TextArea maxLength={L.introMax} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item className="sp-admin-form__wide" name="logo" label={t('adminContent.agencies.fieldLogo')}>
          <ImageUploadField label={t('adminContent.agencies.fieldLogo')} />
        </Form.Item>
        <Form.Item name="sort" label={t('adminContent.agencies.fieldSort')}>
          <InputNumber className="sp-admin-form__full" min={0} max={L.sortMax} precision={0} />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked" label=" " colon={false}>
          <Checkbox>{t('adminContent.agencies.fieldActive')}</Checkbox>
        </Form.Item>
      </div>
    </AdminEditorDrawer>
  );
}
