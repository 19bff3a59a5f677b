/**
 * The rules of the one upload component (docs/portal.md#uploads), kept apart from React so they
 * are tested alone: file entries and their states, type matching, the count limit and the
 * error text.
 */

/** A file goes ready -> uploading -> success | fail (docs/portal.md#uploads). */
export type UploadStatus = 'ready' | 'uploading' | 'success' | 'fail';

/** The upload file entry (docs/portal.md#uploads). */
export interface UploadFileEntry {
  uid: string;
  name: string;
  /** bytes */
  size: number;
  /** 0-100 */
  percentage: number;
  status: UploadStatus;
  /** where the stored file can be seen, once uploaded */
  url?: string;
  /** the server's answer (the stored file's id and so on) */
  response?: unknown;
  raw?: File;
}

let counter = 0;
/** A unique id for a file entry within this page. */
export function nextUid(): string {
  counter += 1;
  return `sp-upload-${Date.now()}-${counter}`;
}

/** A new entry for a picked or dropped file, ready to upload. */
export function readyEntry(file: File): UploadFileEntry {
  return { uid: nextUid(), name: file.name, size: file.size, percentage: 0, status: 'ready', raw: file };
}

/**
 * Does `file` match `accept` (docs/portal.md#uploads)? `accept` is comma-separated: extensions
 * `.pdf`, wildcard types `image/*`, exact types `application/pdf`; an empty accept takes
 * everything. When dragging, the browser does not filter by `accept`, so a dropped file is
 * checked here.
 */
export function matchesAccept(file: { name: string; type: string }, accept: string | undefined): boolean {
  const rules = (accept ?? '')
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  const baseType = type.replace(/\/.*$/, '');
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return baseType === rule.slice(0, -2);
    return type === rule;
  });
}

/**
 * The count limit (docs/portal.md#uploads): would adding `adding` files to `current` go over
 * `limit` (undefined: no limit)?
 */
export function exceedsLimit(current: number, adding: number, limit: number | undefined): boolean {
  return limit !== undefined && current + adding > limit;
}

/**
 * The error text (docs/portal.md#errors): `fail to {method} {url} {status}` unless the server
 * gave its own text.
 */
export function uploadErrorText(
  method: string,
  url: string,
  status: number | undefined,
  serverText?: string | null,
) {
  if (serverText?.trim()) return serverText.trim();
  return `fail to ${method.toLowerCase()} ${url} ${status ?? 0}`;
}

/** Progress in whole percent from an upload progress event (0 when the total is unknown). */
export function percentOf(loaded: number, total: number | undefined): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/** Replaces the entry `uid` in `list` with `change` applied; other entries stay as they were. */
export function updateEntry(
  list: UploadFileEntry[],
  uid: string,
  change: Partial<UploadFileEntry>,
): UploadFileEntry[] {
  return list.map((f) => (f.uid === uid ? { ...f, ...change } : f));
}

/** A failed file is removed from the list (docs/portal.md#uploads). */
export function removeEntry(list: UploadFileEntry[], uid: string): UploadFileEntry[] {
  return list.filter((f) => f.uid !== uid);
}
