/**
 * News articles (资讯, issue 15) for the demo: the categories of /moreInfo, the 市场日报 of the
 * last SEED_REPORT_DAYS trading days written from the seeded quotations, index and warehouse
 * figures by the same code as the daily job, a monthly 库存分析 written from the warehouse
 * figures (generated, members-only once it quotes history older than the visitor window),
 * mills' monthly price adjustments that follow the seeded market, and plausible policy and
 * platform texts spread over two years. Deterministic: one seed and one `now`, one set of rows.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { atDay, dayString, shiftDay } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import {
  articles,
  articleTags,
  indexDays,
  indexDefinitions,
  products,
  warehouseDaily,
} from '../db/schema/index.ts';
import { ensureCategory, ensureTags } from '../modules/article/generated.ts';
import { sanitizeArticleHtml } from '../modules/article/html.ts';
import { MARKET_CATEGORY, SEED_REPORT_DAYS, writeMarketReports } from '../modules/article/reports.ts';
import type { Rng } from './random.ts';

/** The news categories besides 指数分析 (created by the index reviews, order 5). */
export const NEWS_CATEGORIES = [
  MARKET_CATEGORY,
  { code: 'mill-price', name: '钢厂调价', sort: 2 },
  { code: 'stock', name: '库存分析', sort: 3 },
  { code: 'policy', name: '政策法规', sort: 6 },
  { code: 'notice', name: '平台公告', sort: 7 },
] as const;

const MILLS = [
  '宝钢股份',
  '鞍钢股份',
  '首钢股份',
  '河钢集团',
  '沙钢集团',
  '本钢板材',
  '日照钢铁',
  '马钢股份',
];
const EDITORS = ['钢市通编辑部', '钢市通资讯中心', '钢市通研究部'];
const whole = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const monthName = (ym: string) => `${ym.slice(0, 4)}年${Number(ym.slice(5, 7))}月`;

interface Draft {
  categoryCode: string;
  title: string;
  summary: string;
  html: string;
  author: string;
  source: string;
  membersOnly: boolean;
  publishedAt: Date;
  views: number;
  tags: string[];
  generatedKey?: string;
}

/** Months (YYYY-MM) ending before `today`'s month, newest first, `n` of them. */
function pastMonths(today: string, n: number): string[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return Array.from({ length: n }, (_, i) => {
    const idx = y * 12 + (m - 1) - (i + 1);
    return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
  });
}
const monthEnd = (ym: string) => shiftDay(`${nextMonth(ym)}-01`, -1);
function nextMonth(ym: string): string {
  const idx = Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7));
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}

/** Monthly average of the national hot-coil index (fen), by month. */
async function monthlyHotCoil(tx: Tx, from: string, to: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      month: sql<string>`to_char(${indexDays.day}::date, 'YYYY-MM')`,
      avg: sql<number>`round(avg(${indexDays.priceFen}))::int`,
    })
    .from(indexDays)
    .innerJoin(indexDefinitions, eq(indexDefinitions.id, indexDays.indexId))
    .where(and(eq(indexDefinitions.code, 'cn_hrc'), gte(indexDays.day, from), lte(indexDays.day, to)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.month, r.avg]));
}

/** Sample stock at a day, by product name (kg). */
async function stockOn(tx: Tx, day: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ name: products.name, kg: sql<number>`sum(${warehouseDaily.stockKg})::float8` })
    .from(warehouseDaily)
    .innerJoin(products, eq(products.id, warehouseDaily.productId))
    .where(eq(warehouseDaily.day, day))
    .groupBy(products.name)
    .orderBy(asc(products.name));
  return new Map(rows.map((r) => [r.name, r.kg]));
}

