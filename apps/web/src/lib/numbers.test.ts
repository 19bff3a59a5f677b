import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import { en } from '../i18n/locales/en.ts';
import {
  formatChangePercent,
  formatCount,
  formatFen,
  formatFenText,
  formatLotWeight,
  formatPercent,
  formatPoints,
  formatPrice,
  formatPriceText,
  formatSigned,
  formatSize,
  formatTonnes,
  formatTonnesText,
  formatYuan,
  MISSING,
  UNIT,
} from './numbers.ts';

describe('the portal number format', () => {
  it('writes 元/吨 prices whole with separators, and no price (0 is 电议) as missing', () => {
    expect(formatPrice(3856)).toBe('3,856');
    expect(formatPrice(3856.5)).toBe('3,857');
    expect(formatPrice(0)).toBeNull();
    expect(formatPrice(null)).toBeNull();
    expect(formatPriceText(3856.49)).toBe('3,856 元/吨');
    expect(formatPriceText(0)).toBe(MISSING);
    expect(formatPriceText(undefined)).toBe('—');
  });

  it('keeps a change of 0 as 0, not 电议', () => {
    expect(formatYuan(0)).toBe('0');
    expect(formatYuan(-1234.4)).toBe('-1,234');
    expect(formatYuan(Number.NaN)).toBe(MISSING);
  });

  it('writes a single lot with three decimals and totals in whole tonnes with the unit', () => {
    expect(formatLotWeight(25.36)).toBe('25.360');
    expect(formatLotWeight(1234.5)).toBe('1,234.500');
    // the examples: a total never shows the lot decimals, and always names its unit
    expect(formatTonnes(1124600.594)).toBe('1,124,601');
    expect(formatTonnesText(1124600.594)).toBe('1,124,601 吨');
    expect(formatTonnesText(34591.613)).toBe('34,592 吨');
    expect(formatTonnes(123730.078)).toBe('123,730');
    expect(formatTonnesText(null)).toBe('—');
  });

  it('gives percentages two decimals, changes signed with a true minus', () => {
    expect(formatChangePercent(0.01234)).toBe('+1.23%');
    expect(formatChangePercent(-0.005)).toBe('−0.50%');
    expect(formatChangePercent(0)).toBe('0.00%');
    expect(formatChangePercent(-0.00001)).toBe('0.00%');
    expect(formatChangePercent(null)).toBe('—');
    expect(formatPercent(0.4567)).toBe('45.67%');
    expect(formatPercent(0.005)).toBe('0.50%');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('writes index points and percentage points with two decimals', () => {
    expect(formatPoints(1023.456)).toBe('1,023.46');
    expect(formatPoints(0.3)).toBe('0.30');
    expect(formatSigned(-0.35, formatPoints)).toBe('−0.35');
    expect(formatPoints(undefined)).toBe('—');
  });

  it('signs a figure, whole by default', () => {
    expect(formatSigned(30)).toBe('+30');
    expect(formatSigned(-20.4)).toBe('−20');
    expect(formatSigned(0)).toBe('0');
    // a fall of 0.3 yuan shows as no change, not −0
    expect(formatSigned(-0.3)).toBe('0');
    expect(formatSigned(1500, formatTonnes)).toBe('+1,500');
    expect(formatSigned(null)).toBe('—');
  });

  it('counts whole and money in fen as yuan with two decimals', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(undefined)).toBe('—');
    expect(formatFen(19900)).toBe('199.00');
    expect(formatFenText(123456)).toBe('1,234.56 元');
    expect(formatFenText(null)).toBe('—');
  });

  it('writes a size in mm as the trade does: up to three decimals, no separators', () => {
    expect(formatSize(0.25)).toBe('0.25');
    expect(formatSize(2.75)).toBe('2.75');
    expect(formatSize(2.0)).toBe('2');
    expect(formatSize(1250)).toBe('1250');
    expect(formatSize(0.1 + 0.2)).toBe('0.3');
    expect(formatSize(null)).toBe('—');
  });
});

// Issue 31: the units follow the page's language, read at each call (a switch needs no reload).
describe('the portal number format in English', () => {
  let before: string;
  beforeAll(async () => {
    initI18n('zh-CN', en);
    before = i18n.language;
    await i18n.changeLanguage('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage(before);
  });

  it('writes English units with the same figures', () => {
    expect(formatPriceText(3856.49)).toBe('3,856 CNY/t');
    expect(formatTonnesText(1124600.594)).toBe('1,124,601 t');
    expect(formatFenText(123456)).toBe('1,234.56 CNY');
    expect(formatLotWeight(25.36)).toBe('25.360');
    expect(formatChangePercent(0.01234)).toBe('+1.23%');
    expect(formatPriceText(0)).toBe(MISSING);
    expect({ ...UNIT }).toEqual({
      tonne: 't',
      pricePerTonne: 'CNY/t',
      yuan: 'CNY',
      rows: 'rows',
      pieces: 'pcs',
    });
  });

  it('follows a switch back to Chinese at once', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(formatTonnesText(34591.613)).toBe('34,592 吨');
    expect(UNIT.pieces).toBe('件');
    await i18n.changeLanguage('en');
    expect(UNIT.pieces).toBe('pcs');
  });
});
