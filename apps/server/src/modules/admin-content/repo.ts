/**
 * What the SQL of every entity of the operator console's content shares: the list helpers. Each
 * entity's own SQL is in its folder (`articles/repo.ts`...); the uploads their images come from
 * are the upload module's (`upload/service.ts#uploadWithOwner`,
 * `upload/service.ts#publishContentImage`). The admin lists see every row (drafts, withdrawn,
 * scheduled, switched off); keyword search is a plain `ILIKE`: these tables hold hundreds to a
 * few thousand rows, not a search table.
 */

/** `%text%` with LIKE's wildcards taken literally. */
export function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The offset of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
