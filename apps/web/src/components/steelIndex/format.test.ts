import { describe, expect, it } from 'vitest';
import { dayBefore, rangeStart, trendClass } from './format.ts';

describe('index screen helpers', () => {
  it('colours a rise red and a fall green, the Chinese way', () => {
    expect(trendClass(5)).toContain('sp-trend--up');
    expect(trendClass(-5)).toContain('sp-trend--down');
    expect(trendClass(0)).toContain('sp-trend--flat');
    expect(trendClass(null)).toContain('sp-trend--flat');
  });
  it('starts a range where the chart should, never before the first day', () => {
    expect(rangeStart('m1', '2026-03-31', '2024-01-01')).toBe('2026-03-02');
    expect(rangeStart('m3', '2026-03-31', '2024-01-01')).toBe('2026-01-01');
    expect(rangeStart('y1', '2026-03-02', '2025-06-01')).toBe('2025-06-01');
    expect(rangeStart('all', '2026-03-02', '2024-03-03')).toBe('2024-03-03');
    expect(dayBefore('2026-03-31', 1, 'month')).toBe('2026-02-28');
  });
});
