import '../../../components/admin/adminContent.css';
import '../../../components/admin/adminMarket.css';
import '../../../i18n/adminContent.ts';
import '../../../i18n/adminMarket.ts';
import { UploadOutlined } from '@ant-design/icons';
import {
  ADMIN_MARKET_LIMITS as L,
  type WarehouseDailyCreateBody,
  type WarehouseDailyOptions,
  type WarehouseDailyRow,
  type WarehouseDailyUpdateBody,
} from '@steelport/contracts';
import { Alert, Button, DatePicker, Form, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useWarehouseDaily,
  useWarehouseDailyOptions,
  useWarehouseDailyWrites,
} from '../../../api/adminMarket.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatCount, formatPrice, formatTonnes } from '../../../lib/numbers.ts';
import { DailyImportWizard } from './DailyImportWizard.tsx';

const FILTERS = ['warehouseId', 'productId', 'from', 'to'] as const;
const PAGE_SIZE = 20;
const DAY = 'YYYY-MM-DD';

/** The figures of the form, in the API's units (吨, 元/吨). */
const FIGURES = [
  { name: 'inWeight', unit: 'tonne', max: L.tonnesMax, precision: 3 },
  { name: 'outWeight', unit: 'tonne', max: L.tonnesMax, precision: 3 },
  { name: 'stockWeight', unit: 'tonne', max: L.tonnesMax, precision: 3 },
  { name: 'packWeight', unit: 'tonne', max: L.tonnesMax, precision: 3 },
  { name: 'tradingWeight', unit: 'tonne', max: L.tonnesMax, precision: 3 },
  { name: 'dealWeight', unit: 'tonne', max: L.tonnesMax, precision: 3 },
  { name: 'deals', unit: 'deals', max: L.dealsMax, precision: 0 },
  { name: 'price', unit: 'yuanPerTonne', max: L.priceMax, precision: 2 },
] as const;
type FigureName = (typeof FIGURES)[number]['name'];

interface DailyForm extends Record<FigureName, number> {
  warehouseId?: number;
  productId?: number;
  day?: Dayjs;
}

const positiveId = (text: string | undefined) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /admin/warehouse-daily, 仓库日报: each warehouse's daily figures per product (入库、出库、库存、
 * 打包、挂牌、成交, 成交笔数, 挂牌均价), searched by warehouse name and filtered by warehouse, product
 * and day range in the URL; 填报/编辑 in a drawer and an Excel import wizard. A sample warehouse's
 * change recomputes the published index, and the answer says which days.
 */