/** Mills' monthly price policies: the adjustment follows the month's move of the national hot-coil index. */
async function millPriceDrafts(tx: Tx, rng: Rng, today: string, months: string[]): Promise<Draft[]> {
  const oldest = months[months.length - 1] as string;
  const avg = await monthlyHotCoil(tx, `${shiftDay(`${oldest}-01`, -31)}`, today);
  const drafts: Draft[] = [];
  months.forEach((ym, i) => {
    const prevYm = pastMonths(`${ym}-15`, 1)[0] as string;
    const now = avg.get(ym);
    const before = avg.get(prevYm);
    const moveYuan =
      now !== undefined && before !== undefined ? Math.round((now - before) / 100 / 50) * 50 : 0;
    const target = monthName(nextMonth(ym));
    const mills = [MILLS[(i * 3) % MILLS.length], MILLS[(i * 3 + 5) % MILLS.length]] as string[];
    mills.forEach((mill, k) => {
      const adj = moveYuan + (k === 1 ? rng.pick([-50, 0, 0, 50]) : 0);
      const word = adj > 0 ? `上调${adj}元/吨` : adj < 0 ? `下调${-adj}元/吨` : '平盘';
      const cold = adj + rng.pick([-50, 0, 0, 50]);
      const coldWord = cold > 0 ? `上调${cold}元/吨` : cold < 0 ? `下调${-cold}元/吨` : '平盘';
      const title = `${mill}${target}出厂价：热轧${word}，冷轧${coldWord}`;
      const summary = `${mill}公布${target}国内出厂价格政策，热轧板卷${word}，冷轧板卷${coldWord}，镀锌、中厚板随行就市。`;
      const reason =
        adj > 0
          ? '上月现货价格重心上移、钢厂订单饱满，调价顺势而为。'
          : adj < 0
            ? '上月现货价格走弱、下游采购偏谨慎，钢厂让利稳定订单。'
            : '上月现货价格窄幅波动，钢厂以稳为主。';
      drafts.push({
        categoryCode: 'mill-price',
        title,
        summary,
        html: `<p>${summary}</p><h3>调价要点</h3><ul><li>热轧板卷：${word}</li><li>冷轧板卷：${coldWord}</li><li>镀锌系列、中厚板：按区域市场情况另行通知</li></ul><h3>市场解读</h3><p>${reason}本站${monthName(ym)}全国热卷综合指数月均${now === undefined ? '—' : whole.format(now / 100)}元/吨${before === undefined || now === undefined ? '' : `，较上月${now >= before ? '上涨' : '下跌'}${whole.format(Math.abs(now - before) / 100)}元/吨`}。</p><p>（以上为演示资讯，价格政策以钢厂正式文件为准。）</p>`,
        author: rng.pick(EDITORS),
        source: '钢市通综合',
        membersOnly: k === 1 && i % 2 === 0,
        publishedAt: new Date(
          Date.parse(`${monthEnd(ym)}T00:00:00+08:00`) - (k + 1) * 3600_000 * 24 + rng.int(9, 17) * 3600_000,
        ),
        views: rng.int(200, 5200),
        tags: ['钢厂调价', mill, '热卷', '冷轧'],
      });
    });
  });
  return drafts;
}

