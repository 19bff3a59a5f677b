/**
 * /admin/vip-prices, 会员商品与价格: every membership commodity (on sale or not) with its price per
 * duration; 编辑 opens a drawer (name, description, benefits, 上架, one price field per duration
 * in 元, empty = not sold) and 下架/上架 ask first. A save reaches /vipopen at once (the server
 * reads prices without a cache; this tab's VIP answers refetch) and leaves an audit row.
 */
import '../../../components/admin/adminContent.css';
import '../../../i18n/adminVip.ts';
import '../../../i18n/adminContent.ts';
import '../../../i18n/signedInPages.ts';
import {
  type AdminVipCommodity,
  type AdminVipCommodityBody,
  type AdminVipPrice,
  ADMIN_VIP_LIMITS as L,
} from '@steelport/contracts';
import { Alert, Checkbox, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminVipCommodities, useUpdateAdminVipCommodity } from '../../../api/adminVip.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { AdminTable } from '../../../components/admin/AdminTable.tsx';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { useAdminEditing } from '../../../components/admin/useAdminEditing.ts';
import { formatPoints } from '../../../lib/numbers.ts';

/** The form: one optional price per duration, keyed `p<day>`. */
interface CommodityForm {
  name: string;
  description: string;
  benefits: string[];
  active: boolean;
  [price: `p${number}`]: number | null | undefined;
}

const priceKey = (day: number) => `p${day}` as const;

/** The whole commodity as a write takes it, from the listed row (`active` switched). */
function bodyOfRow(row: AdminVipCommodity, active: boolean): AdminVipCommodityBody {
  return {
    name: row.name,
    description: row.description,
    benefits: row.benefits,
    active,
    prices: row.prices,
  };
}

export function AdminVipPricesPage() {
  const { t } = useTranslation();
  const rows = useAdminVipCommodities();
  const update = useUpdateAdminVipCommodity();
  const editor = useAdminEditing<AdminVipCommodity, AdminVipCommodityBody>(
    { update },
    { savedText: t('adminVip.prices.saved') },
  );
  const days = rows.data?.days ?? [];
  const data = rows.data
    ? {
        list: rows.data.list,
        total: rows.data.list.length,
        page: 1,
        pageSize: Math.max(20, rows.data.list.length),
      }
    : undefined;

  const columns: ColumnsType<AdminVipCommodity> = [
    {
      key: 'name',
      title: t('adminVip.prices.colName'),
      width: 200,
      render: (_, row) => (
        <span className="sp-admin-table__title">
          {row.name}
          {row.perSeat && <Tag>{t('adminVip.prices.perSeat')}</Tag>}
        </span>
      ),
    },
    ...days.map((day) => ({
      key: `d${day}`,
      title: `${t('adminVip.day', { day })}（元）`,
      width: 110,
      align: 'right' as const,
      render: (_: unknown, row: AdminVipCommodity) => {
        const price = row.prices.find((p) => p.day === day);
        return price ? (
          <span data-testid={`vip-price-${row.id}-${day}`}>{formatPoints(price.priceYuan)}</span>
        ) : (
          <span className="sp-admin-table__muted">{t('adminVip.prices.notSold')}</span>
        );
      },
    })),
    {
      key: 'state',
      title: t('adminVip.prices.colState'),
      width: 90,
      render: (_, row) =>
        row.active ? (
          <Tag color="green">{t('adminVip.prices.onSale')}</Tag>
        ) : (
          <Tag>{t('adminVip.prices.offSale')}</Tag>
        ),
    },
    {
      key: 'updated',
      title: t('adminVip.prices.colUpdated'),
      width: 140,
      render: (_, row) => formatTime(row.updatedAt),
    },
    {
      key: 'actions',
      title: t('adminContent.actions'),
      width: 160,
      fixed: 'right',
      render: (_, row) => (
        <AdminRowActions
          name={row.name}
          onEdit={() => editor.openEdit(row)}
          toggle={{
            on: row.active,
            offLabel: t('adminVip.prices.takeOff'),
            offQuestion: t('adminVip.prices.confirmTakeOff', { name: row.name }),
            onLabel: t('adminVip.prices.putOn'),
            onToggle: (next) => editor.update(row.id, bodyOfRow(row, next), t('adminVip.prices.saved')),
          }}
        />
      ),
    },
  ];

  return (
    <section className="sp-admin-content" aria-label={t('pages.adminVipPrices.title')}>
      <AdminTable<AdminVipCommodity>
        label={t('pages.adminVipPrices.title')}
        columns={columns}
        data={data}
        loading={rows.isFetching}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        onPage={() => undefined}
        scrollX={900}
      />
      <CommodityDrawer editing={editor.target} days={days} onClose={editor.close} onSave={editor.save} />
    </section>
  );
}

