/**
 * What a file really is, by its first bytes (magic numbers), never by its name or the type the
 * browser claims: an .exe renamed photo.jpg starts with `MZ` and is refused.
 */
import type { UploadMimeType } from '../../db/schema/uploads.ts';

/** The types a person may upload; SVG is only ever written by the platform (generated photos). */
export type AcceptedUpload = Exclude<UploadMimeType, 'image/svg+xml'>;

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The content type of `bytes` when it is a JPEG, PNG, WebP or PDF; null otherwise. */
export function sniffUpload(bytes: Uint8Array): AcceptedUpload | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  // %PDF-
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** The extension a stored file gets for its type. */
export const EXTENSION_OF: Record<UploadMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};

/**
 * Characters that reorder the text around them: `invoice\u202egnp.exe` shows as `invoiceexe.png`.
 * A file name needs none of them.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A name safe to show and to put in Content-Disposition: the last path segment, control and
 * bidi characters dropped, at most `max` characters; `file` when nothing is left.
 */
export function cleanFileName(name: string, max: number): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
  return (clean || 'file').slice(0, max);
}
