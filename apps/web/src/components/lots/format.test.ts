import { describe, expect, it } from 'vitest';
import { formatPrice, formatTonnage, formatUpdatedAt, formatWeight, formatYuan } from './format.ts';

describe('lot figures', () => {
  it('shows price 0 as 电议 (null), other prices with separators', () => {
    expect(formatPrice(0)).toBeNull();
    expect(formatPrice(null)).toBeNull();
    expect(formatPrice(3856)).toBe('3,856');
    expect(formatPrice(3856.5)).toBe('3,856.5');
    expect(formatPrice(3856.456)).toBe('3,856.46');
  });

  it('shows weights in tonnes with three decimals', () => {
    expect(formatWeight(25.36)).toBe('25.360');
    expect(formatWeight(0.0005)).toBe('0.001');
    expect(formatWeight(3)).toBe('3.000');
  });

  it('shows a change of zero as 0 and tonnages without needless decimals', () => {
    expect(formatYuan(0)).toBe('0');
    expect(formatYuan(-9.321)).toBe('-9.32');
    expect(formatTonnage(563540)).toBe('563,540');
    expect(formatTonnage(25.36)).toBe('25.36');
  });

  it('shows the update time as MM-DD HH:mm in local time', () => {
    expect(formatUpdatedAt(new Date(2026, 10, 2, 9, 5).toISOString())).toBe('11-02 09:05');
    expect(formatUpdatedAt('')).toBe('');
    expect(formatUpdatedAt('not a date')).toBe('');
  });
});
