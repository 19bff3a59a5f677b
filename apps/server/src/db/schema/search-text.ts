/**
 * Keyword search over cargo, surplus and quotations runs `ILIKE '%term%'` on one `search_text`
 * column backed by a pg_trgm GIN index. Every writer (form, Excel import, seed) builds that text
 * with this function so that all rows are searchable the same way.
 */
import { normalizeSpecText } from '@steelport/contracts';

export interface SearchTextParts {
  product: string;
  material?: string | null;
  spec?: string | null;
  mill?: string | null;
  warehouse?: string | null;
  city?: string | null;
  /** the supplier's short name (简称): buyers search 润钢, not 上海润钢贸易有限公司 */
  supplier?: string | null;
  remark?: string | null;
}

/**
 * Joins the searchable words of a row: product name, material, canonical spec, mill, warehouse,
 * city, supplier short name and remark, separated by single spaces.
 */
export function buildSearchText(parts: SearchTextParts): string {
  const words = [
    parts.product,
    parts.material,
    parts.spec ? normalizeSpecText(parts.spec) : null,
    parts.mill,
    parts.warehouse,
    parts.city,
    parts.supplier,
    parts.remark,
  ];
  return words
    .map((w) => (w ?? '').trim().replace(/\s+/g, ' '))
    .filter((w) => w !== '')
    .join(' ');
}