/** Monthly stock analysis from the sample warehouses (generated: the figures are the stored ones). */
async function stockDrafts(tx: Tx, rng: Rng, today: string, months: string[]): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (const ym of months) {
    const end = monthEnd(ym);
    const start = shiftDay(`${ym}-01`, -1);
    const [a, b] = [await stockOn(tx, start), await stockOn(tx, end)];
    if (a.size === 0 || b.size === 0) continue;
    const total = (m: Map<string, number>) => [...m.values()].reduce((n, v) => n + v, 0);
    const moves = [...b.entries()].map(([name, kg]) => ({ name, change: kg - (a.get(name) ?? 0), kg }));
    moves.sort((x, y) => y.change - x.change);
    const up = moves[0];
    const down = moves[moves.length - 1];
    const change = total(b) - total(a);
    const t = (kg: number) => `${whole.format(kg / 1000)}吨`;
    const title = `${monthName(ym)}库存分析：样本仓库库存${change >= 0 ? '增加' : '减少'}${t(Math.abs(change))}`;
    const summary = `截至${end}，样本仓库板材库存${t(total(b))}，较上月末${change >= 0 ? '增加' : '减少'}${t(Math.abs(change))}；${up?.name ?? ''}${(up?.change ?? 0) >= 0 ? '增' : '降'}幅最大，${down?.name ?? ''}去库最多。`;
    const rows = moves
      .map(
        (m) =>
          `<tr><td>${m.name}</td><td>${t(m.kg)}</td><td>${m.change >= 0 ? '+' : '−'}${t(Math.abs(m.change))}</td></tr>`,
      )
      .join('');
    drafts.push({
      categoryCode: 'stock',
      title,
      summary,
      html: `<p><strong>本文由系统根据钢市通样本仓库日报自动生成。</strong></p><p>${summary}</p><table><thead><tr><th>品种</th><th>月末库存</th><th>较上月末</th></tr></thead><tbody>${rows}</tbody></table><p>${change > 0 ? '库存累积，月内出库节奏慢于到货，贸易商去库压力加大。' : '库存去化，月内出库快于到货，现货资源趋紧。'}以上为按数据规则生成的提示，不构成投资建议。</p>`,
      author: '钢市通数据中心',
      source: '钢市通仓库数据（数据自动生成）',
      // It quotes month-end figures older than the visitor window of the charts (30 days).
      membersOnly: end < dayString(new Date(Date.parse(`${today}T00:00:00+08:00`)), -30),
      publishedAt: new Date(Date.parse(`${shiftDay(end, 1)}T10:00:00+08:00`)),
      views: rng.int(300, 4800),
      tags: ['库存', '样本仓库'],
      generatedKey: `stock-monthly:${ym}`,
    });
  }
  return drafts;
}

