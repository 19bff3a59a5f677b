/** Suppliers (traders): their stock for the /wareHouse panel, their cards and contact unlocks. */
import { and, desc, eq, getTableName, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { cargo, companies, contactUnlocks, users } from '../../../db/schema/index.ts';
import { containsPattern } from '../query.ts';

export type Company = typeof companies.$inferSelect;

/** Which suppliers the panel lists: a name or short name containing `keyword`, in `city`. */
export interface SupplierFilter {
  keyword?: string;
  city?: string;
}

/**
 * The trader user of a company, as a scalar subquery on its id column: the id of the firm page
 * /firminfo/{userId}. A company's trader-role user comes first, then the oldest; null for a
 * company without users. Walks users_company_idx.
 */
export function traderUserIdOf(companyId: AnyPgColumn): SQL<number | null> {
  // Spelled out with an alias and the outer column qualified by hand: Drizzle writes columns
  // unqualified in the selection of a one-table query, which would turn the correlation into
  // users.company_id = users.id.
  const outer = sql`${sql.identifier(getTableName(companyId.table))}.${sql.identifier(companyId.name)}`;
  return sql<number | null>`(select trader.id from ${users} trader where trader.company_id = ${outer}
    order by (trader.role = 'trader') desc, trader.id limit 1)`;
}

/** A supplier with its on-sale stock (kg). */
export interface SupplierStockRow {
  company: Company;
  /** its trader user (traderUserIdOf) */
  userId: number | null;
  lots: number;
  weightKg: number;
  /** a raw max(): a Date or the driver's text, depending on the engine */
  updatedAt: Date | string | null;
}

function supplierWhere(filter: SupplierFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    const like = containsPattern(filter.keyword);
    conditions.push(or(ilike(companies.name, like), ilike(companies.shortName, like))!);
  }
  if (filter.city) conditions.push(eq(companies.city, filter.city));
  return and(...conditions);
}

/** On-sale cargo per supplier, as a subquery to join companies on. */
function stockOf(db: DbOrTx) {
  return db
    .select({
      companyId: cargo.companyId,
      lots: sql<number>`count(*)::int`.as('lots'),
      weightKg: sql<number>`sum(${cargo.weightKg})::float8`.as('weight_kg'),
      updatedAt: sql<Date | string | null>`max(${cargo.updatedAt})`.as('last_update'),
    })
    .from(cargo)
    .where(eq(cargo.status, 'on_sale'))
    .groupBy(cargo.companyId)
    .as('stock');
}

/** One page of suppliers with on-sale stock, most stock first. */
export async function supplierStockPage(
  db: DbOrTx,
  filter: SupplierFilter,
  page: { limit: number; offset: number },
): Promise<SupplierStockRow[]> {
  const stock = stockOf(db);
  return db
    .select({
      company: companies,
      userId: traderUserIdOf(companies.id),
      lots: stock.lots,
      weightKg: stock.weightKg,
      updatedAt: stock.updatedAt,
    })
    .from(companies)
    .innerJoin(stock, eq(stock.companyId, companies.id))
    .where(supplierWhere(filter))
    .orderBy(desc(stock.lots), companies.id)
    .limit(page.limit)
    .offset(page.offset);
}

/** How many suppliers with on-sale stock match. */
export async function countSuppliersWithStock(db: DbOrTx, filter: SupplierFilter): Promise<number> {
  const stock = stockOf(db);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companies)
    .innerJoin(stock, eq(stock.companyId, companies.id))
    .where(supplierWhere(filter));
  return row?.n ?? 0;
}

/** What a lot row shows of its supplier. */
export interface SupplierCard {
  name: string;
  shortName: string;
  city: string;
  contactName: string;
  contactPhone: string;
  /** its trader user (traderUserIdOf) */
  userId: number | null;
}

/** Supplier cards by id; ids of no company are left out. */
export async function supplierCardsById(db: DbOrTx, ids: number[]): Promise<Map<number, SupplierCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      shortName: companies.shortName,
      city: companies.city,
      contactName: companies.contactName,
      contactPhone: companies.contactPhone,
      userId: traderUserIdOf(companies.id),
    })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map(({ id, ...card }) => [id, card]));
}

/** The suppliers among `companyIds` whose phone this user has unlocked. */
export async function unlockedCompanies(
  db: DbOrTx,
  userId: number | null,
  companyIds: number[],
): Promise<Set<number>> {
  if (userId === null || companyIds.length === 0) return new Set();
  const rows = await db
    .select({ companyId: contactUnlocks.companyId })
    .from(contactUnlocks)
    .where(
      and(eq(contactUnlocks.userId, userId), inArray(contactUnlocks.companyId, [...new Set(companyIds)])),
    );
  return new Set(rows.map((r) => r.companyId));
}

/** Full company rows, for the contacts an enquiry unlocked. */
export async function companiesById(db: DbOrTx, companyIds: number[]): Promise<Map<number, Company>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db.select().from(companies).where(inArray(companies.id, companyIds));
  return new Map(rows.map((r) => [r.id, r]));
}