/** 编辑会员商品: texts, 上架, and one price per duration (empty = not sold). */
function CommodityDrawer({
  editing,
  days,
  onClose,
  onSave,
}: {
  editing: AdminVipCommodity | null;
  days: number[];
  onClose: () => void;
  onSave: (id: number, body: AdminVipCommodityBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CommodityForm>();
  const initial = useMemo<Partial<CommodityForm>>(() => {
    if (!editing) return {};
    const values: Partial<CommodityForm> = {
      name: editing.name,
      description: editing.description,
      benefits: editing.benefits,
      active: editing.active,
    };
    for (const day of days)
      values[priceKey(day)] = editing.prices.find((p) => p.day === day)?.priceYuan ?? null;
    return values;
  }, [editing, days]);

  const submit = async (values: CommodityForm) => {
    if (!editing) return;
    const prices = days.flatMap((day) => {
      const price = values[priceKey(day)];
      return typeof price === 'number' ? [{ day: day as AdminVipPrice['day'], priceYuan: price }] : [];
    });
    await onSave(editing.id, {
      name: values.name.trim(),
      description: values.description ?? '',
      benefits: values.benefits ?? [],
      active: Boolean(values.active),
      prices,
    });
  };

  const onePriceIfActive = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: () =>
      getFieldValue('active') && days.every((day) => typeof getFieldValue(priceKey(day)) !== 'number')
        ? Promise.reject(new Error(t('adminVip.prices.needOnePrice')))
        : Promise.resolve(),
  });

  return (
    <AdminEditorDrawer<CommodityForm>
      open={editing !== null}
      title={editing ? t('adminVip.prices.editTitle', { name: editing.name }) : ''}
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="sp-admin-form__grid">
        <Form.Item
          className="sp-admin-form__wide"
          name="name"
          label={t('adminVip.prices.fieldName')}
          extra={editing?.isVip === 1 ? t('adminVip.prices.nameLocked') : undefined}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('adminVip.prices.required', { field: t('adminVip.prices.fieldName') }),
            },
          ]}
        >
          <Input maxLength={L.nameMax} disabled={editing?.isVip === 1} />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="description"
          label={t('adminVip.prices.fieldDescription')}
        >
          <Input.TextArea maxLength={L.descriptionMax} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="benefits"
          label={t('adminVip.prices.fieldBenefits')}
          rules={[
            {
              validator: (_, value: string[] | undefined) =>
                (value ?? []).length > L.benefitsMax || (value ?? []).some((b) => b.length > L.benefitMax)
                  ? Promise.reject(
                      new Error(
                        t('adminVip.prices.benefitsTooMany', { max: L.benefitsMax, len: L.benefitMax }),
                      ),
                    )
                  : Promise.resolve(),
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={['\n']}
            aria-label={t('adminVip.prices.fieldBenefits')}
            placeholder={t('adminVip.prices.benefitsPlaceholder', { max: L.benefitsMax })}
          />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="active"
          valuePropName="checked"
          label=" "
          colon={false}
        >
          <Checkbox onChange={() => void form.validateFields(days.map(priceKey)).catch(() => undefined)}>
            {t('adminVip.prices.fieldActive')}
          </Checkbox>
        </Form.Item>
        <div className="sp-admin-form__wide">
          <Typography.Title level={5}>{t('adminVip.prices.pricesTitle')}</Typography.Title>
          <Alert type="info" showIcon title={t('adminVip.prices.pricesHint')} />
        </div>
        {days.map((day) => (
          <Form.Item
            key={day}
            name={priceKey(day)}
            label={t('adminVip.prices.fieldPrice', { day })}
            dependencies={['active', ...days.filter((d) => d !== day).map(priceKey)]}
            rules={[
              {
                type: 'number',
                min: 0.01,
                message: t('adminVip.prices.pricePositive'),
              },
              {
                type: 'number',
                max: L.priceMaxYuan,
                message: t('adminVip.prices.priceMax', { max: L.priceMaxYuan }),
              },
              onePriceIfActive,
            ]}
          >
            <InputNumber<number>
              className="sp-admin-form__full"
              aria-label={t('adminVip.prices.fieldPrice', { day })}
              min={0}
              max={L.priceMaxYuan}
              precision={2}
              step={1}
              suffix="元"
            />
          </Form.Item>
        ))}
      </div>
    </AdminEditorDrawer>
  );
}
