/**
 * Properties of spec and dimension parsing (issue 29), over thousands of generated values in every
 * form traders type (separators, units, full-width digits, range words): whatever the spelling,
 * the numbers read back exactly, a range is read whichever way round it is written, and formatting
 * a parsed spec parses to the same spec. Seeded, so a failure repeats.
 */
import { describe, expect, it } from 'vitest';
import { formatSpec, parseDimension, parseSpec, WIDTH_FROM_MM } from './spec.ts';

/** mulberry32: a small seeded generator. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
const R = rng(29);
const RUNS = 2000;

/** A thickness as traders write it: up to three decimals, 0.12 to 299. */
const thickness = () => {
  const decimals = R.pick([0, 1, 2, 3]);
  const value = R.int(12, 29900) / 100;
  return Number(value.toFixed(decimals)) || 0.5;
};
/** Digits as typed, sometimes full-width (ＮＦＫＣ folds them). */
const typed = (n: number) => {
  const text = String(n);
  return R.int(0, 4) === 0
    ? text.replace(/[0-9.]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
    : text;
};
const SEPARATORS = ['*', 'x', 'X', '×', '＊', '乘', ' * ', ' x '];

describe('spec parsing, generated', () => {
  it('reads thickness, width and length back in any separator and digit form', () => {
    for (let i = 0; i < RUNS; i++) {
      const t = thickness();
      const w = R.int(600, 2500);
      const tail = R.pick(['', 'C', 'L', String(R.int(1000, 12000))]);
      const sep = () => R.pick(SEPARATORS);
      const raw = `${typed(t)}${sep()}${typed(w)}${tail ? `${sep()}${tail}` : ''}`;
      const spec = parseSpec(raw);
      expect(spec, raw).not.toBeNull();
      expect(spec!.thickness, raw).toBe(t);
      expect(spec!.width, raw).toBe(w);
      expect(spec!.length, raw).toBe(/^\d+$/.test(tail) ? Number(tail) : null);
      // Formatting reads back as the same spec.
      const again = parseSpec(formatSpec(spec!));
      expect({ ...again, text: '' }, raw).toEqual({ ...spec, text: '' });
    }
  });

  it('never reads a spec from words that are not one', () => {
    for (let i = 0; i < RUNS; i++) {
      const raw = R.pick([
        `${thickness()}*${R.int(0, 9)}`,
        `${thickness()}*${R.int(600, 2500)}*${R.pick(['A', 'Z', 'CC', '12'])}`,
        `Q${R.int(100, 999)}B`,
        `${R.int(1, 9)}*${R.int(600, 2500)}*${R.int(1000, 9000)}*${R.int(1, 9)}`,
      ]);
      expect(parseSpec(raw), raw).toBeNull();
    }
  });
});

describe('dimension parsing, generated', () => {
  const BETWEEN = ['-', '~', '到', '至'];
  const UNITS = ['', 'mm', 'MM', '毫米'];

  it('reads a range whichever way round, with units, as the same bounds', () => {
    for (let i = 0; i < RUNS; i++) {
      let a = thickness();
      let b = thickness();
      if (a === b) b = Number((a + 0.5).toFixed(3));
      const unit = R.pick(UNITS);
      const raw = `${typed(a)}${unit}${R.pick(BETWEEN)}${typed(b)}${unit}`;
      const word = parseDimension(raw);
      if (a > b) [a, b] = [b, a];
      expect(word, raw).toMatchObject({
        dimension: 'thickness',
        min: a,
        max: b,
        exact: false,
        text: `${a}-${b}`,
      });
    }
  });

  it('reads single values as thickness below WIDTH_FROM_MM and width from it, or as 厚/宽 says', () => {
    for (let i = 0; i < RUNS; i++) {
      const value = R.pick([thickness(), R.int(WIDTH_FROM_MM, 6000)]);
      const word = parseDimension(`${typed(value)}${R.pick(UNITS)}`);
      expect(word, String(value)).toMatchObject({
        dimension: value < WIDTH_FROM_MM ? 'thickness' : 'width',
        min: value,
        max: value,
        exact: true,
      });
      const forced = parseDimension(`宽${Math.round(value) || 1}`);
      expect(forced?.dimension).toBe('width');
    }
  });

  it('reads open bounds in every spelling, inclusive', () => {
    const atLeast = (n: string) =>
      R.pick([`≥${n}`, `>=${n}`, `>${n}`, `${n}以上`, `${n}及以上`, `${n}起`, `不小于${n}`]);
    const atMost = (n: string) =>
      R.pick([`≤${n}`, `<=${n}`, `<${n}`, `${n}以下`, `${n}及以下`, `${n}以内`, `不大于${n}`]);
    for (let i = 0; i < RUNS; i++) {
      const value = thickness();
      const up = R.int(0, 1) === 0;
      const raw = (up ? atLeast : atMost)(typed(value));
      expect(parseDimension(raw), raw).toMatchObject(
        up ? { min: value, max: null, text: `≥${value}` } : { min: null, max: value, text: `≤${value}` },
      );
    }
  });

  it('is never a dimension past the widest strip, across thickness and width, or a fractional width', () => {
    for (let i = 0; i < RUNS; i++) {
      const raw = R.pick([
        String(R.int(6001, 99999)),
        `${thickness()}-${R.int(WIDTH_FROM_MM, 6000)}`,
        `${R.int(WIDTH_FROM_MM, 6000)}.5`,
        `${R.int(1, 9)}--${R.int(1, 9)}`,
      ]);
      expect(parseDimension(raw), raw).toBeNull();
    }
  });
});
