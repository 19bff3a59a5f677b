/**
 * SQL of uploads: insert, one by id, several of one owner, several with their owner's role, and
 * the purpose an operator gives a file (an inspection photo, published content).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads, users } from '../../db/schema/index.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

/** Records a stored file. */
export async function insertUpload(db: DbOrTx, row: NewUpload): Promise<UploadRow> {
  const [made] = await db.insert(uploads).values(row).returning();
  return made!;
}

/** One upload, or null. */
export async function findUpload(db: DbOrTx, id: number): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}

/** The uploads among `ids` that `ownerUserId` owns. */
export function ownedUploads(db: DbOrTx, ownerUserId: number, ids: number[]): Promise<UploadRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.ownerUserId, ownerUserId), inArray(uploads.id, ids)));
}

/** Uploads by id (for presenting attachments and photos). */
export function uploadsByIds(db: DbOrTx, ids: number[]): Promise<UploadRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}

/** Uploads by id with their owner's role (may an operator use or publish it). */
export function uploadsWithOwner(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: uploads.id,
      ownerUserId: uploads.ownerUserId,
      ownerRole: users.role,
      mime: uploads.mime,
      sizeBytes: uploads.sizeBytes,
      purpose: uploads.purpose,
    })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.ownerUserId))
    .where(inArray(uploads.id, ids));
}
export type UploadWithOwnerRow = Awaited<ReturnType<typeof uploadsWithOwner>>[number];

/**
 * Marks plain uploads as inspection photos (what the seed's photos are): still readable only by
 * signed link. A picture already published as content stays published.
 */
export async function markInspectionPhotos(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(uploads)
    .set({ purpose: 'inspection_photo' })
    .where(and(inArray(uploads.id, ids), eq(uploads.purpose, 'attachment')));
}

/** Marks an upload as published content: from now on anyone may read it. */
export async function publishUpload(db: DbOrTx, id: number): Promise<void> {
  await db.update(uploads).set({ purpose: 'content' }).where(eq(uploads.id, id));
}
