/**
 * The one number format of the portal (issue 13). Every figure a trader reads goes through here,
 * so a price, a weight or a change reads the same on every screen:
 *
 * - prices per tonne and index points are whole yuan with thousands separators (3,856);
 * - the weight of a single lot keeps the three decimals the trade writes (25.360 t);
 *   totals, stock and offered tonnage are whole tonnes (1,124,601 t);
 * - percentages carry two decimals (+1.23%); counts are whole (1,234 rows);
 * - index points and percentage points keep the two decimals the index method publishes
 *   (1,023.45 points, +0.35 percentage points);
 * - a thickness or width in mm as the trade writes it: up to three decimals, no separators
 *   (0.25, 2.75, 1250);
 * - money in fen (payments) reads as yuan with two decimals (199.00 CNY).
 *
 * The `…Text` variants append the unit; the bare ones are for cells whose column header or
 * neighbouring label already names the unit, in the page's language (`units` in the locales:
 * tonnes, price per tonne). A missing value is "—", never 0 or call-for-price.
 */
import { i18n } from '../i18n/index.ts';
import { zhCN } from '../i18n/locales/zh-CN.ts';

type UnitKey = keyof typeof zhCN.units;

/** A unit in the page's language (`units` in the locales); Chinese before i18next starts. */
function unit(key: UnitKey): string {
  return i18n.isInitialized ? i18n.t(`units.${key}`) : zhCN.units[key];
}

/** The units in the page's language, read when used: a language switch needs no reload. */
export const UNIT: Readonly<Record<UnitKey, string>> = {
  get tonne() {
    return unit('tonne');
  },
  get pricePerTonne() {
    return unit('pricePerTonne');
  },
  get yuan() {
    return unit('yuan');
  },
  get rows() {
    return unit('rows');
  },
  get pieces() {
    return unit('pieces');
  },
};

/** What a missing figure shows. */
export const MISSING = '—';

function formatsOf(locale: string) {
  return {
    whole: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    three: new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }),
    size: new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false }),
    two: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  };
}
const FORMATS = { zh: formatsOf('zh-CN'), en: formatsOf('en') };

/** The number formats of the page's language (the same digits today; the locale's own rules). */
function formats() {
  return i18n.language?.startsWith('en') ? FORMATS.en : FORMATS.zh;
}
const whole = { format: (n: number) => formats().whole.format(n) };
const three = { format: (n: number) => formats().three.format(n) };
const size = { format: (n: number) => formats().size.format(n) };
const two = { format: (n: number) => formats().two.format(n) };

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Index points or percentage points, two decimals with separators: 1,023.45. */
export function formatPoints(n: number | null | undefined): string {
  return finite(n) ? two.format(n) : MISSING;
}

/** A whole number with thousands separators: 1,234. */
export function formatCount(n: number | null | undefined): string {
  return finite(n) ? whole.format(n) : MISSING;
}

/** A thickness or width in mm, up to three decimals and no separators: 0.25, 2.75, 1250. */
export function formatSize(mm: number | null | undefined): string {
  return finite(mm) ? size.format(mm) : MISSING;
}

/** A price per tonne, whole yuan: 3,856. Null for a missing price or 0 (the trade's call-for-price). */
export function formatPrice(yuanPerTonne: number | null | undefined): string | null {
  return finite(yuanPerTonne) && yuanPerTonne !== 0 ? whole.format(yuanPerTonne) : null;
}

/** 3,856 with the price unit, or — when there is no price. */
export function formatPriceText(yuanPerTonne: number | null | undefined): string {
  const price = formatPrice(yuanPerTonne);
  return price === null ? MISSING : `${price} ${UNIT.pricePerTonne}`;
}

/** An amount or change in yuan, zero included (a change of 0 is flat): 20, 1,234. */
export function formatYuan(amount: number | null | undefined): string {
  return finite(amount) ? whole.format(amount) : MISSING;
}

/** The weight of one lot, three decimals as the trade writes it: 25.360. */
export function formatLotWeight(tonnes: number | null | undefined): string {
  return finite(tonnes) ? three.format(tonnes) : MISSING;
}

/** A total, stock or offered tonnage in whole tonnes: 1,124,601. */
export function formatTonnes(tonnes: number | null | undefined): string {
  return finite(tonnes) ? whole.format(tonnes) : MISSING;
}

/** 1,124,601 with the tonne unit */
export function formatTonnesText(tonnes: number | null | undefined): string {
  return finite(tonnes) ? `${whole.format(tonnes)} ${UNIT.tonne}` : MISSING;
}

/** Whether a formatted magnitude shows as zero (0, 0.00): then it carries no sign. */
const showsZero = (text: string) => !/[1-9]/.test(text);

/**
 * A ratio as a signed percentage with two decimals: 0.0123 → +1.23%, −0.50%, 0.00% (also for a
 * change too small to show: −0.00% would read as a fall).
 */
export function formatChangePercent(ratio: number | null | undefined): string {
  if (!finite(ratio)) return MISSING;
  const pct = two.format(Math.abs(ratio * 100));
  return `${showsZero(pct) ? '' : ratio > 0 ? '+' : '−'}${pct}%`;
}

/** A share as a percentage with two decimals, unsigned: 0.4567 → 45.67%. */
export function formatPercent(ratio: number | null | undefined): string {
  return finite(ratio) ? `${two.format(ratio * 100)}%` : MISSING;
}

/**
 * A signed figure: +30 / −20 / 0, through `format` (whole yuan by default); a change that rounds
 * to zero shows 0, never −0.
 */
export function formatSigned(
  n: number | null | undefined,
  format: (n: number) => string = (v) => whole.format(v),
): string {
  if (!finite(n)) return MISSING;
  const text = format(Math.abs(n));
  return `${showsZero(text) ? '' : n > 0 ? '+' : '−'}${text}`;
}

/** Money held in integer fen, as yuan with two decimals: 19900 → 199.00. */
export function formatFen(fen: number | null | undefined): string {
  return finite(fen) ? two.format(fen / 100) : MISSING;
}

/** 199.00 with the money unit */
export function formatFenText(fen: number | null | undefined): string {
  return finite(fen) ? `${two.format(fen / 100)} ${UNIT.yuan}` : MISSING;
}

/** A file size with its unit: 812 B, 12.5 KB, 4.80 MB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!finite(bytes)) return MISSING;
  if (bytes < 1024) return `${whole.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${two.format(bytes / 1024 / 1024)} MB`;
}
