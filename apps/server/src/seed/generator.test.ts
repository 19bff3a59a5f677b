/** The generator's pure parts: specs, widths, prices, traders and quotations, without a database. */
import { parseSpec } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS } from './benchmarks.ts';
import { cargoGenerator } from './cargo.ts';
import type { Catalog } from './catalog.ts';
import { allMaterials, PRODUCTS, type ProductKey, productByKey } from './dictionaries.ts';
import { makeLot, widthsFor } from './lots.ts';
import { MILLS, millsMaking } from './mills.ts';
import { MARKETS, WAREHOUSES } from './places.ts';
import { buildPriceBoard, priceBand } from './pricing.ts';
import { generateQuotations } from './quotations.ts';
import { Rng } from './random.ts';
import { makeTraders, type SeededTrader } from './traders.ts';

const NOW = new Date('2026-03-02T00:00:00+08:00');

/** The catalog as a fresh database would number it. */
function fakeCatalog(): Catalog {
  const warehouses = WAREHOUSES.map((w, i) => ({
    id: i + 1,
    name: w.name,
    city: w.city,
    market: w.market,
    capacity: w.capacity,
  }));
  return {
    productIds: Object.fromEntries(PRODUCTS.map((p, i) => [p.key, i + 1])) as Catalog['productIds'],
    materialIds: new Map(allMaterials().map((m, i) => [m, i + 1])),
    millIds: new Map(MILLS.map((m, i) => [m.name, i + 1])),
    warehouses,
    warehousesByMarket: new Map(MARKETS.map((m) => [m.name, warehouses.filter((w) => w.market === m.name)])),
  };
}

function fakeTraders(seed: number): SeededTrader[] {
  return makeTraders(new Rng(seed), new Set()).map((t, i) => ({ ...t, companyId: i + 1, userId: i + 10 }));
}

describe('specs', () => {
  it('gives 日照 hot coil a spec that parses, in the product range, at one of 日照 widths', () => {
    const rng = new Rng(11);
    const hrc = productByKey('hrc');
    const rizhao = MILLS.find((m) => m.name === '日照')!;
    for (let i = 0; i < 300; i++) {
      const lot = makeLot(rng, hrc, rizhao);
      const parsed = parseSpec(lot.spec);
      expect(parsed).not.toBeNull();
      expect(parsed?.form).toBe('coil');
      expect(lot.spec).toMatch(/\*C$/);
      expect(parsed?.thickness).toBe(lot.thickness);
      expect(parsed?.thickness).toBeGreaterThanOrEqual(1.5);
      expect(parsed?.thickness).toBeLessThanOrEqual(25.4);
      expect([1250, 1500]).toContain(parsed?.width);
    }
  });

  it('makes every product-mill pair parse within the product ranges, with one of its materials', () => {
    const rng = new Rng(12);
    for (const product of PRODUCTS) {
      for (const mill of millsMaking(product.key)) {
        for (let i = 0; i < 20; i++) {
          const lot = makeLot(rng, product, mill);
          const parsed = parseSpec(lot.spec);
          expect(parsed, lot.spec).not.toBeNull();
          expect(parsed?.thickness).toBeGreaterThanOrEqual(product.thickness[0]);
          expect(parsed?.thickness).toBeLessThanOrEqual(product.thickness[1]);
          expect(parsed?.width).toBeGreaterThanOrEqual(product.width[0]);
          expect(parsed?.width).toBeLessThanOrEqual(product.width[1]);
          expect(parsed?.form).toBe(lot.form);
          expect(product.materials.map(([m]) => m)).toContain(lot.material);
        }
      }
    }
  });

  it('sells plate in mill lengths (L) or cut lengths, never as coil', () => {
    const rng = new Rng(13);
    const plate = productByKey('plate');
    const specs = Array.from({ length: 200 }, () => makeLot(rng, plate, millsMaking('plate')[0]!).spec);
    expect(specs.some((s) => s.endsWith('*L'))).toBe(true);
    expect(specs.some((s) => /\*\d{4,5}$/.test(s))).toBe(true);
    expect(specs.every((s) => !s.endsWith('*C'))).toBe(true);
  });

  it('keeps mill widths inside the product range', () => {
    for (const product of PRODUCTS) {
      for (const mill of millsMaking(product.key)) {
        for (const w of widthsFor(product, mill)) {
          expect(w).toBeGreaterThanOrEqual(product.width[0]);
          expect(w).toBeLessThanOrEqual(product.width[1]);
        }
      }
    }
  });
});

