/**
 * The English names live twice (issue 31): in the seed, for fresh databases, and in migration
 * 0028_english-names, for deployed ones. Here a database is seeded, its English names blanked as
 * a deployed database had them before the migration, and the migration's hand-written UPDATEs
 * run again: every row must read exactly what the seed says, and every seeded row must have an
 * English name. A new vocabulary row without its English name, or a name changed on one side
 * only, fails here.
 */

import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  indexDefinitions,
  mills,
  productCategories,
  productFamilies,
  products,
  vipCommodities,
} from '../db/schema/index.ts';
import { useTestApp } from '../test/app.ts';
import { type Catalog, seedCatalog } from './catalog.ts';
import { CATEGORIES, FAMILIES, PRODUCTS } from './dictionaries.ts';
import { INDEX_DEFINITIONS, indexDefinitionRows } from './index-days.ts';
import { MILLS } from './mills.ts';
import { Rng } from './random.ts';
import { seedVipCatalog, VIP_COMMODITIES } from './users.ts';

const MIGRATION = new URL('../db/migrations/0028_english-names.sql', import.meta.url);

const t = useTestApp();
let catalog: Catalog;

/** name -> English columns of each table, as the database holds them. */
async function stored() {
  const byName = <T extends { name: string }>(rows: T[]) =>
    Object.fromEntries(rows.map(({ name, ...rest }) => [name, rest]));
  return {
    categories: byName(
      await t.db
        .select({ name: productCategories.name, nameEn: productCategories.nameEn })
        .from(productCategories),
    ),
    families: byName(
      await t.db.select({ name: productFamilies.name, nameEn: productFamilies.nameEn }).from(productFamilies),
    ),
    products: byName(await t.db.select({ name: products.name, nameEn: products.nameEn }).from(products)),
    mills: byName(await t.db.select({ name: mills.name, nameEn: mills.nameEn }).from(mills)),
    indexes: byName(
      await t.db
        .select({
          name: indexDefinitions.name,
          nameEn: indexDefinitions.nameEn,
          descriptionEn: indexDefinitions.descriptionEn,
        })
        .from(indexDefinitions),
    ),
    vip: byName(
      await t.db
        .select({
          name: vipCommodities.name,
          nameEn: vipCommodities.nameEn,
          descriptionEn: vipCommodities.descriptionEn,
          benefitsEn: vipCommodities.benefitsEn,
        })
        .from(vipCommodities),
    ),
  };
}

/** What the seed says, in the same shape. */
function seeded() {
  const byName = <T extends { name: string }, R>(rows: readonly T[], pick: (row: T) => R) =>
    Object.fromEntries(rows.map((row) => [row.name, pick(row)]));
  return {
    categories: byName(CATEGORIES, (c) => ({ nameEn: c.nameEn })),
    families: byName(FAMILIES, (f) => ({ nameEn: f.nameEn })),
    products: byName(PRODUCTS, (p) => ({ nameEn: p.nameEn })),
    mills: byName(MILLS, (m) => ({ nameEn: m.nameEn })),
    indexes: byName(INDEX_DEFINITIONS, (d) => ({ nameEn: d.nameEn, descriptionEn: d.descriptionEn })),
    vip: byName(VIP_COMMODITIES, (c) => ({
      nameEn: c.nameEn,
      descriptionEn: c.descriptionEn,
      benefitsEn: [...c.benefitsEn],
    })),
  };
}

beforeAll(async () => {
  catalog = await t.db.transaction((tx) => seedCatalog(tx, new Rng(31), new Set()));
  await t.db.insert(indexDefinitions).values(indexDefinitionRows(catalog, '2026-01-05'));
  await seedVipCatalog(t.db);
});

describe('English names: the seed and migration 0028 agree', () => {
  it('the seed gives every row its English name', async () => {
    const expected = seeded();
    for (const [table, rows] of Object.entries(expected)) {
      for (const [name, row] of Object.entries(rows)) {
        for (const [column, value] of Object.entries(row)) {
          expect(
            Array.isArray(value) ? value.length : String(value).trim(),
            `${table} ${name} ${column}`,
          ).toBeTruthy();
        }
      }
    }
    expect(await stored()).toEqual(expected);
  });

  it("the migration writes the seed's English names into a database that has none", async () => {
    for (const table of ['product_categories', 'product_families', 'products', 'mills']) {
      await t.db.execute(sql.raw(`UPDATE "${table}" SET "name_en" = ''`));
    }
    await t.db.execute(sql`UPDATE ${indexDefinitions} SET name_en = '', description_en = ''`);
    await t.db.execute(
      sql`UPDATE ${vipCommodities} SET name_en = '', description_en = '', benefits_en = '{}'`,
    );
    const updates = readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates.length).toBe(6);
    for (const statement of updates) await t.db.execute(sql.raw(statement));
    expect(await stored()).toEqual(seeded());
  });
});
