/**
 * SQL of agencies (mill agents and distributors): a filtered page, the filter choices and one
 * agency. The table holds hundreds of rows at most, so a short keyword may scan it (the pg_trgm
 * rule of CONTRIBUTING is about the big trade tables).
 */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { agencies } from '../../db/schema/index.ts';

const columns = {
  id: agencies.id,
  name: agencies.name,
  brands: agencies.brands,
  products: agencies.productNames,
  region: agencies.region,
  province: agencies.province,
  city: agencies.city,
  logo: agencies.logo,
  contactName: agencies.contactName,
  contactPhone: agencies.contactPhone,
};

/** `%`, `_` and `\` typed by a person are literal characters, not patterns. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of active agencies: by region, by a brand they carry and by a word of name or city. */
export async function agencyPage(
  db: DbOrTx,
  query: {
    region?: string | undefined;
    brand?: string | undefined;
    keyword?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [eq(agencies.active, true)];
  if (query.region) conditions.push(eq(agencies.region, query.region));
  if (query.brand) conditions.push(sql`${query.brand} = any(${agencies.brands})`);
  if (query.keyword) {
    const like = likeText(query.keyword);
    conditions.push(or(ilike(agencies.name, like), ilike(agencies.city, like)) as SQL);
  }
  const where = and(...conditions);
  const [list, [total]] = await inSequence([
    db
      .select(columns)
      .from(agencies)
      .where(where)
      .orderBy(asc(agencies.sort), asc(agencies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(agencies).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AgencyRow = Awaited<ReturnType<typeof agencyPage>>['list'][number];

/** Regions with active agencies, and the brands they carry with the number of agencies each. */
export async function agencyChoices(db: DbOrTx) {
  const brand = sql<string>`unnest(${agencies.brands})`;
  const [regions, brands] = await inSequence([
    db
      .selectDistinct({ region: agencies.region })
      .from(agencies)
      .where(and(eq(agencies.active, true), sql`${agencies.region} <> ''`))
      .orderBy(agencies.region),
    db
      .select({ brand: brand.as('brand'), n: count() })
      .from(agencies)
      .where(eq(agencies.active, true))
      .groupBy(sql`1`)
      .orderBy(desc(count()), sql`1`),
  ]);
  return { regions: regions.map((r) => r.region), brands: brands.map((b) => b.brand) };
}

/** One active agency with its address and introduction, or null. */
export async function findActiveAgency(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...columns, address: agencies.address, intro: agencies.intro })
    .from(agencies)
    .where(and(eq(agencies.id, id), eq(agencies.active, true)));
  return row ?? null;
}
export type AgencyDetailRow = NonNullable<Awaited<ReturnType<typeof findActiveAgency>>>;
