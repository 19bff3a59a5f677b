import { describe, expect, it } from 'vitest';
import { Rng, weightedPicker } from './random.ts';

function draw(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => rng.float());
}

describe('Rng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    expect(draw(new Rng(42), 50)).toEqual(draw(new Rng(42), 50));
    expect(draw(new Rng(42), 50)).not.toEqual(draw(new Rng(43), 50));
  });

  it('forks independent streams: drawing more from one leaves the other unchanged', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    const cargoA = a.fork('cargo');
    const cargoB = b.fork('cargo');
    draw(cargoA, 10);
    draw(cargoB, 1000);
    expect(draw(a.fork('quotations'), 20)).toEqual(draw(b.fork('quotations'), 20));
    expect(draw(new Rng(7).fork('cargo'), 20)).not.toEqual(draw(new Rng(7).fork('quotations'), 20));
  });

  it('keeps ints, ranges and normals within their bounds', () => {
    const rng = new Rng(1);
    const ints = Array.from({ length: 5000 }, () => rng.int(3, 7));
    expect(Math.min(...ints)).toBe(3);
    expect(Math.max(...ints)).toBe(7);
    for (let i = 0; i < 2000; i++) {
      const r = rng.range(10, 20);
      expect(r).toBeGreaterThanOrEqual(10);
      expect(r).toBeLessThan(20);
      const n = rng.normalIn(0, 25, -75, 75);
      expect(Math.abs(n)).toBeLessThanOrEqual(75);
    }
  });

  it('has a normal distribution with the asked mean and spread', () => {
    const rng = new Rng(3);
    const xs = Array.from({ length: 20000 }, () => rng.normal(100, 15));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(100, 0);
    expect(sd).toBeGreaterThan(14.5);
    expect(sd).toBeLessThan(15.5);
  });

  it('picks by weight, never a zero-weight item', () => {
    const rng = new Rng(5);
    const counts = { a: 0, b: 0, c: 0 };
    const items = ['a', 'b', 'c'] as const;
    const pick = weightedPicker(items, [1, 3, 0]);
    for (let i = 0; i < 8000; i++) {
      counts[rng.weighted(items, (x) => ({ a: 1, b: 3, c: 0 })[x])]++;
      counts[pick(rng)]++;
    }
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.7);
    expect(counts.b / counts.a).toBeLessThan(3.3);
  });

  it('samples distinct elements', () => {
    const rng = new Rng(9);
    const s = rng.sample([1, 2, 3, 4, 5, 6, 7, 8], 5);
    expect(new Set(s).size).toBe(5);
    expect(rng.sample([1, 2], 5).sort()).toEqual([1, 2]);
  });
});
