import '../../i18n/steelIndex.ts';
import type { TFunction } from 'i18next';
import { formatPoints, formatPrice, formatTonnes, MISSING } from '../../lib/numbers.ts';

/** A field's figure; its unit is in the row's label (价格(元/吨), 库存(吨)...). */
export const fmtField = (field: string, v: number) =>
  field === 'price' ? (formatPrice(v) ?? MISSING) : field === 'points' ? formatPoints(v) : formatTonnes(v);
/** A price cell of the overview. */
export const fmtPriceCell = (v: number) => formatPrice(v) ?? MISSING;

/** A field's label with its unit (价格(元/吨)). */
export const fieldLabel = (t: TFunction, f: string) =>
  t(`steelIndex.fields.${f}` as 'steelIndex.fields.price');