const POLICY_TOPICS: { title: string; tags: string[]; body: (city: string, year: number) => string }[] = [
  {
    title: '工信部等部门发布钢铁行业稳增长工作方案',
    tags: ['产业政策'],
    body: () =>
      '<p>方案提出，严格落实产能置换，推动兼并重组，扩大高端板材有效供给，并鼓励钢厂与下游建立长期稳定的供需关系。</p><p>对贸易环节而言，方案强调规范现货交易和仓储管理，推广电子仓单与可追溯的质保书，这将提升现货市场的透明度。</p>',
  },
  {
    title: '财政部调整部分钢铁产品出口退税',
    tags: ['出口', '税费'],
    body: () =>
      '<p>根据公告，部分冷轧、镀锌等板材产品出口退税率调整，自公告之日起执行，以报关单上注明的出口日期为准。</p><p>业内预计，出口订单向国内市场回流，沿海市场冷轧、镀锌资源短期或有所增加。</p>',
  },
  {
    title: '{city}启动秋冬季大气污染防治，部分钢厂错峰生产',
    tags: ['环保', '限产'],
    body: (city) =>
      `<p>${city}生态环境部门发布通知，秋冬季期间对钢铁等重点行业实施差异化管控，A级企业可自主减排，其他企业按绩效等级错峰生产。</p><p>错峰期间，区域内中厚板、热卷到货或有所减少，贸易商可提前关注库存与在途资源。</p>`,
  },
  {
    title: '超低排放改造评估监测名单更新，{city}两家钢厂入选',
    tags: ['环保'],
    body: (city) =>
      `<p>中国钢铁工业协会公示新一批完成超低排放改造和评估监测的企业名单，${city}两家钢厂入选。</p><p>入选企业在重污染天气应对期间可享受差异化政策，生产组织更加稳定，板材供应连续性有望提高。</p>`,
  },
  {
    title: '新版《碳素结构钢》国家标准解读',
    tags: ['标准', '质量'],
    body: () =>
      '<p>新版标准对化学成分、力学性能与尺寸允许偏差作出调整，进一步与国际标准接轨。</p><h3>对贸易的影响</h3><p>贸易商在报价和签约时应注明执行标准版本，质保书与实物标识需一致，避免交货争议。</p>',
  },
  {
    title: '《低合金高强度结构钢》标准实施，Q355 全面替代 Q345',
    tags: ['标准', '材质'],
    body: () =>
      '<p>标准实施后，Q345 牌号由 Q355 替代，屈服强度判定方法同步调整。</p><p>市场上仍有部分 Q345B 库存按原标准流通，买卖双方应在合同中明确牌号与标准，验货时以质保书为准。</p>',
  },
  {
    title: '全国碳排放权交易市场扩围，钢铁行业纳入管理',
    tags: ['碳排放', '产业政策'],
    body: () =>
      '<p>生态环境部发布方案，将钢铁行业纳入全国碳排放权交易市场，首个履约周期采用基于强度的配额分配方法。</p><p>长期看，碳成本将逐步体现在钢材价格中，短流程与低碳产品的溢价或有所上升。</p>',
  },
  {
    title: '{city}发布货车通行新规，钢材运输时段调整',
    tags: ['物流'],
    body: (city) =>
      `<p>${city}交通管理部门调整重型货车城区通行时段，钢材运输车辆需按新规办理通行证。</p><p>市场人士提醒，提货与配送计划需相应调整，仓库出库高峰或向夜间转移。</p>`,
  },
  {
    title: '市场监管总局开展钢材产品质量专项抽查',
    tags: ['质量'],
    body: () =>
      '<p>抽查覆盖热轧、冷轧、镀锌等板材产品，重点检查尺寸偏差、力学性能与镀层重量。</p><p>对不合格产品将依法处理并公开通报。贸易商应核对质保书、做好进货查验记录。</p>',
  },
  {
    title: '大宗商品仓单管理规范征求意见，电子仓单有望推广',
    tags: ['仓储', '产业政策'],
    body: () =>
      '<p>征求意见稿明确仓单的签发、流转、质押与注销规则，要求仓库对货物进行唯一标识并实时登记。</p><p>规范落地后，现货交易与融资的风险将明显降低，合规仓库的优势进一步显现。</p>',
  },
  {
    title: '增值税发票管理新规：钢材贸易开票须与实际交易一致',
    tags: ['税费'],
    body: () =>
      '<p>税务部门强调，钢材贸易须做到货物流、资金流、发票流一致，严禁虚开发票。</p><p>平台提醒用户在交易中保留合同、付款与提货凭证，选择信誉良好的交易对手。</p>',
  },
  {
    title: '{city}出台建筑用钢绿色采购指引',
    tags: ['产业政策', '绿色低碳'],
    body: (city) =>
      `<p>${city}住建部门发布指引，鼓励工程项目优先采购获得绿色产品认证的钢材。</p><p>指引对中厚板、热轧等用量较大的品种提出了可追溯要求，预计将带动区域市场对质保资料齐全资源的需求。</p>`,
  },
  {
    title: '铁矿石进口检验监管方式优化',
    tags: ['原料'],
    body: () =>
      '<p>海关总署优化进口铁矿石检验监管方式，实施“先放后检”，通关时间进一步缩短。</p><p>原料周转加快有利于钢厂稳定生产，对板材价格的影响以成本端传导为主。</p>',
  },
  {
    title: '{city}仓储企业安全生产专项整治启动',
    tags: ['仓储', '安全'],
    body: (city) =>
      `<p>${city}应急管理部门部署钢材仓储企业安全生产专项整治，重点检查行车吊具、堆垛高度与消防设施。</p><p>整治期间部分仓库出入库效率可能下降，建议提前预约提货。</p>`,
  },
  {
    title: '《钢铁行业产能置换实施办法》修订发布',
    tags: ['产业政策', '产能'],
    body: () =>
      '<p>修订后的办法提高了置换比例要求，明确已退出产能不得用于置换，并加强事中事后监管。</p><p>业内认为，粗钢产量调控将常态化，板材供应弹性下降，价格波动或更多取决于需求端。</p>',
  },
];
const POLICY_CITIES = ['河北', '天津', '江苏', '山东', '广东', '上海', '湖北', '辽宁'];

