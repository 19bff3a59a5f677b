import '../../../components/admin/adminContent.css';
import '../../../i18n/adminContent.ts';
import {
  ADMIN_AD_POSITIONS,
  type AdminAdBody,
  type AdminAdRow,
  type AdPosition,
  ADMIN_CONTENT_LIMITS as L,
} from '@steelport/contracts';
import { Checkbox, Form, Input, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminList, useAdminWrites } from '../../../api/adminContent.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { useAdminColumns } from '../../../components/admin/adminColumns.tsx';
import {
  useRequiredPickRule,
  useRequiredRule,
  WindowFields,
} from '../../../components/admin/adminFields.tsx';
import {
  type AdminImage,
  adState,
  formatTime,
  imageOf,
  imageUploadIdFor,
  linkIsValid,
  toDayjs,
  toIso,
} from '../../../components/admin/adminForm.ts';
import { ImageUploadField } from '../../../components/admin/ImageUploadField.tsx';
import { activeOf, oneOf } from '../../../components/admin/listFilters.ts';
import { useAdminEditing } from '../../../components/admin/useAdminEditing.ts';
import { useListState } from '../../../components/admin/useListState.ts';

const FILTERS = ['positionName', 'active'] as const;
const PAGE_SIZE = 20;
const STATE_COLORS = { live: 'green', waiting: 'blue', ended: 'default', off: 'red' } as const;

interface AdForm {
  positionName: AdPosition;
  title: string;
  image: AdminImage;
  linkUrl: string;
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
  sort: number;
  active: boolean;
}

/** The whole ad as a write takes it, from the listed row (the picture kept as it is). */
function bodyOfRow(row: AdminAdRow, active: boolean): AdminAdBody {
  return {
    positionName: row.positionName as AdPosition,
    title: row.title,
    linkUrl: row.linkUrl,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    sort: row.sort,
    active,
  };
}

/**
 * /admin/ads, 广告管理: ads and banners by position with search, position and enabled filters
 * and paging in the URL; each row shows its picture, its window and where it stands (投放中,
 * 待投放, 已结束, 已停用). 新建/编辑 in a drawer: position, title, picture (required), link, the
 * window (an ad starts and stops by itself) and order; 停用/启用 and 删除 ask first.
 */
export function AdminAdsPage() {
  const { t } = useTranslation();
  const col = useAdminColumns();
  const list = useListState(FILTERS);
  const positionName = oneOf(ADMIN_AD_POSITIONS, list.filters.positionName);
  const active = activeOf(list.filters.active);
  const rows = useAdminList('ads', {
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(positionName ? { positionName } : {}),
    ...(active !== undefined ? { active } : {}),
  });
  const writes = useAdminWrites('ads');
  const editor = useAdminEditing<AdminAdRow, AdminAdBody>(writes);

  const setActive = (row: AdminAdRow, next: boolean) =>
    editor.update(row.id, bodyOfRow(row, next), col.enabledText(next));
  const positionOptions = ADMIN_AD_POSITIONS.map((p) => ({
    value: p,
    label: t(`adminContent.ads.positions.${p}`),
  }));
  const positionLabel = (name: string) =>
    (ADMIN_AD_POSITIONS as readonly string[]).includes(name)
      ? t(`adminContent.ads.positions.${name as AdPosition}`)
      : name;

  const columns: ColumnsType<AdminAdRow> = [
    col.id(),
    {
      key: 'image',
      title: t('adminContent.ads.colImage'),
      width: 120,
      render: (_, row) =>
        row.imageUrl ? (
          <img className="sp-admin-table__thumb" src={row.imageUrl} alt={row.title} loading="lazy" />
        ) : (
          t('adminContent.none')
        ),
    },
    {
      key: 'title',
      title: t('adminContent.ads.colTitle'),
      render: (_, row) => (
        <span>
          {row.title}
          {row.linkUrl && (
            <>
              <br />
              <span className="sp-admin-table__muted">{row.linkUrl}</span>
            </>
          )}
        </span>
      ),
    },
    {
      key: 'position',
      title: t('adminContent.ads.colPosition'),
      width: 100,
      render: (_, row) => positionLabel(row.positionName),
    },
    {
      key: 'window',
      title: t('adminContent.ads.colWindow'),
      width: 270,
      render: (_, row) =>
        t('adminContent.windowText', {
          from: row.startsAt ? formatTime(row.startsAt) : t('adminContent.unlimited'),
          to: row.endsAt ? formatTime(row.endsAt) : t('adminContent.unlimited'),
        }),
    },
    { key: 'sort', title: t('adminContent.ads.colSort'), dataIndex: 'sort', width: 60, align: 'right' },
    {
      key: 'state',
      title: t('adminContent.ads.colState'),
      width: 90,
      render: (_, row) => {
        const state = adState(row);
        return <Tag color={STATE_COLORS[state]}>{t(`adminContent.ads.state.${state}`)}</Tag>;
      },
    },
    col.actions((row) => (
      <AdminRowActions
        name={row.title}
        onEdit={() => editor.openEdit(row)}
        toggle={col.enableToggle(row.title, row.active, (next) => setActive(row, next))}
        onDelete={() => editor.remove(row.id)}
      />
    )),
  ];

  return (
    <AdminListScreen<AdminAdRow>
      title={t('adminContent.ads.title')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t('adminContent.ads.searchPlaceholder')}
      keywordMax={L.keywordMax}
      filters={
        <>
          <AdminFilterSelect
            label={t('adminContent.ads.position')}
            value={positionName}
            options={positionOptions}
            onChange={(value) => list.setFilter('positionName', value)}
          />
          <AdminFilterSelect
            label={t('adminContent.ads.activeFilter')}
            value={list.filters.active}
            options={col.activeOptions()}
            onChange={(value) => list.setFilter('active', value)}
          />
        </>
      }
      createLabel={t('adminContent.ads.create')}
      onCreate={editor.openCreate}
      scrollX={1100}
    >
      <AdDrawer
        editing={editor.editing}
        positionOptions={positionOptions}
        onClose={editor.close}
        onSave={editor.save}
      />
    </AdminListScreen>
  );
}

