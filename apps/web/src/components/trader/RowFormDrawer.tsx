import '../../i18n/workspace.ts';
import {
  type CargoInput,
  TRADER_LIMITS as L,
  type ProductEntry,
  type QuotationInput,
  SURPLUS_GRADE_NAMES,
  type SurplusInput,
  type TraderKind,
} from '@steelport/contracts';
import { Alert, AutoComplete, Button, Checkbox, Drawer, Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductMap } from '../../api/common.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { UNIT } from '../../lib/numbers.ts';

/** The form's fields: every kind's, text as the trader writes it. */
export interface RowFormValues {
  product: string;
  material?: string;
  spec: string;
  origin?: string;
  warehouse?: string;
  city?: string;
  pieces?: number | null;
  weight?: number | null;
  price?: number | null;
  callForPrice?: boolean;
  grade?: SurplusInput['grade'];
  defects?: string;
  remark?: string;
}

/** Any kind's input, as the POST and PUT take it. */
export type RowInput = CargoInput | SurplusInput | QuotationInput;

const clean = (text: string | undefined) => (text ?? '').trim();

/** The form's values as the kind's input: 电议 sends price 0; empty optional texts are ''. */
export function formToInput(kind: TraderKind, values: RowFormValues): RowInput {
  const common = {
    product: clean(values.product),
    material: clean(values.material),
    spec: clean(values.spec),
    origin: clean(values.origin),
    warehouse: clean(values.warehouse),
    city: clean(values.city),
    price: values.callForPrice ? 0 : (values.price ?? 0),
    remark: clean(values.remark),
  };
  if (kind === 'quotation') return { ...common, weight: values.weight ?? 0 };
  const lot: CargoInput = { ...common, pieces: values.pieces ?? 0, weight: values.weight ?? 0 };
  if (kind === 'cargo') return lot;
  return { ...lot, ...(values.grade ? { grade: values.grade } : {}), defects: clean(values.defects) };
}

/** A listed row as the form's starting values. */
export function rowToForm(row: RowInput & { callForPrice?: boolean }): RowFormValues {
  return {
    ...row,
    price: row.callForPrice || row.price === 0 ? null : row.price,
    callForPrice: row.callForPrice ?? row.price === 0,
    weight: 'weight' in row && row.weight ? row.weight : null,
  };
}

/** The product map's entry a typed 品名 names (its name or an alias such as 热卷). */
function productOf(products: ProductEntry[], typed: string | undefined): ProductEntry | undefined {
  const name = clean(typed);
  if (!name) return undefined;
  return products.find((product) => product.name === name || product.aliases.includes(name));
}

const options = (values: readonly string[]) => values.map((value) => ({ value }));
const startsOrContains = (input: string, option?: { value: string }) =>
  (option?.value ?? '').toLowerCase().includes(input.trim().toLowerCase());

/**
 * 新增 / 修改 one row in a drawer: the fields of a sheet row, with 品名, 材质 and 产地 suggested
 * from the portal's product map. The server understands the text (spec parser, dictionary) and
 * answers in Chinese what it could not read; that answer shows under the form, beside the fields.
 */