describe('cargo rows', () => {
  const catalog = fakeCatalog();
  const traders = fakeTraders(1);
  const board = buildPriceBoard(new Rng(2), 31);
  const rows = (seed: number, n: number) => {
    const next = cargoGenerator(new Rng(seed), { catalog, traders, board, now: NOW });
    return Array.from({ length: n }, () => next());
  };

  it('is the same for the same seed and different for another', () => {
    expect(rows(5, 200).map((g) => g.row)).toEqual(rows(5, 200).map((g) => g.row));
    expect(rows(5, 200).map((g) => g.row)).not.toEqual(rows(6, 200).map((g) => g.row));
  });

  it('prices each product in its level band, about 8% 电议, in multiples of 10 元', () => {
    const generated = rows(7, 4000);
    const callForPrice = generated.filter((g) => g.row.priceFen === 0).length / generated.length;
    expect(callForPrice).toBeGreaterThan(0.05);
    expect(callForPrice).toBeLessThan(0.11);
    for (const { row, lot } of generated) {
      if (row.priceFen === 0) continue;
      const [min, max] = priceBand(lot.product);
      expect(row.priceFen! % 1000).toBe(0);
      expect(row.priceFen! / 100).toBeGreaterThanOrEqual(min);
      expect(row.priceFen! / 100).toBeLessThanOrEqual(max);
    }
    const hot = generated.filter((g) => g.lot.product.key === 'hrc' && g.row.priceFen! > 0);
    const avg = hot.reduce((s, g) => s + g.row.priceFen! / 100, 0) / hot.length;
    expect(avg).toBeGreaterThan(3200);
    expect(avg).toBeLessThan(3900);
  });

  it('weighs coils 15-30 t a piece, updates within the last 30 days, and searches by supplier', () => {
    for (const { row, lot, trader } of rows(8, 1000)) {
      if (lot.product.key === 'hrc') {
        expect(row.weightKg! / row.pieces!).toBeGreaterThanOrEqual(15_000);
        expect(row.weightKg! / row.pieces!).toBeLessThanOrEqual(30_000);
      }
      const updated = (row.updatedAt as Date).getTime();
      expect(updated).toBeLessThan(NOW.getTime());
      expect(updated).toBeGreaterThan(NOW.getTime() - 31 * 86_400_000);
      expect(row.createdAt!.getTime()).toBeLessThanOrEqual(updated);
      expect(row.searchText).toContain(trader.shortName);
      expect(row.searchText).toContain(row.spec);
    }
  });

  it('leaves about 15% of rows not updated for more than 7 days (过期)', () => {
    const generated = rows(9, 4000);
    const stale =
      generated.filter((g) => NOW.getTime() - (g.row.updatedAt as Date).getTime() > 7 * 86_400_000).length /
      generated.length;
    expect(stale).toBeGreaterThan(0.12);
    expect(stale).toBeLessThan(0.18);
  });
});

describe('traders', () => {
  it('invents 162 traders with unique names and phones, the demo firm first, ~150 quoting', () => {
    const traders = makeTraders(new Rng(1), new Set());
    expect(traders).toHaveLength(162);
    expect(traders[0]).toMatchObject({
      name: '上海润钢贸易有限公司',
      contactPhone: '13800000003',
      quotes: true,
    });
    expect(new Set(traders.map((t) => t.name)).size).toBe(162);
    expect(new Set(traders.map((t) => t.shortName)).size).toBe(162);
    expect(new Set(traders.map((t) => t.contactPhone)).size).toBe(162);
    for (const t of traders.slice(1)) expect(t.contactPhone).toMatch(/^1[3-9]\d{9}$/);
    const quoting = traders.filter((t) => t.quotes).length;
    expect(quoting).toBeGreaterThan(135);
    expect(quoting).toBeLessThan(160);
  });
});

