/** SQL of the console's agencies (代理商). */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import { agencies } from '../../../db/schema/index.ts';
import { likeLiteral, offsetOf } from '../repo.ts';

const agencyColumns = {
  id: agencies.id,
  name: agencies.name,
  brands: agencies.brands,
  products: agencies.productNames,
  region: agencies.region,
  province: agencies.province,
  city: agencies.city,
  address: agencies.address,
  contactName: agencies.contactName,
  contactPhone: agencies.contactPhone,
  intro: agencies.intro,
  logo: agencies.logo,
  sort: agencies.sort,
  active: agencies.active,
  createdAt: agencies.createdAt,
  updatedAt: agencies.updatedAt,
};

/** A page of agencies, switched off ones too, in display order. */
export async function agenciesPage(
  db: DbOrTx,
  filter: { keyword?: string | undefined; active?: boolean | undefined },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.active !== undefined) conditions.push(eq(agencies.active, filter.active));
  if (filter.keyword) {
    const pattern = likeLiteral(filter.keyword);
    conditions.push(or(ilike(agencies.name, pattern), ilike(agencies.city, pattern)) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(agencyColumns)
      .from(agencies)
      .where(where)
      .orderBy(asc(agencies.sort), desc(agencies.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(agencies).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminAgencyData = Awaited<ReturnType<typeof agenciesPage>>['list'][number];

/** One agency, or null. */
export async function findAgency(db: DbOrTx, id: number): Promise<AdminAgencyData | null> {
  const [row] = await db.select(agencyColumns).from(agencies).where(eq(agencies.id, id));
  return row ?? null;
}

/** Columns an operator writes on an agency. */
export type AgencyValues = Omit<typeof agencies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts an agency; answers its id. */
export async function insertAgency(db: DbOrTx, values: AgencyValues): Promise<number> {
  const [row] = await db.insert(agencies).values(values).returning({ id: agencies.id });
  return row!.id;
}

/** Rewrites an agency. */
export async function updateAgency(db: DbOrTx, id: number, values: AgencyValues): Promise<void> {
  await db
    .update(agencies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(agencies.id, id));
}

/** Deletes an agency. */
export async function deleteAgency(db: DbOrTx, id: number): Promise<void> {
  await db.delete(agencies).where(eq(agencies.id, id));
}
