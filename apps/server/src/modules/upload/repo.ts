/** SQL of uploads: insert, one by id, several of one owner. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';

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