const FEATURE_NOTICES: { title: string; body: string; tags: string[] }[] = [
  {
    title: '钢市通平台正式上线',
    body: '<p>钢市通钢材交易信息平台正式上线，提供仓库现货、今日报价、余料市场、钢材指数等服务，欢迎广大钢贸商免费注册使用。</p>',
    tags: ['平台动态'],
  },
  {
    title: '钢材指数频道上线：12个板材指数每日更新',
    body: '<p>钢材指数频道上线，覆盖乐从、上海、天津等主要市场的热卷、冷轧、镀锌、中厚板指数，每日根据样本仓库与样本报价计算。</p>',
    tags: ['平台动态', '指数'],
  },
  {
    title: '余料市场上线，支持按质量等级筛选',
    body: '<p>余料市场上线，贸易商可发布开平、分条后的余料，买家可按品名、规格与质量等级筛选。</p>',
    tags: ['平台动态'],
  },
  {
    title: '仓库验货服务开通',
    body: '<p>合作仓库验货服务开通，VIP会员免费申请，普通会员以钢豆支付，验货照片与结论在线可查。</p>',
    tags: ['平台动态', '仓储'],
  },
  {
    title: '云仓自助服务上线',
    body: '<p>在合作仓库存货的用户可在线查看货物、出入库记录与库容情况，无需再电话核对。</p>',
    tags: ['平台动态', '仓储'],
  },
  {
    title: 'VIP会员开通支持扫码支付',
    body: '<p>VIP会员可在网页扫码支付开通，钢豆最多抵扣订单金额的20%，支付成功后会员即时生效。</p>',
    tags: ['平台动态', '会员'],
  },
  {
    title: '扫码登录上线，手机确认即可登录',
    body: '<p>网页登录新增扫码方式，使用手机扫描二维码并确认后即可登录，无需输入密码。</p>',
    tags: ['平台动态'],
  },
  {
    title: '共享加工频道上线，开平分条可拼单',
    body: '<p>共享加工频道汇集开平、分条、纵剪、横切加工厂的产能与报价，小批量订单可以拼单加工。</p>',
    tags: ['平台动态'],
  },
];
const HOLIDAYS: { name: string; month: number; day: number }[] = [
  { name: '元旦', month: 12, day: 28 },
  { name: '春节', month: 1, day: 20 },
  { name: '清明节', month: 3, day: 30 },
  { name: '劳动节', month: 4, day: 26 },
  { name: '端午节', month: 6, day: 5 },
  { name: '国庆节', month: 9, day: 25 },
];

