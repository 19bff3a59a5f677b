/**
 * What the services of the console's content share (articles, market dynamics, agencies, ads,
 * the home announcement; one folder each): the operator, times of a body, and images. HTML is
 * sanitised on write exactly as the article module renders it; images come as upload ids that
 * must be the caller's own or another operator's, and are published (readable by anyone at
 * `ADMIN_CONTENT_FILE_PATH/{id}`) when attached.
 */
import type { DbOrTx } from '../../db/client.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type LocalText, say } from '../../text.ts';
import { sanitizeArticleHtml } from '../article/html.ts';
import { publishContentImage, uploadWithOwner } from '../upload/service.ts';
import { contentFileUrl } from './present.ts';

/** Image types an operator may publish (what `modules/upload` accepts, without PDF). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The operator doing a write. */
export type Operator = Pick<AuthUser, 'id'>;

/** Names without repeats, in the order given. */
export const distinct = (names: string[]) => [...new Set(names)];

// ---------------------------------------------------------------- times

/** A date-time string of a body as an instant; code 1 naming the field when it is not one. */
export function instant(value: string, field: string): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new Invalid(
      say(`参数错误：${field} 不是有效的时间`, `Invalid request: ${field} is not a valid time`),
    );
  return at;
}

/** The publication time of a body: given, else the row's before, else now (a create). */
export function publishedAtOf(
  value: string | undefined,
  before: { publishedAt: string } | null,
  now: () => Date,
): Date {
  return value ? instant(value, 'publishedAt') : before ? new Date(before.publishedAt) : now();
}

/** An optional window end: undefined keeps `current`, null is open. */
function windowEnd(value: string | null | undefined, current: Date | null, field: string): Date | null {
  if (value === undefined) return current;
  return value === null ? null : instant(value, field);
}

/** Refuses a window whose end is not after its start (the table's check would fail). */
function assertWindow(startsAt: Date | null, endsAt: Date | null, what: LocalText): void {
  if (startsAt && endsAt && startsAt.getTime() >= endsAt.getTime()) {
    throw new Invalid(
      say(
        `参数错误：${what.zh}结束时间须晚于开始时间`,
        `Invalid request: the ${what.en} must end after it starts`,
      ),
    );
  }
}

/**
 * The window of a body over `before` (an end not given keeps its value, null opens it); refused
 * when it ends before it starts, naming `what` (投放, 展示).
 */
export function windowOf(
  body: { startsAt?: string | null | undefined; endsAt?: string | null | undefined },
  before: { startsAt: string | null; endsAt: string | null } | null,
  what: LocalText,
): { startsAt: Date | null; endsAt: Date | null } {
  const startsAt = windowEnd(body.startsAt, before?.startsAt ? new Date(before.startsAt) : null, 'startsAt');
  const endsAt = windowEnd(body.endsAt, before?.endsAt ? new Date(before.endsAt) : null, 'endsAt');
  assertWindow(startsAt, endsAt, what);
  return { startsAt, endsAt };
}

// ---------------------------------------------------------------- images

/**
 * The stored address of an image: `uploadId` undefined keeps `current`, null removes it, an id
 * must be an image the operator (or another operator) uploaded and is published by this.
 */
export async function imageUrl(
  tx: DbOrTx,
  operator: Operator,
  uploadId: number | null | undefined,
  current: string,
): Promise<string> {
  if (uploadId === undefined) return current;
  if (uploadId === null) return '';
  const upload = await uploadWithOwner(tx, uploadId);
  if (!upload || (upload.ownerUserId !== operator.id && upload.ownerRole !== 'admin')) {
    throw new NotFound(
      say(
        '图片不存在或不是您上传的，请重新上传',
        'The image does not exist or was not uploaded by you; please upload it again',
      ),
    );
  }
  if (!IMAGE_TYPES.has(upload.mime))
    throw new Invalid(
      say('参数错误：图片只能是 JPG、PNG 或 WebP', 'Invalid request: the image must be JPG, PNG or WebP'),
    );
  await publishContentImage(tx, upload);
  return contentFileUrl(uploadId);
}

/** Upload ids of the published pictures an HTML body shows (pictures put in with the editor). */
function contentImageIds(html: string): number[] {
  const ids = new Set<number>();
  for (const match of html.matchAll(/\/api\/web\/upload\/content\/(\d{1,9})\b/g)) ids.add(Number(match[1]));
  return [...ids];
}

/** Sanitised `html` whose pictures are checked and published like a cover (the editor's uploads). */
export async function bodyHtml(tx: DbOrTx, operator: Operator, html: string): Promise<string> {
  const clean = sanitizeArticleHtml(html);
  for (const id of contentImageIds(clean)) await imageUrl(tx, operator, id, '');
  return clean;
}
