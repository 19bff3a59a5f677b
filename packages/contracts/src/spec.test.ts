import { describe, expect, it } from 'vitest';
import { formatSpec, normalizeSpecText, parseDimension, parseSpec } from './spec.ts';

describe('parseSpec', () => {
  it('reads a coil spec', () => {
    expect(parseSpec('2.75*1250*C')).toEqual({
      thickness: 2.75,
      width: 1250,
      length: null,
      form: 'coil',
      text: '2.75*1250*C',
    });
  });

  it('reads plate in mill lengths and cut sheets', () => {
    expect(parseSpec('10*2200*L')).toMatchObject({ thickness: 10, width: 2200, length: null, form: 'plate' });
    expect(parseSpec('1.0*1250*2500')).toMatchObject({
      thickness: 1,
      width: 1250,
      length: 2500,
      form: 'sheet',
    });
    expect(parseSpec('20*2000*8000')).toMatchObject({ form: 'plate', length: 8000 });
  });

  it('accepts every separator traders type', () => {
    for (const raw of ['2.75×1250×C', '2.75x1250xc', '2.75X1250*C', ' 2.75 * 1250 * C ', '2.75＊1250＊C']) {
      expect(parseSpec(raw)?.text).toBe('2.75*1250*C');
    }
  });

  it('reads partial specs used in searches', () => {
    expect(parseSpec('2.75*1250')).toMatchObject({ thickness: 2.75, width: 1250, length: null });
    expect(parseSpec('2.75')).toMatchObject({ thickness: 2.75, width: null });
  });

  it('rejects what is not a spec', () => {
    for (const raw of ['', 'Q235B', '宝钢', '2.75*abc', '0*1250*C', '2.75*1250*C*9', '1.2345*1000']) {
      expect(parseSpec(raw)).toBeNull();
    }
  });
});

describe('formatSpec', () => {
  it('round-trips through parseSpec', () => {
    for (const raw of ['2.75*1250*C', '10.0*2200*L', '1.0*1250*2500']) {
      const parsed = parseSpec(raw)!;
      expect(formatSpec(parsed)).toBe(normalizeSpecText(raw));
    }
  });
});

describe('parseDimension', () => {
  /** A small deterministic generator, so a failure names its case and reruns the same. */
  function* cases(n: number, seed = 29) {
    let s = seed;
    const next = () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    };
    for (let i = 0; i < n; i++) yield next;
  }
  const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const thickness = (r: () => number) => Math.round((0.2 + r() * 60) * 100) / 100;
  const width = (r: () => number) => 300 + Math.floor(r() * 2700);
  const unit = (r: () => number) => pick(r, ['', 'mm', 'MM', '毫米', 'ｍｍ']);
  const write = (n: number, r: () => number) => pick(r, [String(n), n.toFixed(Number.isInteger(n) ? 1 : 2)]);

  it('reads a single value as an exact thickness or width, with any unit', () => {
    for (const r of cases(300)) {
      const t = thickness(r);
      expect(parseDimension(`${write(t, r)}${unit(r)}`)).toMatchObject({
        dimension: 'thickness',
        min: t,
        max: t,
        exact: true,
      });
      const w = width(r);
      expect(parseDimension(`${w}${unit(r)}`)).toMatchObject({
        dimension: 'width',
        min: w,
        max: w,
        exact: true,
      });
    }
  });

  it('reads a range written any way as its ordered bounds', () => {
    for (const r of cases(300)) {
      const a = thickness(r);
      const b = thickness(r);
      const sep = pick(r, ['-', '~', '～', '到', '至', '－', ' - ', ' 到 ']);
      const u = unit(r);
      const d = parseDimension(`${write(a, r)}${u}${sep}${write(b, r)}${u}`);
      expect(d, `${a} ${sep} ${b}`).toMatchObject({
        dimension: 'thickness',
        min: Math.min(a, b),
        max: Math.max(a, b),
      });
      expect(d?.exact).toBe(a === b);
    }
  });

  it('reads open bounds', () => {
    for (const r of cases(200)) {
      const t = thickness(r);
      const above = pick(r, [`≥${t}`, `>=${t}`, `＞${t}`, `${t}以上`, `${t}mm以上`, `${t}及以上`]);
      expect(parseDimension(above), above).toMatchObject({ min: t, max: null, text: `≥${t}` });
      const below = pick(r, [`≤${t}`, `<=${t}`, `${t}以下`, `${t}以内`]);
      expect(parseDimension(below), below).toMatchObject({ min: null, max: t, text: `≤${t}` });
    }
  });

  it('follows 厚 and 宽 over the size of the number', () => {
    expect(parseDimension('宽1250')).toMatchObject({ dimension: 'width', min: 1250 });
    expect(parseDimension('厚度3-4')).toMatchObject({ dimension: 'thickness', min: 3, max: 4 });
    expect(parseDimension('宽度：1000-1500')).toMatchObject({ dimension: 'width', min: 1000, max: 1500 });
  });

  it('is not a dimension otherwise', () => {
    for (const raw of [
      '',
      'Q235B',
      '3-',
      '-4',
      '3-4-5',
      '0',
      '0-3',
      '3-1250',
      '7000',
      '1250.5',
      '3.12345',
      'abc',
      '3x',
      '3以上4',
    ]) {
      expect(parseDimension(raw), raw).toBeNull();
    }
  });
});

describe('parseSpec with 乘', () => {
  it('reads 乘 like the other separators', () => {
    expect(parseSpec('2.75乘1250')?.text).toBe('2.75*1250');
    expect(parseSpec('2.75乘1250乘C')?.text).toBe('2.75*1250*C');
  });
});
