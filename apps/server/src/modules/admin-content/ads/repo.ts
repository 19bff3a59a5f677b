/** SQL of the console's ads and banners. */
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import { ads } from '../../../db/schema/index.ts';
import { likeLiteral, offsetOf } from '../repo.ts';

const adColumns = {
  id: ads.id,
  positionName: ads.positionName,
  title: ads.title,
  imageUrl: ads.imageUrl,
  linkUrl: ads.linkUrl,
  startsAt: ads.startsAt,
  endsAt: ads.endsAt,
  sort: ads.sort,
  active: ads.active,
  createdAt: ads.createdAt,
  updatedAt: ads.updatedAt,
};

/** A page of ads in any state, by position and order. */
export async function adsPage(
  db: DbOrTx,
  filter: { keyword?: string | undefined; positionName?: string | undefined; active?: boolean | undefined },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.positionName !== undefined) conditions.push(eq(ads.positionName, filter.positionName));
  if (filter.active !== undefined) conditions.push(eq(ads.active, filter.active));
  if (filter.keyword) conditions.push(ilike(ads.title, likeLiteral(filter.keyword)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(adColumns)
      .from(ads)
      .where(where)
      .orderBy(asc(ads.positionName), asc(ads.sort), desc(ads.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(ads).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminAdData = Awaited<ReturnType<typeof adsPage>>['list'][number];

/** One ad, or null. */
export async function findAd(db: DbOrTx, id: number): Promise<AdminAdData | null> {
  const [row] = await db.select(adColumns).from(ads).where(eq(ads.id, id));
  return row ?? null;
}

/** Columns an operator writes on an ad. */
export type AdValues = Omit<typeof ads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts an ad; answers its id. */
export async function insertAd(db: DbOrTx, values: AdValues): Promise<number> {
  const [row] = await db.insert(ads).values(values).returning({ id: ads.id });
  return row!.id;
}

/** Rewrites an ad. */
export async function updateAd(db: DbOrTx, id: number, values: AdValues): Promise<void> {
  await db
    .update(ads)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ads.id, id));
}

/** Deletes an ad. */
export async function deleteAd(db: DbOrTx, id: number): Promise<void> {
  await db.delete(ads).where(eq(ads.id, id));
}
