/** Presenters: market-dynamics rows as the API shows them (dates as ISO 8601 instants). */
import type { AffairDetail, AffairSummary } from '@steelport/contracts';
import { sanitizeArticleHtml } from '../article/html.ts';
import type { AffairRow, AffairSummaryRow } from './repo.ts';

/** One line of the list. */
export function presentAffairSummary(r: AffairSummaryRow): AffairSummary {
  return { ...r, product: r.product ?? null, publishedAt: r.publishedAt.toISOString() };
}

/**
 * An item with its text (sanitised again on the way out, like articles: a row written by hand
 * cannot carry a script) and the items above and below it in the list.
 */
export function presentAffairDetail(
  r: AffairRow,
  neighbours: { newer: { id: number; title: string } | null; older: { id: number; title: string } | null },
): AffairDetail {
  const { content, ...summary } = r;
  return {
    ...presentAffairSummary(summary),
    contentHtml: sanitizeArticleHtml(content),
    previous: neighbours.newer,
    next: neighbours.older,
  };
}
