/**
 * How the server understands one row as a trader writes it (form, sheet row, ERP row): text the
 * way a sheet holds it (品名 热卷, 规格 2.75*1250*C, 单价 电议) becomes the stored values a seeded
 * row has (dictionary ids, parsed spec, kg, fen). Every writer goes through `understandLotRow`
 * and `lotSearchText`, so a published row is searchable exactly like a seeded one.
 *
 * Pure: no database, only the trade dictionary (search/dictionary.ts) and the spec parser.
 */
import {
  type CargoInput,
  formatSpec,
  parseSpec,
  type QuotationInput,
  type SpecForm,
  SURPLUS_GRADE_NAMES,
  type SurplusGradeName,
  type SurplusInput,
  TRADER_LIMITS,
  type TraderKind,
} from '@steelport/contracts';
import { buildSearchText } from '../../db/schema/search-text.ts';
import { toFen, toKg, toTonnes, toYuan } from '../../present.ts';
import type { TradeDictionary } from './dictionary.ts';

const L = TRADER_LIMITS;

/** A row as stored: dictionary ids beside the text written, kg and fen. */
export interface LotRowValues {
  productId: number;
  materialId: number | null;
  material: string;
  spec: string;
  thickness: number;
  width: number | null;
  length: number | null;
  form: SpecForm;
  millId: number | null;
  origin: string;
  warehouseId: number | null;
  warehouseName: string;
  city: string;
  /** 0 for quotations */
  pieces: number;
  /** kg; a quotation may say 0 (not stated) */
  weightKg: number;
  /** fen per tonne; 0 = 电议 */
  priceFen: number;
  remark: string;
  /** surplus only */
  grade?: SurplusGradeName;
  /** surplus only */
  defects?: string;
}

/**
 * What makes two quotes the same item (品名, 材质, 规格, 产地, 城市, 仓库): a trader quotes an item
 * once a day, so a second quote of it replaces the first.
 */
export function quoteItemKey(
  v: Pick<LotRowValues, 'productId' | 'material' | 'spec' | 'origin' | 'city' | 'warehouseName'>,
): string {
  return JSON.stringify([v.productId, v.material, v.spec, v.origin, v.city, v.warehouseName]);
}

/** One problem of one field: the field, its Chinese column name and the reason in Chinese. */
export interface FieldError {
  field: string;
  column: string;
  message: string;
  /** the message in English (a form's refusal answers in the request's language) */
  en?: string;
}

/**
 * A row before it is understood. The typed inputs of the API (CargoInput...) fit it; a sheet may
 * also hand numbers as text (`"25.5"`, `"电议"`, `"4,120"`) and leave cells empty.
 */
export interface LotRowInput {
  product?: string | null;
  material?: string | null;
  spec?: string | null;
  origin?: string | null;
  warehouse?: string | null;
  city?: string | null;
  pieces?: number | string | null;
  weight?: number | string | null;
  price?: number | string | null;
  remark?: string | null;
  grade?: string | null;
  defects?: string | null;
}

/** The fields of a row and the column names traders know them by. */
export const LOT_FIELD_COLUMNS = {
  product: '品名',
  material: '材质',
  spec: '规格',
  origin: '产地',
  warehouse: '仓库',
  city: '城市',
  pieces: '件数',
  weight: '重量',
  price: '单价',
  remark: '备注',
  grade: '品级',
  defects: '缺陷',
} as const;
export type LotField = keyof typeof LOT_FIELD_COLUMNS;

/** The fields as an English message names them. */
export const FIELD_NAMES_EN: Record<LotField, string> = {
  product: 'Product',
  material: 'Grade',
  spec: 'Size',
  origin: 'Mill',
  warehouse: 'Warehouse',
  city: 'City',
  pieces: 'Pieces',
  weight: 'Weight',
  price: 'Price',
  remark: 'Remark',
  grade: 'Quality',
  defects: 'Defects',
};

/** Words a trader writes for "no price, call me". */
const CALL_FOR_PRICE = new Set(['电议', '面议', '议价', '电话咨询', '来电咨询']);

/** NFKC (full-width to half-width), blanks trimmed and runs of blanks made one. */
export function cleanText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).normalize('NFKC').replace(/\s+/g, ' ').trim();
}

type NumberRead = { ok: true; value: number | null } | { ok: false };

/**
 * A number as a sheet may hold it: a number, or text with thousands separators and a unit
 * (`4,120`, `25.5吨`, `4120元`). Empty is null; anything else is not a number.
 */