export function RowFormDrawer({
  kind,
  open,
  initial,
  onClose,
  onSubmit,
}: {
  kind: TraderKind;
  open: boolean;
  /** the row being edited; absent for 新增 */
  initial?: RowFormValues;
  onClose: () => void;
  /** resolves when saved (the drawer closes); rejects with the server's message */
  onSubmit: (input: RowInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [form] = Form.useForm<RowFormValues>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const productMap = useProductMap();
  const products = useMemo(
    () => (productMap.data?.categories ?? []).flatMap((category) => category.products),
    [productMap.data],
  );
  const typedProduct = Form.useWatch('product', form);
  const callForPrice = Form.useWatch('callForPrice', form);
  const product = productOf(products, typedProduct);
  const isLot = kind !== 'quotation';
  const mode = initial ? 'titleEdit' : 'titleNew';

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(initial ?? { callForPrice: false });
  }, [open, initial, form]);

  const productOptions = useMemo(
    () =>
      products.map((entry) => ({
        value: entry.name,
        label: entry.aliases.length ? `${entry.name}（${entry.aliases.join('、')}）` : entry.name,
        search: [entry.name, ...entry.aliases].join(' '),
      })),
    [products],
  );

  const submit = async (values: RowFormValues) => {
    setSaving(true);
    setError(null);
    try {
      await onSubmit(formToInput(kind, values));
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('trader.form.required', { field }),
  });

  return (
    <Drawer
      title={t(`trader.form.${mode}.${kind}`)}
      placement="right"
      size={isPhone ? '100%' : 520}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <div className="sp-trader__drawer-foot">
          <Button onClick={onClose}>{t('trader.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {initial ? t('trader.form.submitEdit') : t('trader.form.submitNew')}
          </Button>
        </div>
      }
    >
      <Form<RowFormValues>
        form={form}
        layout="vertical"
        className="sp-trader__form"
        aria-label={t(`trader.form.${mode}.${kind}`)}
        onFinish={(values) => void submit(values)}
        requiredMark
      >
        <div className="sp-trader__form-grid">
          <Form.Item
            name="product"
            label={t('trader.form.product')}
            rules={[required(t('trader.form.product'))]}
          >
            <AutoComplete
              options={productOptions}
              popupMatchSelectWidth={280}
              maxLength={L.productLength}
              placeholder={t('trader.form.productPlaceholder')}
              filterOption={(input, option) =>
                (option?.search ?? '').toLowerCase().includes(input.toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="material" label={t('trader.form.material')}>
            <AutoComplete
              options={options(product?.materials ?? [])}
              maxLength={L.materialLength}
              placeholder={t('trader.form.materialPlaceholder')}
              filterOption={startsOrContains}
            />
          </Form.Item>
          <Form.Item name="spec" label={t('trader.form.spec')} rules={[required(t('trader.form.spec'))]}>
            <Input maxLength={L.specLength} placeholder={t('trader.form.specPlaceholder')} />
          </Form.Item>
          <Form.Item name="origin" label={t('trader.form.origin')}>
            <AutoComplete
              options={options(product?.origins ?? [])}
              maxLength={L.originLength}
              placeholder={t('trader.form.originPlaceholder')}
              filterOption={startsOrContains}
            />
          </Form.Item>
          <Form.Item name="warehouse" label={t('trader.form.warehouse')}>
            <Input maxLength={L.warehouseLength} placeholder={t('trader.form.warehousePlaceholder')} />
          </Form.Item>
          <Form.Item name="city" label={t('trader.form.city')}>
            <Input maxLength={L.cityLength} placeholder={t('trader.form.cityPlaceholder')} />
          </Form.Item>
          {isLot && (
            <Form.Item
              name="pieces"
              label={t('trader.form.pieces')}
              rules={[
                { required: true, message: t('trader.form.required', { field: t('trader.form.pieces') }) },
              ]}
            >
              <InputNumber
                className="sp-trader__number"
                min={1}
                max={L.piecesMax}
                precision={0}
                suffix={UNIT.pieces}
              />
            </Form.Item>
          )}
          <Form.Item
            name="weight"
            label={isLot ? t('trader.form.weight') : t('trader.form.quoteWeight')}
            extra={isLot ? undefined : t('trader.form.quoteWeightHint')}
            rules={
              isLot
                ? [{ required: true, message: t('trader.form.required', { field: t('trader.form.weight') }) }]
                : []
            }
          >
            <InputNumber
              className="sp-trader__number"
              min={isLot ? 0.001 : 0}
              max={L.weightMax}
              precision={3}
              suffix={UNIT.tonne}
            />
          </Form.Item>
          <Form.Item label={t('trader.form.price')} required className="sp-trader__price-item">
            <div className="sp-trader__price">
              <Form.Item
                name="price"
                noStyle
                rules={[
                  {
                    validator: (_, value) =>
                      form.getFieldValue('callForPrice') || (typeof value === 'number' && value > 0)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('trader.form.priceRequired'))),
                  },
                ]}
              >
                <InputNumber
                  className="sp-trader__number"
                  aria-label={t('trader.form.price')}
                  min={1}
                  max={L.priceMax}
                  precision={0}
                  disabled={Boolean(callForPrice)}
                  suffix={UNIT.pricePerTonne}
                />
              </Form.Item>
              <Form.Item name="callForPrice" valuePropName="checked" noStyle>
                <Checkbox
                  className="sp-trader__check"
                  onChange={() => void form.validateFields(['price']).catch(() => {})}
                >
                  {t('trader.form.callForPrice')}
                </Checkbox>
              </Form.Item>
            </div>
          </Form.Item>
          {kind === 'surplus' && (
            <>
              <Form.Item name="grade" label={t('trader.form.grade')}>
                <Select
                  allowClear
                  options={SURPLUS_GRADE_NAMES.map((grade) => ({ value: grade, label: grade }))}
                />
              </Form.Item>
              <Form.Item name="defects" label={t('trader.form.defects')}>
                <Input maxLength={L.defectsLength} placeholder={t('trader.form.defectsPlaceholder')} />
              </Form.Item>
            </>
          )}
        </div>
        <Form.Item name="remark" label={t('trader.form.remark')}>
          <Input.TextArea maxLength={L.remarkLength} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        {error && (
          <Alert type="error" showIcon role="alert" title={t('trader.form.errorTitle')} description={error} />
        )}
      </Form>
    </Drawer>
  );
}
