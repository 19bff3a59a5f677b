/** Upload rows -> the answer shape; the link is signed by the caller's signer. */
import type { UploadedFile } from '@steelport/contracts';
import type { UploadRow } from './repo.ts';

/** An upload as its owner sees it, with a link that works in an <img> for a while. */
export function presentUpload(row: UploadRow, urlOf: (id: number) => string): UploadedFile {
  return {
    id: row.id,
    name: row.originalName,
    size: row.sizeBytes,
    mime: row.mime,
    url: urlOf(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}
