/**
 * Index analysis articles (指数分析, category `index`, shown on /morepage), written from the
 * computed index: each weekly review quotes the week's real closing price, change, high and
 * low, stock and deal tonnage of its index, so the text and the charts always agree.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { atDay, dayString } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import {
  articleCategories,
  articles,
  indexDays,
  indexDefinitions,
  saturationDays,
} from '../db/schema/index.ts';
import { sanitizeArticleHtml } from '../modules/article/html.ts';
import type { Rng } from './random.ts';

/** The category of index articles; other article kinds add their own categories. */
export const INDEX_CATEGORY = { code: 'index', name: '指数分析' } as const;

const yuan = (fen: number) => (fen / 100).toFixed(0);
const tonnes = (kg: number) => (kg / 1000).toLocaleString('zh-CN', { maximumFractionDigits: 0 });
const signed = (n: number, text: string) =>
  n > 0 ? `上涨${text}` : n < 0 ? `下跌${text.replace('-', '')}` : '持平';
const pct = (x: number) => `${(Math.abs(x) * 100).toFixed(2)}%`;

async function weekOf(tx: Tx, indexId: number, from: string, to: string) {
  return tx
    .select()
    .from(indexDays)
    .where(and(eq(indexDays.indexId, indexId), gte(indexDays.day, from), lte(indexDays.day, to)))
    .orderBy(asc(indexDays.day));
}

/** Writes weekly reviews for the last `weeks` weeks of two indexes and a saturation review. */
export async function seedIndexArticles(tx: Tx, rng: Rng, now: Date, weeks = 8): Promise<number> {
  const [category] = await tx
    .insert(articleCategories)
    .values({ code: INDEX_CATEGORY.code, name: INDEX_CATEGORY.name, sort: 5 })
    .onConflictDoUpdate({ target: articleCategories.code, set: { name: INDEX_CATEGORY.name } })
    .returning({ id: articleCategories.id });
  const defs = await tx.select().from(indexDefinitions);
  const rows: (typeof articles.$inferInsert)[] = [];
  const authors = ['钢市通研究部', '钢市通数据中心'];

  for (const [code, everyWeek] of [
    ['lc_hrc', 1],
    ['sh_crc', 2],
  ] as const) {
    const def = defs.find((d) => d.code === code);
    if (!def) continue;
    for (let w = 0; w < weeks; w += everyWeek) {
      const end = dayString(now, -7 * w);
      const start = dayString(now, -7 * w - 6);
      const days = await weekOf(tx, def.id, dayString(now, -7 * w - 7), end);
      const before = days[0];
      const week = days.slice(1);
      const last = week[week.length - 1];
      if (!before || !last) continue;
      const change = last.priceFen - before.priceFen;
      const high = Math.max(...week.map((d) => d.priceFen));
      const low = Math.min(...week.map((d) => d.priceFen));
      const deal = week.reduce((n, d) => n + d.dealKg, 0);
      const stockChange = last.stockKg - before.stockKg;
      const samples = week.reduce((n, d) => n + d.sampleCount, 0);
      const removed = week.reduce((n, d) => n + d.removedOutliers, 0);
      const trend = change > 0 ? '震荡上行' : change < 0 ? '重心下移' : '横盘整理';
      const title = `${def.name}周评（${start.slice(5)}至${end.slice(5)}）：价格${trend}，周末报${yuan(last.priceFen)}元/吨`;
      const summary = `本周${def.name}指数收于${last.points.toFixed(2)}点，价格${yuan(last.priceFen)}元/吨，较上周${signed(change, `${yuan(change)}元/吨`)}；样本仓库库存${tonnes(last.stockKg)}吨，周成交${tonnes(deal)}吨。`;
      const contentHtml = [
        `<p>${summary}</p>`,
        `<h3>价格</h3><p>本周价格区间${yuan(low)}—${yuan(high)}元/吨，周末收于${yuan(last.priceFen)}元/吨，较上周末${signed(change, `${yuan(change)}元/吨`)}（${pct(before.priceFen ? change / before.priceFen : 0)}）。本周计入样本报价${samples}条，剔除异常报价${removed}条。</p>`,
        `<h3>库存与成交</h3><p>样本仓库库存${tonnes(last.stockKg)}吨，较上周末${stockChange >= 0 ? '增加' : '减少'}${tonnes(Math.abs(stockChange))}吨；全周成交${tonnes(deal)}吨，日均${tonnes(deal / Math.max(1, week.length))}吨，周末挂牌量${tonnes(last.tradingKg)}吨。</p>`,
        `<h3>后市</h3><p>${stockChange > 0 ? '库存回升，贸易商出货意愿增强，短期价格或承压。' : '库存去化，现货资源偏紧，贸易商挺价意愿较强。'}以上数据均来自本站样本仓库日报与当日样本报价，计算方法见指数说明。</p>`,
      ].join('');
      rows.push({
        categoryId: category!.id,
        title,
        summary,
        contentHtml,
        source: '钢市通',
        author: rng.pick(authors),
        membersOnly: code === 'sh_crc',
        publishedAt: atDay(now, -7 * w, 17 * 60 + rng.int(0, 50)),
        views: rng.int(80, 2400),
      });
    }
  }

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
      categoryId: category!.id,
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
  return rows.length;
}
