/**
 * A trader's firm page (/firminfo/{userId}): the firm behind a user id, how much it quotes and
 * stocks, and where its goods lie. Each function runs its queries one after another, so a
 * transaction may be passed.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import { cargo, companies, quotations, surplus, users } from '../../../db/schema/index.ts';
import { callForPriceOnly, pricedOnly } from '../../search/sql.ts';

/** A trader user with its company, as stored. */
export interface FirmRow {
  userId: number;
  companyId: number;
  name: string;
  shortName: string;
  city: string;
  address: string;
  intro: string;
  mainProducts: string;
  contactName: string;
  contactPhone: string;
  createdAt: Date;
}

/** The firm of a user id, or null when the user does not exist or has no company. */
export async function firmOfUser(db: DbOrTx, userId: number): Promise<FirmRow | null> {
  const [row] = await db
    .select({
      userId: users.id,
      companyId: companies.id,
      name: companies.name,
      shortName: companies.shortName,
      city: companies.city,
      address: companies.address,
      intro: companies.intro,
      mainProducts: companies.mainProducts,
      contactName: companies.contactName,
      contactPhone: companies.contactPhone,
      createdAt: companies.createdAt,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The company of a trader user, or null when the user does not exist or has no company. */
export async function companyOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.companyId ?? null;
}

/** What a firm publishes: its quotes of one day (priced and 电议) and its on-sale lots. */
export interface FirmCounts {
  priced: number;
  callForPrice: number;
  cargo: number;
  surplus: number;
}

/** Counts of the firm's quotes on `day` (none when null) and of its on-sale stock and surplus. */
export async function firmCounts(db: DbOrTx, companyId: number, day: string | null): Promise<FirmCounts> {
  const [quotes, stock, rest] = await inSequence([
    day === null
      ? Promise.resolve([])
      : db
          .select({
            priced: sql<number>`(count(*) filter (where ${pricedOnly(quotations.priceFen)}))::int`,
            callForPrice: sql<number>`(count(*) filter (where ${callForPriceOnly(quotations.priceFen)}))::int`,
          })
          .from(quotations)
          .where(
            and(
              eq(quotations.companyId, companyId),
              eq(quotations.quoteDate, day),
              isNull(quotations.deletedAt),
            ),
          ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cargo)
      .where(and(eq(cargo.companyId, companyId), eq(cargo.status, 'on_sale'))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(surplus)
      .where(and(eq(surplus.companyId, companyId), eq(surplus.status, 'on_sale'))),
  ]);
  return {
    priced: quotes[0]?.priced ?? 0,
    callForPrice: quotes[0]?.callForPrice ?? 0,
    cargo: stock[0]?.n ?? 0,
    surplus: rest[0]?.n ?? 0,
  };
}

/**
 * The warehouses a firm uses, those with most of its goods first: its on-sale stock, then the
 * warehouses of its quotes on `day`, at most `limit` names.
 */
export async function firmWarehouses(
  db: DbOrTx,
  companyId: number,
  day: string | null,
  limit: number,
): Promise<string[]> {
  const n = sql<number>`count(*)::int`;
  const [stock, quoted] = await inSequence([
    db
      .select({ name: cargo.warehouseName, n })
      .from(cargo)
      .where(and(eq(cargo.companyId, companyId), eq(cargo.status, 'on_sale'), gt(cargo.warehouseName, '')))
      .groupBy(cargo.warehouseName)
      .orderBy(desc(n), cargo.warehouseName)
      .limit(limit),
    day === null
      ? Promise.resolve([])
      : db
          .select({ name: quotations.warehouseName, n })
          .from(quotations)
          .where(
            and(
              eq(quotations.companyId, companyId),
              eq(quotations.quoteDate, day),
              isNull(quotations.deletedAt),
              gt(quotations.warehouseName, ''),
            ),
          )
          .groupBy(quotations.warehouseName)
          .orderBy(desc(n), quotations.warehouseName)
          .limit(limit),
  ]);
  return [...new Set([...stock, ...quoted].map((r) => r.name))].slice(0, limit);
}