export function AdminWarehouseDailyPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const list = useListState(FILTERS);
  const options = useWarehouseDailyOptions();
  const warehouseId = positiveId(list.filters.warehouseId);
  const productId = positiveId(list.filters.productId);
  const rows = useWarehouseDaily({
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(productId ? { productId } : {}),
    ...(list.filters.from ? { from: list.filters.from } : {}),
    ...(list.filters.to ? { to: list.filters.to } : {}),
  });
  const writes = useWarehouseDailyWrites();
  const [editing, setEditing] = useState<WarehouseDailyRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const tonnes = (title: string) => `${title}(${t('adminMarket.units.tonne')})`;

  const weight = (key: FigureName, title: string): ColumnsType<WarehouseDailyRow>[number] => ({
    key,
    title: tonnes(title),
    width: 96,
    align: 'right',
    render: (_, row) => formatTonnes(row[key]),
  });
  const columns: ColumnsType<WarehouseDailyRow> = [
    { key: 'day', title: t('adminMarket.daily.day'), dataIndex: 'day', width: 104 },
    {
      key: 'warehouse',
      title: t('adminMarket.daily.warehouse'),
      render: (_, row) => (
        <span>
          {row.warehouse}{' '}
          {row.isSample && (
            <Tag color="blue" title={t('adminMarket.daily.sampleHint')}>
              {t('adminMarket.daily.sample')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'product', title: t('adminMarket.daily.product'), dataIndex: 'product', width: 96 },
    weight('inWeight', t('adminMarket.fields.inWeight')),
    weight('outWeight', t('adminMarket.fields.outWeight')),
    weight('stockWeight', t('adminMarket.fields.stockWeight')),
    weight('packWeight', t('adminMarket.fields.packWeight')),
    weight('tradingWeight', t('adminMarket.fields.tradingWeight')),
    weight('dealWeight', t('adminMarket.fields.dealWeight')),
    {
      key: 'deals',
      title: t('adminMarket.fields.deals'),
      width: 84,
      align: 'right',
      render: (_, row) => formatCount(row.deals),
    },
    {
      key: 'price',
      title: `${t('adminMarket.fields.listingPrice')}(${t('adminMarket.units.yuanPerTonne')})`,
      width: 120,
      align: 'right',
      render: (_, row) => formatPrice(row.price) ?? t('adminMarket.daily.notReported'),
    },
    {
      key: 'updatedAt',
      title: t('adminMarket.daily.colUpdated'),
      width: 140,
      render: (_, row) => formatTime(row.updatedAt),
    },
    {
      key: 'actions',
      title: t('adminMarket.daily.actions'),
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <AdminRowActions name={`${row.warehouse} ${row.product} ${row.day}`} onEdit={() => setEditing(row)} />
      ),
    },
  ];

  const range: [Dayjs | null, Dayjs | null] | null =
    list.filters.from || list.filters.to
      ? [list.filters.from ? dayjs(list.filters.from) : null, list.filters.to ? dayjs(list.filters.to) : null]
      : null;

  return (
    <AdminListScreen<WarehouseDailyRow>
      title={t('adminMarket.daily.title')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t('adminMarket.daily.searchPlaceholder')}
      keywordMax={50}
      filters={
        <>
          <AdminFilterSelect
            label={t('adminMarket.daily.warehouse')}
            search
            value={warehouseId}
            options={(options.data?.warehouses ?? []).map((w) => ({ value: w.id, label: w.name }))}
            onChange={(value) => list.setFilter('warehouseId', value ? String(value) : undefined)}
          />
          <AdminFilterSelect
            label={t('adminMarket.daily.product')}
            value={productId}
            options={(options.data?.products ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(value) => list.setFilter('productId', value ? String(value) : undefined)}
          />
          <DatePicker.RangePicker
            aria-label={t('adminMarket.daily.range')}
            placeholder={[t('adminMarket.daily.rangeStart'), t('adminMarket.daily.rangeEnd')]}
            value={range}
            allowEmpty={[true, true]}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(values) => {
              const [from, to] = values ?? [null, null];
              list.setFilters({ from: from?.format(DAY), to: to?.format(DAY) });
            }}
          />
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('adminMarket.daily.import')}
          </Button>
        </>
      }
      createLabel={t('adminMarket.daily.create')}
      onCreate={() => setEditing('new')}
      scrollX={1400}
    >
      <DailyDrawer
        editing={editing}
        options={options.data}
        onClose={() => setEditing(null)}
        onSave={async (row, body) => {
          const out =
            row === null
              ? await writes.create.mutateAsync(body as WarehouseDailyCreateBody)
              : await writes.update.mutateAsync({ id: row.id, body });
          message.success(
            out.recomputed ? t('adminMarket.daily.recomputed', out.recomputed) : t('adminMarket.daily.saved'),
          );
        }}
      />
      <DailyImportWizard open={importing} onClose={() => setImporting(false)} />
    </AdminListScreen>
  );
}

/** 填报/编辑: warehouse, product and day (fixed when editing), then the figures with their units. */
function DailyDrawer({
  editing,
  options,
  onClose,
  onSave,
}: {
  editing: WarehouseDailyRow | 'new' | null;
  options: WarehouseDailyOptions | undefined;
  onClose: () => void;
  onSave: (
    row: WarehouseDailyRow | null,
    body: WarehouseDailyCreateBody | WarehouseDailyUpdateBody,
  ) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DailyForm>();
  const row = editing && editing !== 'new' ? editing : null;
  const initial = useMemo<Partial<DailyForm>>(() => {
    const zero = Object.fromEntries(FIGURES.map((f) => [f.name, 0])) as Record<FigureName, number>;
    if (!row) return { ...zero, day: options?.latestDay ? dayjs(options.latestDay) : dayjs() };
    return {
      warehouseId: row.warehouseId,
      productId: row.productId,
      day: dayjs(row.day),
      ...Object.fromEntries(FIGURES.map((f) => [f.name, row[f.name]])),
    };
  }, [row, options?.latestDay]);
  const required = (field: string) => ({ required: true, message: t('adminMarket.required', { field }) });

  const submit = async (values: DailyForm) => {
    const figures = Object.fromEntries(FIGURES.map((f) => [f.name, values[f.name] ?? 0])) as Record<
      FigureName,
      number
    >;
    if (row) return onSave(row, figures);
    return onSave(null, {
      warehouseId: values.warehouseId as number,
      productId: values.productId as number,
      day: (values.day as Dayjs).format(DAY),
      ...figures,
    });
  };

  return (
    <AdminEditorDrawer<DailyForm>
      open={editing !== null}
      title={
        row
          ? t('adminMarket.daily.editTitle', { warehouse: row.warehouse, product: row.product, day: row.day })
          : t('adminMarket.daily.createTitle')
      }
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={submit}
      width={560}
    >
      {row && (
        <Alert type="info" showIcon title={t('adminMarket.daily.keyFixed')} className="sp-admin-form__note" />
      )}
      <div className="sp-admin-form__grid">
        <Form.Item
          className="sp-admin-form__wide"
          name="warehouseId"
          label={t('adminMarket.daily.warehouse')}
          rules={[required(t('adminMarket.daily.warehouse'))]}
        >
          <Select
            disabled={row !== null}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('adminMarket.daily.warehouse')}
            options={(options?.warehouses ?? []).map((w) => ({
              value: w.id,
              label: w.isSample ? `${w.name}（${t('adminMarket.daily.sample')}）` : w.name,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="productId"
          label={t('adminMarket.daily.product')}
          rules={[required(t('adminMarket.daily.product'))]}
        >
          <Select
            disabled={row !== null}
            aria-label={t('adminMarket.daily.product')}
            options={(options?.products ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="day"
          label={t('adminMarket.daily.day')}
          rules={[required(t('adminMarket.daily.day'))]}
        >
          <DatePicker
            className="sp-admin-form__full"
            disabled={row !== null}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            aria-label={t('adminMarket.daily.day')}
          />
        </Form.Item>
        {FIGURES.map((f) => {
          const label = t(`adminMarket.fields.${f.name === 'price' ? 'listingPrice' : f.name}`);
          return (
            <Form.Item key={f.name} name={f.name} label={label} rules={[required(label)]}>
              <InputNumber
                className="sp-admin-form__full"
                min={0}
                max={f.max}
                precision={f.precision}
                aria-label={label}
                suffix={t(`adminMarket.units.${f.unit}`)}
              />
            </Form.Item>
          );
        })}
      </div>
    </AdminEditorDrawer>
  );
}
