/**
 * The text of a 市场日报, written from the day's figures in the portal's number format (元/吨
 * whole with separators, tonnes whole). It says that it was generated from the day's data, so
 * nobody takes it for an analyst's view, and its outlook is a rule over the figures.
 */
import { toTonnes, toYuan } from '../../present.ts';
import type { DailyFigures, ReportProduct } from './market-daily.ts';

/** Who the generated reports are by, and where they come from. */
export const REPORT_AUTHOR = '钢市通数据中心';
export const REPORT_SOURCE = '钢市通报价与仓库数据（数据自动生成）';

const whole = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const yuan = (fen: number) => `${whole.format(toYuan(fen))}元/吨`;
const tonnes = (kg: number) => `${whole.format(toTonnes(kg))}吨`;
/** A change in whole yuan: one that rounds to 0 reads 持平, never 下跌0元. */
const moved = (fen: number) => {
  const whole = Math.round(toYuan(fen));
  return whole > 0 ? `上涨${yuan(fen)}` : whole < 0 ? `下跌${yuan(-fen)}` : '持平';
};
const monthDay = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** How the day's price and stock read together: a rule over the signs, not an opinion. */
function outlook(f: DailyFigures, short: string): string {
  const price = Math.sign(Math.round(toYuan(f.changeFen ?? 0)));
  const stock = Math.sign(f.stock?.changeKg ?? 0);
  if (price > 0 && stock < 0) return `价涨库降，${short}现货去化顺畅，贸易商挺价意愿较强。`;
  if (price > 0 && stock >= 0) return `价格上行但库存未见下降，追高需谨慎，关注后续成交能否跟上。`;
  if (price < 0 && stock > 0) return `价跌库增，${short}库存压力显现，短期价格或延续弱势。`;
  if (price < 0 && stock <= 0) return `价格回落而库存继续去化，下游逢低补库，跌幅或有限。`;
  if (stock > 0) return `价格持稳、库存小幅累积，市场观望情绪较浓。`;
  if (stock < 0) return `价格持稳、库存下降，供需偏紧，关注贸易商调价动向。`;
  return `价格与库存均无明显变化，市场延续平稳运行。`;
}

/** Title, summary and HTML of one product's daily report. */
export function presentDailyReport(
  product: ReportProduct,
  f: DailyFigures,
): { title: string; summary: string; contentHtml: string } {
  const date = monthDay(f.day);
  const change = f.changeFen === null ? '' : `，较上一交易日${moved(f.changeFen)}`;
  const title = `${date}${product.short}市场日报：报价均价${yuan(f.avgFen)}${f.changeFen === null ? '' : `，${moved(f.changeFen)}`}`;
  const cityList = f.cities.map((c) => c.city).join('、');
  const stockLine = f.stock
    ? `样本仓库库存${tonnes(f.stock.stockKg)}${
        f.stock.changeKg === null
          ? ''
          : f.stock.changeKg === 0
            ? '，与前日持平'
            : `，较前日${f.stock.changeKg > 0 ? '增加' : '减少'}${tonnes(Math.abs(f.stock.changeKg))}`
      }。`
    : '';
  const summary = `${date}${product.name}有效报价${whole.format(f.quotes)}条，均价${yuan(f.avgFen)}${change}；报价最活跃的市场为${cityList || '—'}。${stockLine}`;

  const flat = f.quotes - f.ups - f.downs;
  const priceText = `<p>${date}，${whole.format(f.traders)}家商家在钢市通发布${product.name}有效报价${whole.format(f.quotes)}条（电议除外），均价${yuan(f.avgFen)}${
    f.changeFen === null ? '' : `，较上一交易日（${monthDay(f.prevDay ?? f.day)}）${moved(f.changeFen)}`
  }。其中调涨${whole.format(f.ups)}条、调降${whole.format(f.downs)}条、持平或首次报价${whole.format(flat)}条，${
    f.ups > f.downs * 2 ? '多数商家上调报价' : f.downs > f.ups * 2 ? '多数商家下调报价' : '商家调价方向分化'
  }。</p>`;
  const cityRows = f.cities
    .map((c) => `<tr><td>${c.city}</td><td>${whole.format(c.quotes)}</td><td>${yuan(c.avgFen)}</td></tr>`)
    .join('');
  const citiesText =
    f.cities.length > 0
      ? `<h3>活跃市场</h3><p>报价条数居前的市场为${cityList}。</p><table><thead><tr><th>市场</th><th>报价条数</th><th>均价</th></tr></thead><tbody>${cityRows}</tbody></table>`
      : '';
  const indexText =
    f.indexes.length > 0
      ? `<h3>指数表现</h3><p>${f.indexes
          .map(
            (i) =>
              `${i.name}指数报${yuan(i.priceFen)}${i.changeFen === null ? '' : `，日环比${moved(i.changeFen)}`}`,
          )
          .join('；')}。</p>`
      : '';
  const s = f.stock;
  const stockText = s
    ? `<h3>库存变化</h3><p>${stockLine}当日入库${tonnes(s.inKg)}、出库${tonnes(s.outKg)}，成交${tonnes(s.dealKg)}。${
        s.rise ? `库存增加最多的是${s.rise.market}市场（增加${tonnes(s.rise.changeKg)}）` : ''
      }${s.rise && s.fall ? '，' : ''}${s.fall ? `减少最多的是${s.fall.market}市场（减少${tonnes(-s.fall.changeKg)}）` : ''}${
        s.rise || s.fall ? '。' : ''
      }</p>`
    : '';
  const contentHtml = [
    `<p><strong>本文由系统根据钢市通当日报价、指数与样本仓库数据自动生成</strong>，数字均可由本站已存数据复算。</p>`,
    `<h3>价格</h3>${priceText}`,
    citiesText,
    indexText,
    stockText,
    `<h3>数据提示</h3><p>${outlook(f, product.short)}以上为按数据规则生成的提示，不构成投资建议。</p>`,
  ].join('');
  return { title, summary, contentHtml };
}
