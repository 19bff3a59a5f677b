import { describe, expect, it } from 'vitest';
import { formatSpec, normalizeSpecText, parseSpec } from './spec.ts';

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