/** Writes the news categories, the daily reports and the other demo articles; returns how many. */
export async function seedNewsArticles(tx: Tx, rng: Rng, now: Date): Promise<number> {
  const today = dayString(now);
  const categoryIds = new Map<string, number>();
  for (const c of NEWS_CATEGORIES) categoryIds.set(c.code, await ensureCategory(tx, c.code, c.name, c.sort));
  const reports = await writeMarketReports(tx, { latest: today, days: SEED_REPORT_DAYS });

  const months = pastMonths(today, 24);
  const drafts: Draft[] = [
    ...(await millPriceDrafts(tx, rng.fork('mill-price'), today, months)),
    ...(await stockDrafts(tx, rng.fork('stock'), today, months)),
  ];

  const policyRng = rng.fork('policy');
  const spanDays = 720;
  for (let i = 0; i < 30; i++) {
    const topic = POLICY_TOPICS[i % POLICY_TOPICS.length] as (typeof POLICY_TOPICS)[number];
    const city = POLICY_CITIES[(i * 5 + 3) % POLICY_CITIES.length] as string;
    const offset = -Math.round(((i + 0.5) / 30) * spanDays) - policyRng.int(0, 10);
    const publishedAt = atDay(now, offset, policyRng.int(8 * 60, 18 * 60));
    const year = Number(dayString(publishedAt).slice(0, 4));
    const title = topic.title.replace('{city}', city);
    const body = topic.body(city, year);
    const summary = body.replace(/<[^>]+>/g, '').slice(0, 90);
    drafts.push({
      categoryCode: 'policy',
      title,
      summary,
      html: `${body}<p>（演示资讯：内容为平台示例文本，政策以主管部门正式发布为准。）</p>`,
      author: policyRng.pick(EDITORS),
      source: '钢市通综合',
      membersOnly: i % 4 === 3,
      publishedAt,
      views: policyRng.int(150, 3600),
      tags: ['政策', ...topic.tags],
    });
  }

  const noticeRng = rng.fork('notice');
  FEATURE_NOTICES.forEach((n, i) => {
    const offset = i === 0 ? -729 : -Math.round(700 - i * 85) + noticeRng.int(0, 6);
    drafts.push({
      categoryCode: 'notice',
      title: n.title,
      summary: n.body.replace(/<[^>]+>/g, ''),
      html: n.body,
      author: '钢市通运营部',
      source: '钢市通',
      membersOnly: false,
      publishedAt: atDay(now, Math.min(offset, -1), noticeRng.int(9 * 60, 11 * 60)),
      views: noticeRng.int(500, 9000),
      tags: n.tags,
    });
  });
  const firstYear = Number(dayString(now, -730).slice(0, 4));
  for (let year = firstYear; year <= Number(today.slice(0, 4)) + 1; year++) {
    for (const h of HOLIDAYS) {
      const day = `${year}-${String(h.month).padStart(2, '0')}-${String(h.day).padStart(2, '0')}`;
      if (day >= today || day < dayString(now, -730)) continue;
      const holidayYear = h.name === '元旦' ? year + 1 : year;
      const body = `<p>${holidayYear}年${h.name}期间，钢市通网站与客服正常运行；合作仓库出入库时间以各仓库通知为准，验货与云仓服务暂停受理新申请，节后首个工作日恢复。</p><p>节日期间今日报价与指数停更，节后首个交易日恢复计算。祝大家节日快乐！</p>`;
      drafts.push({
        categoryCode: 'notice',
        title: `关于${holidayYear}年${h.name}期间服务安排的公告`,
        summary: body.replace(/<[^>]+>/g, '').slice(0, 80),
        html: body,
        author: '钢市通运营部',
        source: '钢市通',
        membersOnly: false,
        publishedAt: new Date(Date.parse(`${day}T10:00:00+08:00`)),
        views: noticeRng.int(300, 6000),
        tags: ['平台动态', '节假日'],
      });
    }
  }

  const tagIds = await ensureTags(
    tx,
    drafts.flatMap((d) => d.tags),
  );
  const rows = drafts.map((d) => ({
    categoryId: categoryIds.get(d.categoryCode) as number,
    title: d.title,
    summary: d.summary.slice(0, 500),
    // Articles are sanitized on write, as the operator console will do (modules/article/html.ts).
    contentHtml: sanitizeArticleHtml(d.html),
    source: d.source,
    author: d.author,
    membersOnly: d.membersOnly,
    publishedAt: d.publishedAt,
    views: d.views,
    generatedKey: d.generatedKey ?? null,
  }));
  if (rows.length === 0) return reports;
  const stored = await tx.insert(articles).values(rows).returning({ id: articles.id });
  const links = stored.flatMap((s, i) =>
    [...new Set((drafts[i] as Draft).tags)].map((name) => ({
      articleId: s.id,
      tagId: tagIds.get(name) as number,
    })),
  );
  if (links.length > 0) await tx.insert(articleTags).values(links).onConflictDoNothing();
  // Every daily report also lands in the views column as if it had readers.
  await tx.execute(
    sql`update ${articles} set views = 40 + (${articles.id} * 37) % 900 where ${articles.generatedKey} like 'market-daily:%' and ${articles.views} = 0`,
  );
  return reports + rows.length;
}
