/**
 * A small seeded PRNG for the demo data. Same seed, same sequence, on every machine: the demo
 * data (and any test that relies on it) is reproducible. `fork(label)` derives an independent
 * stream, so generating more cargo does not change the quotations that follow it.
 */

/** mulberry32: 32-bit state, fast, good enough for demo data (not for secrets). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, to turn fork labels into seeds. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;
  private spareNormal: number | null = null;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** A new independent stream derived from this seed and a label. */
  fork(label: string): Rng {
    return new Rng((hashString(label) ^ Math.imul(this.seed, 0x9e3779b1)) >>> 0);
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next();
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One element with probability proportional to its weight. */
  weighted<T>(items: readonly T[], weight: (item: T, index: number) => number): T {
    let total = 0;
    for (let i = 0; i < items.length; i++) total += Math.max(0, weight(items[i] as T, i));
    if (!(total > 0)) throw new Error('weighted pick needs a positive total weight');
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= Math.max(0, weight(items[i] as T, i));
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** Normal distribution (Box-Muller). */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mean + sd * z;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  }

  /** Normal, clamped to [min, max]. */
  normalIn(mean: number, sd: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.normal(mean, sd)));
  }

  /** `count` distinct elements in random order (all of them when count >= length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  /** A string of random decimal digits. */
  digits(count: number): string {
    let s = '';
    for (let i = 0; i < count; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }
}

/**
 * A weighted picker for hot loops: cumulative weights and a binary search, so picking among n
 * items costs log n instead of n (the cargo generator picks millions of times at scale).
 */
export function weightedPicker<T>(items: readonly T[], weights: readonly number[]): (rng: Rng) => T {
  if (items.length === 0 || items.length !== weights.length)
    throw new Error('weightedPicker needs items and weights');
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) {
    total += Math.max(0, w);
    cumulative.push(total);
  }
  if (!(total > 0)) throw new Error('weightedPicker needs a positive total weight');
  return (rng) => {
    const r = rng.float() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}