describe('quotations', () => {
  const traders = fakeTraders(3);
  const board = buildPriceBoard(new Rng(4), 61);
  const rows = generateQuotations(new Rng(5), traders, fakeCatalog(), board, NOW, 60);
  const days = [...new Set(rows.map((r) => r.quoteDate))].sort();

  it('quotes each whole book every day and carries the previous price of the same item', () => {
    expect(days).toHaveLength(60);
    expect(days.at(-1)).toBe('2026-03-02');
    const perTraderDay = new Map<string, number>();
    for (const r of rows) {
      const key = `${r.companyId}|${r.quoteDate}`;
      perTraderDay.set(key, (perTraderDay.get(key) ?? 0) + 1);
    }
    const quoting = traders.filter((t) => t.quotes);
    expect(perTraderDay.size).toBe(quoting.length * 60);
    for (const t of quoting) {
      const sizes = new Set(days.map((d) => perTraderDay.get(`${t.companyId}|${d}`)));
      expect(sizes.size).toBe(1);
      const [size] = sizes;
      expect(size).toBeGreaterThanOrEqual(4);
      expect(size).toBeLessThanOrEqual(11);
    }

    const last = new Map<string, number>();
    let repeated = 0;
    for (const r of rows) {
      const key = `${r.companyId}|${r.productId}|${r.material}|${r.spec}|${r.origin}|${r.city}|${r.warehouseName}`;
      const prev = last.get(key);
      expect(r.prevPriceFen ?? null).toBe(prev ?? null);
      expect(r.changeFen).toBe(prev && r.priceFen ? r.priceFen! - prev : 0);
      if (prev) repeated++;
      last.set(key, r.priceFen!);
    }
    expect(repeated).toBeGreaterThan(rows.length * 0.9);
  });

  it('prices quotes in their product bands, in multiples of 10 元, about 5% 电议', () => {
    const catalog = fakeCatalog();
    const keyOf = new Map(Object.entries(catalog.productIds).map(([key, id]) => [id, key]));
    const callForPrice = rows.filter((r) => r.priceFen === 0).length / rows.length;
    expect(callForPrice).toBeGreaterThan(0.01);
    expect(callForPrice).toBeLessThan(0.1);
    for (const r of rows) {
      if (r.priceFen === 0) continue;
      const [min, max] = priceBand(
        productByKey(keyOf.get(r.productId) as Parameters<typeof productByKey>[0]),
      );
      expect(r.priceFen! % 1000).toBe(0);
      expect(r.priceFen! / 100).toBeGreaterThanOrEqual(min);
      expect(r.priceFen! / 100).toBeLessThanOrEqual(max);
    }
  });

  it('quotes mostly benchmark items: half to two thirds of the books, several traders deep in a big market', () => {
    const keyOf = new Map(
      Object.entries(fakeCatalog().productIds).map(([key, id]) => [id, key as ProductKey]),
    );
    const today = rows.filter((r) => r.quoteDate === days.at(-1));
    const isBenchmark = (r: (typeof rows)[number]) => {
      const bench = BENCHMARKS[keyOf.get(r.productId) as ProductKey];
      const spec = parseSpec(r.spec ?? '');
      return (
        r.material === bench.material &&
        bench.gauges.some(([t]) => t === spec?.thickness) &&
        spec?.width === bench.width &&
        spec?.length === bench.length
      );
    };
    const share = today.filter(isBenchmark).length / today.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.75);
    // Hot coil's benchmark items in the two biggest markets: most quoted ones by 2+ traders.
    const cells = new Map<string, number>();
    for (const r of today) {
      if (keyOf.get(r.productId) !== 'hrc' || !isBenchmark(r) || !['上海', '乐从'].includes(r.city ?? ''))
        continue;
      const key = `${r.material}|${r.spec}|${r.origin}|${r.city}`;
      cells.set(key, (cells.get(key) ?? 0) + 1);
    }
    const counts = [...cells.values()];
    expect(counts.length).toBeGreaterThan(20);
    expect(counts.filter((n) => n >= 2).length / counts.length).toBeGreaterThan(0.6);
  });

  it('gives the same quotations for the same stream', () => {
    const again = () => generateQuotations(new Rng(5), traders, fakeCatalog(), board, NOW, 3);
    expect(again()).toEqual(again());
  });

  it("moves a city's traders together with the market: most changes of a day share one sign", () => {
    let coherent = 0;
    let moving = 0;
    const byGroup = new Map<string, { up: number; down: number }>();
    for (const r of rows) {
      if (!r.changeFen) continue;
      const key = `${r.productId}|${r.city}|${r.quoteDate}`;
      const g = byGroup.get(key) ?? { up: 0, down: 0 };
      if (r.changeFen > 0) g.up++;
      else g.down++;
      byGroup.set(key, g);
    }
    for (const g of byGroup.values()) {
      if (g.up + g.down < 5) continue;
      moving++;
      if (Math.max(g.up, g.down) >= 0.75 * (g.up + g.down)) coherent++;
    }
    expect(moving).toBeGreaterThan(50);
    expect(coherent / moving).toBeGreaterThan(0.8);
  });
});