function readNumber(value: unknown, units: RegExp): NumberRead {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (typeof value === 'number') return Number.isFinite(value) ? { ok: true, value } : { ok: false };
  const text = cleanText(value).replace(/,/g, '').replace(units, '').trim();
  if (text === '') return { ok: true, value: null };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { ok: false };
  return { ok: true, value: Number(text) };
}

const WEIGHT_UNITS = /\s*(吨|t|T|噸)$/;
const PRICE_UNITS = /\s*(元\/吨|元\/t|元|¥)$|^¥\s*/g;
const PIECES_UNITS = /\s*(件|卷|张|块|支)$/;

/**
 * Understands one row of `kind`: every text cleaned (NFKC, trimmed), product, material, origin
 * and warehouse looked up in the dictionary, the spec parsed, tonnes to kg, 元 to fen, bounds of
 * TRADER_LIMITS checked. Returns the stored values or every problem of the row.
 */
export function understandLotRow(
  kind: TraderKind,
  input: CargoInput | SurplusInput | QuotationInput | LotRowInput,
  dict: TradeDictionary,
): { ok: true; values: LotRowValues } | { ok: false; errors: FieldError[] } {
  const row = input as LotRowInput;
  const errors: FieldError[] = [];
  const fail = (field: LotField, message: string, en: string) =>
    errors.push({ field, column: LOT_FIELD_COLUMNS[field], message, en });
  const textOf = (field: LotField, max: number): string => {
    const value = cleanText(row[field]);
    if (value.length > max)
      fail(
        field,
        `${LOT_FIELD_COLUMNS[field]}最多 ${max} 个字，现有 ${value.length} 个`,
        `${FIELD_NAMES_EN[field]} has at most ${max} characters, not ${value.length}`,
      );
    return value;
  };

  // 品名
  const product = textOf('product', L.productLength);
  let productId = 0;
  if (product === '') fail('product', '请填写品名', 'Enter the product');
  else {
    const id = dict.productByName.get(product) ?? dict.productByName.get(product.toUpperCase());
    if (id === undefined)
      fail(
        'product',
        `品名「${product}」不在品名表中`,
        `The product "${product}" is not in the product list`,
      );
    else productId = id;
  }

  // 材质: unknown materials are allowed, kept as written (upper-case, Q235B)
  const material = textOf('material', L.materialLength).toUpperCase();
  const materialId = material === '' ? null : (dict.materialByName.get(material) ?? null);

  // 规格
  const specText = textOf('spec', L.specLength);
  const spec = specText === '' ? null : parseSpec(specText);
  if (specText === '') fail('spec', '请填写规格，如 2.75*1250*C', 'Enter the size, e.g. 2.75*1250*C');
  else if (!spec)
    fail(
      'spec',
      `规格「${specText}」无法识别，应如 2.75*1250*C`,
      `The size "${specText}" is not understood; write it like 2.75*1250*C`,
    );

  // 产地: unknown mills allowed
  const origin = textOf('origin', L.originLength);
  const millId = origin === '' ? null : (dict.millByName.get(origin) ?? null);

  // 仓库 and 城市: a known warehouse brings its city; otherwise the city is required
  const warehouseName = textOf('warehouse', L.warehouseLength);
  const warehouseId = warehouseName === '' ? null : (dict.warehouseByName.get(warehouseName) ?? null);
  let city = textOf('city', L.cityLength);
  if (warehouseId !== null) city = dict.warehouseCity.get(warehouseName) ?? city;
  else if (city === '') {
    if (warehouseName === '') fail('city', '请填写仓库或城市', 'Enter the warehouse or the city');
    else fail('city', '仓库不在库中时请填写城市', 'Enter the city when the warehouse is not in our list');
  }

  // 件数
  let pieces = 0;
  if (kind !== 'quotation') {
    const read = readNumber(row.pieces, PIECES_UNITS);
    if (!read.ok) fail('pieces', '件数应为整数', 'Pieces must be a whole number');
    else if (read.value === null) fail('pieces', '请填写件数', 'Enter the pieces');
    else if (!Number.isInteger(read.value)) fail('pieces', '件数应为整数', 'Pieces must be a whole number');
    else if (read.value < 1) fail('pieces', '件数至少为 1', 'Pieces must be at least 1');
    else if (read.value > L.piecesMax)
      fail('pieces', `件数不能超过 ${L.piecesMax}`, `Pieces may be at most ${L.piecesMax}`);
    else pieces = read.value;
  }

  // 重量 (吨, up to three decimals)
  let weightKg = 0;
  {
    const read = readNumber(row.weight, WEIGHT_UNITS);
    const optional = kind === 'quotation';
    if (!read.ok) fail('weight', '重量应为数字（吨）', 'Weight must be a number (t)');
    else if (read.value === null) {
      if (!optional) fail('weight', '请填写重量（吨）', 'Enter the weight (t)');
    } else if (read.value < 0 || (!optional && read.value === 0))
      fail('weight', '重量应大于 0', 'Weight must be more than 0');
    else if (read.value > L.weightMax)
      fail('weight', `重量不能超过 ${L.weightMax} 吨`, `Weight may be at most ${L.weightMax} t`);
    else if (toTonnes(toKg(read.value)) !== read.value)
      fail('weight', '重量最多三位小数（吨）', 'Weight has at most three decimals (t)');
    else weightKg = toKg(read.value);
  }

  // 单价 (元/吨; blank or 电议 = 0)
  let priceFen = 0;
  {
    const raw = cleanText(row.price);
    if (!CALL_FOR_PRICE.has(raw)) {
      const read = readNumber(typeof row.price === 'number' ? row.price : raw, PRICE_UNITS);
      if (!read.ok)
        fail(
          'price',
          `单价「${raw}」应为数字（元/吨）或“电议”`,
          `The price "${raw}" must be a number (CNY/t) or 电议 (call for price)`,
        );
      else if (read.value === null) priceFen = 0;
      else if (read.value < 0) fail('price', '单价不能为负数', 'The price cannot be negative');
      else if (read.value > L.priceMax)
        fail('price', `单价不能超过 ${L.priceMax} 元/吨`, `The price may be at most ${L.priceMax} CNY/t`);
      else if (toYuan(toFen(read.value)) !== read.value)
        fail('price', '单价最多两位小数（元/吨）', 'The price has at most two decimals (CNY/t)');
      else priceFen = toFen(read.value);
    }
  }

  const remark = textOf('remark', L.remarkLength);

  let grade: SurplusGradeName | undefined;
  let defects: string | undefined;
  if (kind === 'surplus') {
    const g = cleanText(row.grade);
    if (g === '') grade = '正品';
    else if ((SURPLUS_GRADE_NAMES as readonly string[]).includes(g)) grade = g as SurplusGradeName;
    else
      fail(
        'grade',
        `品级应为 ${SURPLUS_GRADE_NAMES.join('、')} 之一`,
        `Quality must be one of ${SURPLUS_GRADE_NAMES.join(', ')}`,
      );
    defects = textOf('defects', L.defectsLength);
  }

  if (errors.length > 0 || !spec) return { ok: false, errors };
  const values: LotRowValues = {
    productId,
    materialId,
    material,
    // canonical as seeded rows write it: 1 -> 1.0, 2.0*1250 -> 2.0*1250*C
    spec: formatSpec(spec),
    thickness: spec.thickness,
    width: spec.width,
    length: spec.length,
    form: spec.form,
    millId,
    origin,
    warehouseId,
    warehouseName,
    city,
    pieces,
    weightKg,
    priceFen,
    remark,
  };
  if (kind === 'surplus') {
    values.grade = grade ?? '正品';
    values.defects = defects ?? '';
  }
  return { ok: true, values };
}

/**
 * The `search_text` of a row (db/schema/search-text.ts): product name, material, spec, origin,
 * warehouse, city, the supplier's short name and the remark (a surplus lot's grade and defects
 * with it), as seeded rows have it.
 */
export function lotSearchText(values: LotRowValues, productName: string, supplierShortName: string): string {
  return buildSearchText({
    product: productName,
    material: values.material,
    spec: values.spec,
    mill: values.origin,
    warehouse: values.warehouseName,
    city: values.city,
    supplier: supplierShortName,
    remark: [values.remark, values.grade, values.defects].filter(Boolean).join(' '),
  });
}

/**
 * The stored columns of an understood row that lots and quotes share (every writer: form,
 * import, sync); a writer adds the company, search text and its kind's own columns.
 */
export function storedColumns(v: LotRowValues) {
  return {
    productId: v.productId,
    materialId: v.materialId,
    material: v.material,
    spec: v.spec,
    thickness: v.thickness,
    width: v.width,
    length: v.length,
    form: v.form,
    millId: v.millId,
    origin: v.origin,
    warehouseId: v.warehouseId,
    warehouseName: v.warehouseName,
    city: v.city,
    weightKg: v.weightKg,
    priceFen: v.priceFen,
    remark: v.remark,
  };
}
