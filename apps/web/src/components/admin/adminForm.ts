/**
 * Rules shared by the console's content screens, kept apart from React: list state in the URL,
 * the picture field's value and what a write sends for it, date windows and their display.
 */
import { ADMIN_CONTENT_FILE_PATH } from '@steelport/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** A picture as the form holds it: the upload it came from (null: an older link) and its link. */
export type AdminImage = { uploadId: number | null; url: string } | null;

/** The form value of a stored picture. */
export function imageOf(url: string, uploadId: number | null): AdminImage {
  return url ? { uploadId, url } : null;
}

/**
 * What a write sends for a picture field: nothing when it is as it was (the server keeps it),
 * null when the operator removed it, the new upload's id when one was uploaded.
 */
export function imageUploadIdFor(
  before: AdminImage,
  after: AdminImage | undefined,
): number | null | undefined {
  const now = after ?? null;
  if (now === null) return before === null ? undefined : null;
  if (before && before.url === now.url) return undefined;
  return now.uploadId ?? undefined;
}

/** The public link of an uploaded content picture (what articles' HTML refers to). */
export function publicImageLink(uploadId: number): string {
  return `${ADMIN_CONTENT_FILE_PATH}/${uploadId}`;
}

/**
 * The editor's HTML as stored: pictures uploaded while editing show through their signed links
 * (`/api/web/upload/file/{id}?exp&sig`, readable by the operator at once), and are stored as
 * their public content links, which the server publishes on save.
 */
export function publicHtml(html: string): string {
  return html.replace(
    /\/api\/web\/upload\/file\/(\d+)\?exp=\d+&(?:amp;)?sig=[A-Za-z0-9_-]+/g,
    (_, id: string) => publicImageLink(Number(id)),
  );
}

/** An editor's HTML that holds no text and no picture counts as empty. */
export function isBlankHtml(html: string | undefined): boolean {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

/** A list's page, keyword and filters as the URL holds them. */
export interface ListParams {
  page: number;
  keyword: string;
  filters: Record<string, string>;
}

/** Reads the list state of `params`; `filterKeys` are the list's own filters. */
export function readListParams(params: URLSearchParams, filterKeys: readonly string[]): ListParams {
  const page = Number(params.get('page'));
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    keyword: (params.get('keyword') ?? '').slice(0, 50),
    filters,
  };
}

/** The URL query of a list state; a changed search or filter goes back to page 1. */
export function writeListParams(state: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (state.keyword) query.set('keyword', state.keyword);
  for (const [key, value] of Object.entries(state.filters)) if (value) query.set(key, value);
  if (state.page > 1) query.set('page', String(state.page));
  return query;
}

/** A stored time as the console shows it (minutes), or — . */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
}

/** A picked time as the API takes it (ISO), or null. */
export function toIso(value: Dayjs | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** A stored time as a picker's value. */
export function toDayjs(iso: string | null | undefined): Dayjs | null {
  return iso ? dayjs(iso) : null;
}

/** Whether an (optional) window ends after it starts. */
export function windowIsValid(range: [Dayjs | null, Dayjs | null] | null | undefined): boolean {
  if (!range) return true;
  const [from, to] = range;
  return !from || !to || to.isAfter(from);
}

/** A link an operator may store: empty, a site path, or http(s) (as the contract's pattern). */
export function linkIsValid(link: string | undefined): boolean {
  const text = (link ?? '').trim();
  return text === '' || /^\/(?!\/)\S*$/.test(text) || /^https?:\/\/\S+$/.test(text);
}

/** Where an ad stands now: running, waiting for its start, past its end, or switched off. */
export function adState(
  row: {
    active: boolean;
    live: boolean;
    startsAt: string | null;
    endsAt: string | null;
  },
  now = Date.now(),
): 'live' | 'waiting' | 'ended' | 'off' {
  if (!row.active) return 'off';
  if (row.live) return 'live';
  if (row.startsAt && Date.parse(row.startsAt) > now) return 'waiting';
  return 'ended';
}
