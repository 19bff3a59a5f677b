/**
 * An operator's correction of an index day as a person reads it: "价格 3,600 → 3,723 元/吨",
 * "库存 12,480 → 12,980 吨". The console's list and the methodology's public list both show it.
 */
import '../../i18n/adminMarket.ts';
import type { CorrectionChange } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import { formatPriceText, formatTonnesText, MISSING } from '../../lib/numbers.ts';

/** One corrected field, before → after, with its unit (texts of `i18n/adminMarket.ts`). */
export function correctionChangeText(t: TFunction, change: CorrectionChange): string {
  const show = change.field === 'price' ? formatPriceText : formatTonnesText;
  const before = change.before === null ? MISSING : show(change.before);
  return `${t(`adminMarket.fields.${change.field}`)} ${before} → ${show(change.after)}`;
}