/** 新建/编辑广告. */
function AdDrawer({
  editing,
  positionOptions,
  onClose,
  onSave,
}: {
  editing: AdminAdRow | 'new' | null;
  positionOptions: { value: AdPosition; label: string }[];
  onClose: () => void;
  onSave: (id: number | null, body: AdminAdBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdForm>();
  const required = useRequiredRule();
  const requiredPick = useRequiredPickRule();
  const row = editing && editing !== 'new' ? editing : null;
  const initial = useMemo<Partial<AdForm>>(
    () =>
      row
        ? {
            positionName: row.positionName as AdPosition,
            title: row.title,
            image: imageOf(row.imageUrl, row.imageUploadId),
            linkUrl: row.linkUrl,
            startsAt: toDayjs(row.startsAt),
            endsAt: toDayjs(row.endsAt),
            sort: row.sort,
            active: row.active,
          }
        : {
            positionName: 'homeBanner',
            title: '',
            image: null,
            linkUrl: '',
            startsAt: null,
            endsAt: null,
            sort: 0,
            active: true,
          },
    [row],
  );

  const submit = async (values: AdForm) => {
    const imageUploadId = imageUploadIdFor(initial.image ?? null, values.image);
    await onSave(row?.id ?? null, {
      positionName: values.positionName,
      title: values.title.trim(),
      linkUrl: (values.linkUrl ?? '').trim(),
      startsAt: toIso(values.startsAt),
      endsAt: toIso(values.endsAt),
      sort: values.sort ?? 0,
      active: Boolean(values.active),
      ...(typeof imageUploadId === 'number' ? { imageUploadId } : {}),
    });
  };

  return (
    <AdminEditorDrawer<AdForm>
      open={editing !== null}
      title={row ? t('adminContent.ads.editTitle', { title: row.title }) : t('adminContent.ads.createTitle')}
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="sp-admin-form__grid">
        <Form.Item
          name="positionName"
          label={t('adminContent.ads.fieldPosition')}
          rules={[requiredPick(t('adminContent.ads.fieldPosition'))]}
        >
          <Select options={positionOptions} />
        </Form.Item>
        <Form.Item name="sort" label={t('adminContent.ads.fieldSort')}>
          <InputNumber className="sp-admin-form__full" min={0} max={L.sortMax} precision={0} />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="title"
          label={t('adminContent.ads.fieldTitle')}
          rules={[required(t('adminContent.ads.fieldTitle'))]}
        >
          <Input maxLength={L.adTitleMax} />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="image"
          label={t('adminContent.ads.fieldImage')}
          required
          rules={[
            {
              validator: (_, value: AdminImage | undefined) =>
                value ? Promise.resolve() : Promise.reject(new Error(t('adminContent.ads.imageRequired'))),
            },
          ]}
        >
          <ImageUploadField label={t('adminContent.ads.fieldImage')} />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="linkUrl"
          label={t('adminContent.ads.fieldLink')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                linkIsValid(value) ? Promise.resolve() : Promise.reject(new Error(t('adminContent.badLink'))),
            },
          ]}
        >
          <Input maxLength={L.linkMax} placeholder={t('adminContent.ads.linkPlaceholder')} />
        </Form.Item>
        <WindowFields
          startLabel={t('adminContent.ads.fieldStart')}
          endLabel={t('adminContent.ads.fieldEnd')}
          hint={t('adminContent.ads.windowHint')}
        />
        <Form.Item name="active" valuePropName="checked">
          <Checkbox>{t('adminContent.ads.fieldActive')}</Checkbox>
        </Form.Item>
      </div>
    </AdminEditorDrawer>
  );
}
