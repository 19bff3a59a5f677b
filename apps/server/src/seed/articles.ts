/**
 * Index analysis articles (指数分析, category `index`, shown on /morepage), written from the
 * computed index: the weekly review of every index, by the same code as the daily job (so they
 * quote the real closing price, change, high and low, stock and deal tonnage and agree with the
 * charts), and a monthly saturation review.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { atDay, dayString } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import { articles, saturationDays } from '../db/schema/index.ts';
import { sanitizeArticleHtml } from '../modules/article/html.ts';
import { indexCategoryId, writeWeeklyReviews } from '../modules/steel-index/service.ts';
import type { Rng } from './random.ts';

const tonnes = (kg: number) => (kg / 1000).toLocaleString('zh-CN', { maximumFractionDigits: 0 });

/** Writes the weekly reviews of every index for the last `weeks` weeks and a saturation review. */
export async function seedIndexArticles(tx: Tx, rng: Rng, now: Date, weeks = 8): Promise<number> {
  const reviews = await writeWeeklyReviews(tx, dayString(now), weeks);
  const categoryId = await indexCategoryId(tx);
  const rows: (typeof articles.$inferInsert)[] = [];
  const authors = ['钢市通研究部', '钢市通数据中心'];

  const national = await tx
    .select()
    .from(saturationDays)
    .where(and(eq(saturationDays.market, '全国'), gte(saturationDays.day, dayString(now, -30))))
    .orderBy(asc(saturationDays.day));
  const first = national[0];
  const last = national[national.length - 1];
  if (first && last) {
    const delta = (last.ratio - first.ratio) * 100;
    const summary = `截至${last.day}，全国样本仓库库容饱和度${(last.ratio * 100).toFixed(2)}%，较30天前${delta >= 0 ? '上升' : '下降'}${Math.abs(delta).toFixed(2)}个百分点，样本库存${tonnes(last.stockKg)}吨。`;
    rows.push({
      categoryId,
      title: `月度库容观察：全国样本仓库饱和度${(last.ratio * 100).toFixed(1)}%`,
      summary,
      contentHtml: `<p>${summary}</p><p>库容饱和度 = 样本仓库库存 ÷ 样本仓库库容。饱和度高于七成时仓库周转趋紧，入库排队增加；低于四成说明社会库存偏低。</p>`,
      source: '钢市通',
      author: rng.pick(authors),
      membersOnly: false,
      publishedAt: atDay(now, 0, 18 * 60),
      views: rng.int(80, 2400),
    });
  }
  // Articles are sanitized on write, as the operator console will do (modules/article/html.ts).
  const clean = rows.map((r) => ({ ...r, contentHtml: sanitizeArticleHtml(r.contentHtml ?? '') }));
  if (clean.length > 0) await tx.insert(articles).values(clean);
  return reviews + rows.length;
}
