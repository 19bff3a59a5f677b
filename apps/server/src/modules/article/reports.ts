/**
 * The 市场日报 writer (issue 15): for every trading day of a span, one report per major product
 * from the stored quotations, index days and warehouse figures, filed under 市场资讯 with the
 * tags 市场日报 and the product. Each report carries a `generated_key` (product and day), so a
 * rerun rewrites the same article from the same rows and the daily job can redo the newest days
 * when late quotations arrive. Called by the scheduler after the index job and by the seed.
 */
import { MINUTE_MS, shiftDay } from '../../dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sanitizeArticleHtml } from './html.ts';
import { dailyFigures, type ProductRows, REPORT_PRODUCTS, reportKey, tradingDays } from './market-daily.ts';
import { presentDailyReport, REPORT_AUTHOR, REPORT_SOURCE } from './present-daily.ts';
import { latestQuoteDay, productIdsByName, reportInputs } from './repo-daily.ts';
import {
  ensureCategory,
  ensureTags,
  type GeneratedArticle,
  upsertGeneratedArticles,
} from './repo-generated.ts';

/** The news category of market texts, created on first use. */
export const MARKET_CATEGORY = { code: 'market', name: '市场资讯', sort: 1 } as const;
/** The tag every daily report carries. */
export const DAILY_TAG = '市场日报';
/** Days the daily job rewrites (late quotations of yesterday are picked up). */
export const JOB_REPORT_DAYS = 3;
/** Days of reports the demo seed writes. */
export const SEED_REPORT_DAYS = 30;
/** A report appears at 17:30 Shanghai time of its day, after the markets close. */
const PUBLISH_MINUTES = 17 * 60 + 30;
/** Days before the span loaded for comparisons (previous trading day, index and stock). */
const LOOK_BACK_DAYS = 10;

/**
 * Writes (or rewrites) the reports of the `days` days up to `latest` (default: the newest day
 * with quotations). Returns how many reports were stored.
 */
export async function writeMarketReports(
  db: DbOrTx,
  opts: { latest?: string; days?: number } = {},
): Promise<number> {
  const last = opts.latest ?? (await latestQuoteDay(db));
  if (!last) return 0;
  const first = shiftDay(last, -((opts.days ?? JOB_REPORT_DAYS) - 1));
  const products = await productIdsByName(
    db,
    REPORT_PRODUCTS.map((p) => p.name),
  );
  if (products.length === 0) return 0;
  const idOf = new Map(products.map((p) => [p.name, p.id]));
  const inputs = await reportInputs(
    db,
    products.map((p) => p.id),
    shiftDay(first, -LOOK_BACK_DAYS),
    last,
  );
  const categoryId = await ensureCategory(
    db,
    MARKET_CATEGORY.code,
    MARKET_CATEGORY.name,
    MARKET_CATEGORY.sort,
  );
  const tagIds = await ensureTags(db, [DAILY_TAG, ...REPORT_PRODUCTS.map((p) => p.short)]);

  const reports: GeneratedArticle[] = [];
  for (const product of REPORT_PRODUCTS) {
    const productId = idOf.get(product.name);
    if (productId === undefined) continue;
    const rows: ProductRows = {
      days: inputs.days.filter((r) => r.productId === productId),
      cities: inputs.cities.filter((r) => r.productId === productId),
      index: inputs.index.filter((r) => r.productId === productId),
      stock: inputs.stock.filter((r) => r.productId === productId),
    };
    for (const day of tradingDays(rows, first, last)) {
      const figures = dailyFigures(rows, day);
      if (!figures) continue;
      const text = presentDailyReport(product, figures);
      reports.push({
        categoryId,
        generatedKey: reportKey(product, day),
        title: text.title,
        summary: text.summary,
        contentHtml: sanitizeArticleHtml(text.contentHtml),
        source: REPORT_SOURCE,
        author: REPORT_AUTHOR,
        membersOnly: false,
        publishedAt: new Date(Date.parse(`${day}T00:00:00+08:00`) + PUBLISH_MINUTES * MINUTE_MS),
        tagIds: [tagIds.get(DAILY_TAG), tagIds.get(product.short)].filter(
          (id): id is number => id !== undefined,
        ),
      });
    }
  }
  return upsertGeneratedArticles(db, reports);
}
