/** Suppliers (traders) that have spot stock, with how much: the /wareHouse supplier panel. */
import { maskPhone, type SupplierSummary } from '@steelport/contracts';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cargo, companies, contactUnlocks } from '../../db/schema/index.ts';
import { containsPattern } from '../../search/query.ts';

/** Suppliers with on-sale stock, most stock first. */
export async function listSuppliers(
  db: Db,
  opts: { keyword?: string; city?: string; page: number; pageSize: number; userId: number | null },
): Promise<{ list: SupplierSummary[]; total: number }> {
  const conditions: SQL[] = [];
  if (opts.keyword) {
    const like = containsPattern(opts.keyword);
    conditions.push(or(ilike(companies.name, like), ilike(companies.shortName, like))!);
  }
  if (opts.city) conditions.push(eq(companies.city, opts.city));
  const stock = db
    .select({
      companyId: cargo.companyId,
      lots: sql<number>`count(*)::int`.as('lots'),
      weightKg: sql<number>`sum(${cargo.weightKg})::float8`.as('weight_kg'),
      updatedAt: sql<Date>`max(${cargo.updatedAt})`.as('last_update'),
    })
    .from(cargo)
    .where(eq(cargo.status, 'on_sale'))
    .groupBy(cargo.companyId)
    .as('stock');
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({ company: companies, lots: stock.lots, weightKg: stock.weightKg, updatedAt: stock.updatedAt })
      .from(companies)
      .innerJoin(stock, eq(stock.companyId, companies.id))
      .where(where)
      .orderBy(desc(stock.lots), companies.id)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .innerJoin(stock, eq(stock.companyId, companies.id))
      .where(where),
  ]);
  const unlocked = await unlockedCompanies(
    db,
    opts.userId,
    rows.map((r) => r.company.id),
  );
  return {
    total: count?.n ?? 0,
    list: rows.map(({ company: c, lots, weightKg, updatedAt }) => ({
      id: c.id,
      name: c.name,
      shortName: c.shortName,
      city: c.city,
      contactName: opts.userId === null ? null : c.contactName,
      phone: unlocked.has(c.id) ? c.contactPhone : maskPhone(c.contactPhone),
      unlocked: unlocked.has(c.id),
      mainProducts: c.mainProducts,
      cargoCount: lots,
      cargoWeight: Math.round(weightKg) / 1000,
      updatedAt: updatedAt ? new Date(updatedAt).toISOString() : null,
    })),
  };
}

interface SupplierCard {
  name: string;
  shortName: string;
  city: string;
  contactName: string;
  contactPhone: string;
}
/** Suppliers seen lately: a page names a handful of the same few hundred traders again and again. */
const supplierCaches = new WeakMap<Db, Map<number, { at: number; card: SupplierCard }>>();
const SUPPLIER_TTL_MS = 60_000;

/** Supplier names and contacts by id, from a one-minute per-process cache. */
export async function supplierCards(db: Db, ids: number[]): Promise<Map<number, SupplierCard>> {
  const now = Date.now();
  let supplierCache = supplierCaches.get(db);
  if (!supplierCache) {
    supplierCache = new Map();
    supplierCaches.set(db, supplierCache);
  }
  const out = new Map<number, SupplierCard>();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = supplierCache.get(id);
    if (hit && now - hit.at < SUPPLIER_TTL_MS) out.set(id, hit.card);
    else missing.push(id);
  }
  if (missing.length) {
    const rows = await db
      .select({
        id: companies.id,
        name: companies.name,
        shortName: companies.shortName,
        city: companies.city,
        contactName: companies.contactName,
        contactPhone: companies.contactPhone,
      })
      .from(companies)
      .where(inArray(companies.id, missing));
    for (const { id, ...card } of rows) {
      supplierCache.set(id, { at: now, card });
      out.set(id, card);
    }
  }
  return out;
}

/** The suppliers among `companyIds` whose phone this user has unlocked. */
export async function unlockedCompanies(
  db: Db,
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
