/** SQL of the console's home announcements. */
import { count, desc, eq, ilike, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import { homeAnnouncements } from '../../../db/schema/index.ts';
import { likeLiteral, offsetOf } from '../repo.ts';

const announcementColumns = {
  id: homeAnnouncements.id,
  text: homeAnnouncements.text,
  linkUrl: homeAnnouncements.linkUrl,
  startsAt: homeAnnouncements.startsAt,
  endsAt: homeAnnouncements.endsAt,
  active: homeAnnouncements.active,
  createdAt: homeAnnouncements.createdAt,
  updatedAt: homeAnnouncements.updatedAt,
};

/** A page of announcements, newest first. */
export async function announcementsPage(
  db: DbOrTx,
  filter: { keyword?: string | undefined },
  page: number,
  pageSize: number,
) {
  const where = filter.keyword ? ilike(homeAnnouncements.text, likeLiteral(filter.keyword)) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(announcementColumns)
      .from(homeAnnouncements)
      .where(where)
      .orderBy(desc(homeAnnouncements.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(homeAnnouncements).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminAnnouncementData = Awaited<ReturnType<typeof announcementsPage>>['list'][number];

/** One announcement, or null. */
export async function findAnnouncement(db: DbOrTx, id: number): Promise<AdminAnnouncementData | null> {
  const [row] = await db
    .select(announcementColumns)
    .from(homeAnnouncements)
    .where(eq(homeAnnouncements.id, id));
  return row ?? null;
}

/** Columns an operator writes on an announcement. */
export type AnnouncementValues = Omit<
  typeof homeAnnouncements.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

/** Inserts an announcement; answers its id. */
export async function insertAnnouncement(db: DbOrTx, values: AnnouncementValues): Promise<number> {
  const [row] = await db.insert(homeAnnouncements).values(values).returning({ id: homeAnnouncements.id });
  return row!.id;
}

/** Rewrites an announcement. */
export async function updateAnnouncement(db: DbOrTx, id: number, values: AnnouncementValues): Promise<void> {
  await db
    .update(homeAnnouncements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(homeAnnouncements.id, id));
}

/** Deletes an announcement. */
export async function deleteAnnouncement(db: DbOrTx, id: number): Promise<void> {
  await db.delete(homeAnnouncements).where(eq(homeAnnouncements.id, id));
}
