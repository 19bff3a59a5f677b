/**
 * The text of a weekly index review (指数周评), written from the week's figures in the portal's
 * number format (元/吨 whole with separators, tonnes whole, percentages with two decimals). It
 * says that it was generated from the index data, so nobody takes it for an analyst's view.
 */
import { toTonnes, toYuan } from '../../present.ts';
import type { WeekFigures } from './weekly.ts';

/** Who the generated reviews are by, and where they come from. */
export const REVIEW_AUTHOR = '钢市通数据中心';
export const REVIEW_SOURCE = '钢市通指数（数据自动生成）';

const whole = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const two = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const yuan = (fen: number) => `${whole.format(toYuan(fen))}元/吨`;
const tonnes = (kg: number) => `${whole.format(toTonnes(kg))}吨`;
const moved = (fen: number) => (fen > 0 ? `上涨${yuan(fen)}` : fen < 0 ? `下跌${yuan(-fen)}` : '持平');
const percent = (ratio: number | null) =>
  ratio === null ? '' : `（${ratio > 0 ? '+' : ratio < 0 ? '−' : ''}${two.format(Math.abs(ratio) * 100)}%）`;

/** Title, summary and HTML of the review of one index's week. */
export function presentWeeklyReview(
  indexName: string,
  f: WeekFigures,
): { title: string; summary: string; contentHtml: string } {
  const trend = f.changeFen > 0 ? '震荡上行' : f.changeFen < 0 ? '重心下移' : '横盘整理';
  const title = `${indexName}周评（${f.start.slice(5)}至${f.end.slice(5)}）：价格${trend}，周末报${yuan(f.closeFen)}`;
  const summary =
    `本周${indexName}指数收于${two.format(f.closePoints)}点，价格${yuan(f.closeFen)}，较上周末${moved(f.changeFen)}${percent(f.changeRatio)}；` +
    `样本仓库库存${tonnes(f.stockKg)}，周成交${tonnes(f.dealKg)}。`;
  const stock =
    f.stockChangeKg === 0
      ? '与上周末持平'
      : `较上周末${f.stockChangeKg > 0 ? '增加' : '减少'}${tonnes(Math.abs(f.stockChangeKg))}`;
  const provisional =
    f.provisionalDays > 0 ? `其中${f.provisionalDays}个交易日为暂定值，待数据充足后确认或更正。` : '';
  const outlook =
    f.stockChangeKg > 0
      ? '库存回升，贸易商出货意愿增强，短期价格或承压。'
      : f.stockChangeKg < 0
        ? '库存去化，现货资源偏紧，贸易商挺价意愿较强。'
        : '库存持平，供需暂时平衡。';
  const contentHtml = [
    `<p><strong>本文由系统根据钢市通指数数据自动生成</strong>，数字均取自本站样本仓库日报与当日样本报价，计算方法见指数说明。</p>`,
    `<p>${summary}</p>`,
    `<h3>价格</h3><p>本周价格区间${yuan(f.lowFen)}—${yuan(f.highFen)}，周末收于${yuan(f.closeFen)}，较上周末${moved(f.changeFen)}${percent(f.changeRatio)}。本周计入样本报价${whole.format(f.samples)}条，剔除异常报价${whole.format(f.outliers)}条。${provisional}</p>`,
    `<h3>库存与成交</h3><p>样本仓库库存${tonnes(f.stockKg)}，${stock}；全周成交${tonnes(f.dealKg)}，日均${tonnes(f.dealKg / Math.max(1, f.days))}，周末挂牌量${tonnes(f.tradingKg)}。</p>`,
    `<h3>数据提示</h3><p>${outlook}以上为按数据规则生成的提示，不构成投资建议。</p>`,
  ].join('');
  return { title, summary, contentHtml };
}
