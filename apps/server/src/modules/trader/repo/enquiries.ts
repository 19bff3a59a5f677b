/**
 * Enquiries the trader's company received (db/schema/enquiry.ts): who asked, about which lot or
 * quote, and whether it was answered. The buyer's name and phone are the trader's leads. Reads
 * only: the cargo module owns enquiries (marking one answered is cargo/service.ts#markEnquiryAnswered).
 */
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { cargo, companies, enquiries, quotations, surplus, users } from '../../../db/schema/index.ts';

/** One received enquiry with its buyer and the item asked about, as stored. */
export interface EnquiryRow {
  id: number;
  kind: 'cargo' | 'surplus' | 'quotation';
  cargoId: number | null;
  surplusId: number | null;
  quotationId: number | null;
  message: string;
  createdAt: Date;
  answeredAt: Date | null;
  buyerName: string;
  buyerPhone: string;
  buyerCompany: string | null;
  /** the item's columns from whichever table it is in; null when the row is gone */
  item: {
    productId: number | null;
    material: string | null;
    spec: string | null;
    origin: string | null;
    priceFen: number | null;
    /** deleted by the trader since */
    removed: boolean;
  };
}

const buyerCompanies = alias(companies, 'buyer_company');

function conditions(companyId: number, unanswered: boolean, id?: number): SQL[] {
  const c = [eq(enquiries.companyId, companyId)];
  if (unanswered) c.push(isNull(enquiries.answeredAt));
  if (id !== undefined) c.push(eq(enquiries.id, id));
  return c;
}

/** The enquiries of the company, newest first (walks enquiries_company_created_idx backwards). */
export async function receivedEnquiries(
  db: DbOrTx,
  companyId: number,
  opts: { unanswered: boolean; id?: number; limit: number; offset: number },
): Promise<EnquiryRow[]> {
  const pick = <T>(c: SQL<T>, s: SQL<T>, qt: SQL<T>) =>
    sql<T>`case ${enquiries.kind} when 'cargo' then ${c} when 'surplus' then ${s} else ${qt} end`;
  const rows = await db
    .select({
      id: enquiries.id,
      kind: enquiries.kind,
      cargoId: enquiries.cargoId,
      surplusId: enquiries.surplusId,
      quotationId: enquiries.quotationId,
      message: enquiries.message,
      createdAt: enquiries.createdAt,
      answeredAt: enquiries.answeredAt,
      buyerName: users.linkMan,
      buyerPhone: users.phone,
      buyerCompany: buyerCompanies.name,
      productId: pick<number | null>(
        sql`${cargo.productId}`,
        sql`${surplus.productId}`,
        sql`${quotations.productId}`,
      ),
      material: pick<string | null>(
        sql`${cargo.material}`,
        sql`${surplus.material}`,
        sql`${quotations.material}`,
      ),
      spec: pick<string | null>(sql`${cargo.spec}`, sql`${surplus.spec}`, sql`${quotations.spec}`),
      origin: pick<string | null>(sql`${cargo.origin}`, sql`${surplus.origin}`, sql`${quotations.origin}`),
      priceFen: pick<number | null>(
        sql`${cargo.priceFen}`,
        sql`${surplus.priceFen}`,
        sql`${quotations.priceFen}`,
      ),
      removed: sql<boolean>`coalesce(${cargo.status} = 'deleted' or ${surplus.status} = 'deleted'
        or ${quotations.deletedAt} is not null, false)`,
    })
    .from(enquiries)
    .innerJoin(users, eq(users.id, enquiries.userId))
    .leftJoin(buyerCompanies, eq(buyerCompanies.id, users.companyId))
    .leftJoin(cargo, eq(cargo.id, enquiries.cargoId))
    .leftJoin(surplus, eq(surplus.id, enquiries.surplusId))
    .leftJoin(quotations, eq(quotations.id, enquiries.quotationId))
    .where(and(...conditions(companyId, opts.unanswered, opts.id)))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map(({ productId, material, spec, origin, priceFen, removed, ...r }) => ({
    ...r,
    item: { productId, material, spec, origin, priceFen, removed: Boolean(removed) },
  }));
}

/** How many enquiries the company received (unanswered only, when asked). */
export async function countReceived(db: DbOrTx, companyId: number, unanswered: boolean): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(and(...conditions(companyId, unanswered)));
  return row?.n ?? 0;
}
