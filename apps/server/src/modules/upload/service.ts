/**
 * Uploads: a member's file is checked by content (magic bytes: JPEG, PNG, WebP, PDF), size and
 * count before anything is written, stored under a random key, and recorded with its owner.
 * Reading a file needs its owner's or an operator's session, or a link signed for that file
 * (what an <img> can carry: it sends no X-Token). Links are handed only to those who may read.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UPLOAD_LIMITS, type UploadedFile } from '@steelport/contracts';
import { HOUR_MS, SECOND_MS } from '../../dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { Invalid, NeedLogin, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FileStore } from '../../providers/storage/index.ts';
import { say } from '../../text.ts';
import { presentUpload } from './present.ts';
import {
  findUpload,
  insertUpload,
  markInspectionPhotos as markPhotos,
  ownedUploads,
  publishUpload,
  type UploadRow,
  type UploadWithOwnerRow,
  uploadsByIds,
  uploadsWithOwner as withOwner,
} from './repo.ts';
import { cleanFileName, EXTENSION_OF, sniffUpload } from './sniff.ts';

/** How long a signed link lives: links are issued for the current hour plus one, so they repeat (and cache) within an hour. */
const LINK_MS = HOUR_MS;

/** Signs and checks file links with the app secret. */
export function fileLinks(secret: string, now: () => number = Date.now) {
  const sign = (id: number, exp: number) =>
    createHmac('sha256', secret).update(`upload:${id}:${exp}`).digest('base64url').slice(0, 32);
  return {
    /** A link to file `id` valid for one to two hours. */
    urlOf(id: number): string {
      const exp = Math.floor((Math.floor(now() / LINK_MS) * LINK_MS + 2 * LINK_MS) / SECOND_MS);
      return `/api/web/upload/file/${id}?exp=${exp}&sig=${sign(id, exp)}`;
    },
    /** Whether `sig` signs file `id` until `exp` (seconds) and it has not passed. */
    verify(id: number, exp: number | undefined, sig: string | undefined): boolean {
      if (exp === undefined || sig === undefined || exp * SECOND_MS < now()) return false;
      const want = Buffer.from(sign(id, exp));
      const got = Buffer.from(sig);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
export type FileLinks = ReturnType<typeof fileLinks>;

/** The purpose of an upload an operator published as content: readable by anyone. */
export const CONTENT_PURPOSE = 'content';

/** May `user` read a file owned by `ownerUserId`: its owner or an operator. */
export const mayRead = (user: Pick<AuthUser, 'id' | 'role'> | null, ownerUserId: number) =>
  user !== null && (user.id === ownerUserId || user.role === 'admin');

/** The upload service over the database and a file store. */
export function uploadService(deps: { db: DbOrTx; files: FileStore; links: FileLinks }) {
  const { db, files, links } = deps;
  return {
    /** Checks and stores one file for `userId`; code 2 naming what is wrong, and nothing stored, otherwise. */
    async save(userId: number, file: { filename: string; bytes: Buffer }): Promise<UploadedFile> {
      if (file.bytes.length === 0)
        throw new Invalid(say('参数错误：file 文件为空', 'Invalid request: file is empty'));
      if (file.bytes.length > UPLOAD_LIMITS.maxBytes)
        throw new Invalid(
          say(
            `参数错误：file 文件不能超过 ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB`,
            `Invalid request: file may be at most ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB`,
          ),
        );
      const mime = sniffUpload(file.bytes);
      if (!mime)
        throw new Invalid(
          say(
            '参数错误：file 文件类型不支持，只能上传 JPG、PNG、WebP 图片或 PDF',
            'Invalid request: file type not supported; upload a JPG, PNG or WebP image or a PDF',
          ),
        );
      const key = await files.put(file.bytes, EXTENSION_OF[mime]);
      try {
        const row = await insertUpload(db, {
          ownerUserId: userId,
          purpose: 'attachment',
          originalName: cleanFileName(file.filename, UPLOAD_LIMITS.nameMax),
          storageKey: key,
          mime,
          sizeBytes: file.bytes.length,
        });
        return presentUpload(row, links.urlOf);
      } catch (err) {
        await files.remove(key);
        throw err;
      }
    },

    /**
     * The bytes of file `id` for a signed link or its owner's (or an operator's) session.
     * Anyone else gets code 6, as if it did not exist; a visitor without a link is asked to log in.
     */
    async read(
      id: number,
      link: { exp?: number | undefined; sig?: string | undefined },
      user: AuthUser | null,
    ): Promise<{ row: UploadRow; bytes: Buffer }> {
      const signed = links.verify(id, link.exp, link.sig);
      if (!signed && !user) throw new NeedLogin(say('请先登录后查看文件', 'Please log in to view the file'));
      const row = await findUpload(db, id);
      if (!row || (!signed && !mayRead(user, row.ownerUserId)))
        throw new NotFound(say('文件不存在', 'File not found'));
      const bytes = await files.get(row.storageKey, row.originalName);
      if (!bytes) throw new NotFound(say('文件不存在', 'File not found'));
      return { row, bytes };
    },

    /**
     * The bytes of an image an operator published as content (an article cover, an ad, an
     * agency logo): anyone may read it, without a link. Any other upload is code 6 here.
     */
    async readContent(id: number): Promise<{ row: UploadRow; bytes: Buffer }> {
      const row = await findUpload(db, id);
      if (!row || row.purpose !== CONTENT_PURPOSE || !row.mime.startsWith('image/')) {
        throw new NotFound(say('文件不存在', 'File not found'));
      }
      const bytes = await files.get(row.storageKey, row.originalName);
      if (!bytes) throw new NotFound(say('文件不存在', 'File not found'));
      return { row, bytes };
    },
  };
}

/**
 * Signed file entries of the uploads among `ids`, by id, for the callers allowed to read them
 * (a file that is gone is missing from the map and left out by the caller).
 */
export async function uploadedFiles(
  db: DbOrTx,
  links: FileLinks,
  ids: number[],
): Promise<Map<number, UploadedFile>> {
  return new Map((await uploadsByIds(db, ids)).map((u) => [u.id, presentUpload(u, links.urlOf)]));
}

/** Whether `ownerUserId` owns every upload of `ids` (distinct ids; none is true). */
export async function ownsUploads(db: DbOrTx, ownerUserId: number, ids: number[]): Promise<boolean> {
  return (await ownedUploads(db, ownerUserId, ids)).length === ids.length;
}

/** Uploads among `ids` with their owner's role, mime, size and purpose (may an operator use or publish it). */
export function uploadsWithOwner(db: DbOrTx, ids: number[]): Promise<UploadWithOwnerRow[]> {
  return withOwner(db, ids);
}

/** One upload with its owner's role, mime, size and purpose, or null. */
export async function uploadWithOwner(db: DbOrTx, id: number): Promise<UploadWithOwnerRow | null> {
  const [row] = await withOwner(db, [id]);
  return row ?? null;
}

/**
 * Marks the plain uploads among `ids` as inspection photos (an operator's step photos): still
 * readable only by signed link; one already published as content stays published.
 */
export function markInspectionPhotos(db: DbOrTx, ids: number[]): Promise<void> {
  return markPhotos(db, ids);
}

/**
 * Publishes `upload` as content (an image an operator attached, checked by the caller): from now
 * on anyone may read it at the content address. An upload already published is left as it is.
 */
export async function publishContentImage(
  db: DbOrTx,
  upload: Pick<UploadWithOwnerRow, 'id' | 'purpose'>,
): Promise<void> {
  if (upload.purpose !== CONTENT_PURPOSE) await publishUpload(db, upload.id);
}
