import { describe, expect, it } from 'vitest';
import { sparkPath } from './Sparkline.tsx';

describe('sparkPath', () => {
  it('puts the highest price at the top and the lowest at the bottom, left to right', () => {
    const path = sparkPath([3400, 3500, 3450], 100, 20);
    expect(path).toBe('2.0,18.0 50.0,2.0 98.0,10.0');
  });

  it('draws a flat series through the middle and nothing for no prices', () => {
    expect(sparkPath([3400, 3400], 100, 20)).toBe('2.0,10.0 98.0,10.0');
    expect(sparkPath([])).toBe('');
  });
});
