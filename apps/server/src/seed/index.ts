/**
 * The deterministic demo-data generator (docs/domain.md#demo-data). One seed and one `now` give
 * the same rows on every run and machine (password hashes aside: argon2 salts are random), so
 * demo screens, benchmarks and tests can rely on them. Each domain has its own module; this file
 * runs them in order inside one transaction.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { dayString, shanghaiMidnight } from '../dates.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { ActivityCounter, countAnsweredEnquiries } from './activity.ts';
import { seedIndexArticles } from './articles.ts';
import { seedCargo } from './cargo.ts';
import { seedCatalog } from './catalog.ts';
import { seedCloudCoils } from './cloud.ts';
import { seedIndexDays } from './index-days.ts';
import { withIndexesAfter } from './indexes.ts';
import { seedInspections } from './inspection.ts';
import { seedMarketContent } from './market-content.ts';
import { seedNewsArticles } from './news.ts';
import { buildPriceBoard } from './pricing.ts';
import { seedProcessing } from './processing.ts';
import { seedQuotations } from './quotations.ts';
import { Rng } from './random.ts';
import { seedSurplus } from './surplus.ts';
import { insertCompanies, makeTraders } from './traders.ts';
import { seedUsers } from './users.ts';
import { seedWarehouseDaily } from './warehouse-daily.ts';

/** The seed used when none is given: the demo data everyone sees. */
export const DEFAULT_SEED = 20240601;
/** Days of quotations up to today when none is given (the date picker of /beginMain reaches back this far). */
export const DEFAULT_QUOTATION_DAYS = 60;

export interface SeedOptions {
  /** stock rows (default 20,000; `--cargo 1000000` for benchmarks) */
  cargo?: number;
  /** surplus rows (default 3,000) */
  surplus?: number;
  /** days of quotations up to today (default DEFAULT_QUOTATION_DAYS, 60) */
  quotationDays?: number;
  /** about this many quotation rows in all, by larger books (`--quotations 1000000` for benchmarks) */
  quotations?: number;
  /** days of warehouse daily figures and index history up to today (default 731: two years) */
  indexDays?: number;
  seed?: number;
  /** the instant the data is relative to; default today 00:00 Asia/Shanghai */
  now?: Date;
  log?: (msg: string) => void;
}

export interface SeedSummary {
  seed: number;
  /** YYYY-MM-DD of `now` in Shanghai */
  today: string;
  products: number;
  mills: number;
  warehouses: number;
  companies: number;
  users: number;
  cargo: number;
  surplus: number;
  quotations: number;
  memberships: number;
  beanLedger: number;
  activity: number;
  warehouseDaily: number;
  indexDays: number;
  articles: number;
  /** market dynamics, agencies and ads */
  marketContent: { affairs: number; agencies: number; ads: number };
  /** cloud-warehouse coils of the demo accounts */
  cloudCoils: number;
  /** processing offers and the members' shares of their group orders */
  processing: { offers: number; shares: number };
  /** inspection partner warehouses, the demo requests and their generated photos */
  inspection: { partners: number; inspections: number; photos: number };
  ms: number;
}

/**
 * Fills an empty database with the demo data: dictionaries, warehouses, traders and their users,
 * the four demo accounts, VIP commodities, `cargo` stock rows, `quotationDays` of quotations, two
 * years of warehouse daily figures with the index computed over them, and index articles.
 * Runs in one transaction: either all of it is there or none.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const seed = opts.seed ?? DEFAULT_SEED;
  const cargoCount = opts.cargo ?? 20_000;
  const surplusCount = opts.surplus ?? 3_000;
  const quotationDays = opts.quotationDays ?? DEFAULT_QUOTATION_DAYS;
  const historyDays = opts.indexDays ?? 731;
  const now = opts.now ?? shanghaiMidnight();
  const log = opts.log ?? (() => {});
  if (!Number.isInteger(cargoCount) || cargoCount < 0)
    throw new Error('cargo must be a non-negative integer');
  if (!Number.isInteger(quotationDays) || quotationDays < 0)
    throw new Error('quotationDays must be a non-negative integer');

  // Independent streams: changing the cargo count leaves traders and quotations as they were.
  const root = new Rng(seed);
  const taken = new Set<string>();
  const summary = await db.transaction(async (tx) => {
    const catalog = await seedCatalog(tx, root.fork('catalog'), taken);
    const traderDefs = makeTraders(root.fork('traders'), taken);
    const traders = await insertCompanies(tx, root.fork('companies'), traderDefs, now);
    const people = await seedUsers(tx, root.fork('users'), traders, now);
    log(
      `dictionaries, ${catalog.warehouses.length} warehouses, ${traders.length} traders, ${people.users} users`,
    );

    // One market walk long enough for the index history: quotations and warehouse prices agree.
    const board = buildPriceBoard(root.fork('market'), Math.max(quotationDays, 30, historyDays) + 1);
    const activity = new ActivityCounter();
    // The large tables load without their plain indexes, built once at the end (seed/indexes.ts).
    const { cargo, surplus, quotations, activityRows, warehouseDaily } = await withIndexesAfter(
      tx,
      ['cargo', 'surplus', 'quotations', 'warehouse_daily'],
      async () => {
        const cargo = await seedCargo(
          tx,
          root.fork('cargo'),
          { catalog, traders, board, now },
          cargoCount,
          activity,
          log,
        );
        log(`${cargo} cargo rows`);
        const surplus = await seedSurplus(
          tx,
          root.fork('surplus'),
          { catalog, traders, board, now },
          surplusCount,
          activity,
        );
        log(`${surplus} surplus rows`);
        const quotations = await seedQuotations(
          tx,
          root.fork('quotations'),
          { traders, catalog, board, now },
          quotationDays,
          activity,
          opts.quotations,
        );
        log(`${quotations} quotations over ${quotationDays} days`);
        countAnsweredEnquiries(root.fork('enquiries-answered'), traders, now, quotationDays, activity);
        const activityRows = await activity.insert(tx);
        const warehouseDaily =
          historyDays > 0
            ? await seedWarehouseDaily(tx, root.fork('warehouse-daily'), catalog, board, now, historyDays)
            : 0;
        log(`${warehouseDaily} warehouse daily rows over ${historyDays} days`);
        return { cargo, surplus, quotations, activityRows, warehouseDaily };
      },
    );
    const index =
      historyDays > 0
        ? await seedIndexDays(tx, catalog, dayString(now, -(historyDays - 1)), dayString(now))
        : null;
    log(`${index?.rows ?? 0} index days computed in ${index?.ms ?? 0} ms`);
    const indexArticleRows = await seedIndexArticles(tx, root.fork('index-articles'), now);
    const articleRows = indexArticleRows + (await seedNewsArticles(tx, root.fork('news'), now));
    log(`${articleRows} articles`);
    const marketContent = await seedMarketContent(tx, root.fork('market-content'), {
      catalog,
      board,
      now,
      taken,
    });
    log(
      `${marketContent.affairs} market dynamics, ${marketContent.agencies} agencies, ${marketContent.ads} ads`,
    );
    const cloudCoilRows = await seedCloudCoils(tx, root.fork('cloud'), { catalog, now });
    const processing = await seedProcessing(tx, root.fork('processing'), { now, taken });
    log(
      `${cloudCoilRows} cloud coils, ${processing.offers} processing offers, ${processing.shares} group shares`,
    );
    const inspection = await seedInspections(tx, root.fork('inspection'), { now, taken });
    log(
      `${inspection.partners} inspection partners, ${inspection.inspections} inspections, ${inspection.photos} photos`,
    );
    return {
      products: Object.keys(catalog.productIds).length,
      mills: catalog.millIds.size,
      warehouses: catalog.warehouses.length,
      companies: traders.length,
      users: people.users,
      cargo,
      surplus,
      quotations,
      memberships: people.memberships,
      beanLedger: people.ledgerRows,
      activity: activityRows,
      warehouseDaily,
      indexDays: index?.rows ?? 0,
      articles: articleRows,
      marketContent,
      cloudCoils: cloudCoilRows,
      processing,
      inspection,
    };
  });
  // Fresh statistics: without them the planner guesses, and PGlite has no autovacuum to fix it.
  await db.execute(sql`analyze`);
  const today = dayString(now);
  return { seed, today, ...summary, ms: Math.round(performance.now() - started) };
}

/** True when the database holds no products yet: an empty database the server seeds on first start. */
export async function seedIsNeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.products.id }).from(schema.products).limit(1);
  return rows.length === 0;
}

/** Every table of the schema, by its SQL name. */
export function domainTableNames(): string[] {
  return Object.values(schema as Record<string, unknown>)
    .filter((v): v is PgTable => is(v, PgTable))
    .map((t) => getTableName(t))
    .sort();
}

/**
 * Empties every domain table and restarts their id sequences, so a following seed gives the
 * same ids as on a fresh database. Migrations bookkeeping (schema `drizzle`) is left alone.
 */
export async function resetDemo(db: Db): Promise<void> {
  const list = domainTableNames()
    .map((name) => `"${name}"`)
    .join(', ');
  await db.execute(sql.raw(`truncate table ${list} restart identity cascade`));
}
