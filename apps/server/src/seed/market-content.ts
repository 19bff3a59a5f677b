/**
 * Demo market dynamics (60 items), agencies (40) and ads for every position. Price adjustments
 * and market news are written from the price board the quotations and the index come from, so
 * a mill that "raises 100 元/吨" did so in a rising market; warehouses, events and agencies use
 * the real dictionaries. Ad and cover images are SVG files of the portal (apps/web/public/ads),
 * drawn locally: nothing is downloaded.
 */
import { DAY_MS, HOUR_MS } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import { ads, agencies, commercialAffairs } from '../db/schema/index.ts';
import type { Catalog } from './catalog.ts';
import { PRODUCTS, type ProductKey } from './dictionaries.ts';
import { MILLS, millsMaking } from './mills.ts';
import { mobilePhone, personName, TRADE_NAMES } from './names.ts';
import { MARKETS, WAREHOUSES } from './places.ts';
import { levelOn, type PriceBoard } from './pricing.ts';
import type { Rng } from './random.ts';

/** How many of each the demo has. */
export const DEMO_AFFAIRS = 60;
export const DEMO_AGENCIES = 40;

type Kind = 'priceAdjust' | 'warehouse' | 'event' | 'market';
const COVERS: Record<Kind, string> = {
  priceAdjust: '/ads/cover-price.svg',
  warehouse: '/ads/cover-warehouse.svg',
  event: '/ads/cover-event.svg',
  market: '/ads/cover-market.svg',
};
/** The mix of a typical month: price adjustments most, events least. */
const KIND_WEIGHTS: [Kind, number][] = [
  ['priceAdjust', 4],
  ['market', 3],
  ['warehouse', 2],
  ['event', 1.5],
];
const MAIN_PRODUCTS: ProductKey[] = ['hrc', 'crc', 'gi', 'po', 'plate'];

const productName = (key: ProductKey) => PRODUCTS.find((p) => p.key === key)?.name ?? '';
/** A price step as mills announce it: whole 10s of 元. */
const step10 = (x: number) => Math.round(x / 10) * 10;

interface Item {
  kind: Kind;
  title: string;
  summary: string;
  content: string;
  city: string;
  product: ProductKey | null;
  source: string;
}

function priceAdjust(rng: Rng, board: PriceBoard, offset: number): Item {
  const key = rng.pick(MAIN_PRODUCTS);
  const mill = rng.pick(millsMaking(key));
  // The market's move over the last two weeks sets the direction; mills follow it with a lag.
  const move = levelOn(board, key, offset) - levelOn(board, key, offset - 14);
  const size = Math.max(30, Math.min(300, step10(Math.abs(move) * 1.2 + rng.int(0, 40))));
  const up = move >= 0;
  const name = productName(key);
  const verb = up ? '上调' : '下调';
  const level = Math.round(levelOn(board, key, offset));
  const title = `${mill.name}${name}出厂价${verb}${size}元/吨`;
  const summary = `${mill.fullName}公布下一期${name}价格政策，基价${verb}${size}元/吨，市场均价约${level}元/吨。`;
  const content = [
    `<p>${mill.fullName}发布下一期${name}价格政策：基价${verb}${size}元/吨，其余品种与规格加价维持不变。</p>`,
    `<p>近两周${name}市场价格${up ? '上涨' : '回落'}约${Math.abs(Math.round(move))}元/吨，当前主流市场均价约${level}元/吨。本次调价${up ? '为市场提供成本支撑，贸易商挺价意愿增强' : '顺应市场走势，预计短期内贸易商以去库存为主'}。</p>`,
    `<p>业内人士建议关注下游订单与社会库存变化，${up ? '谨慎追高' : '逢低适量补库'}。</p>`,
  ].join('');
  return {
    kind: 'priceAdjust',
    title,
    summary,
    content,
    city: '',
    product: key,
    source: `${mill.name}销售公司`,
  };
}

function marketNews(rng: Rng, board: PriceBoard, offset: number): Item {
  const key = rng.pick(MAIN_PRODUCTS);
  const market = rng.pick(MARKETS);
  const name = productName(key);
  const change = Math.round(levelOn(board, key, offset) - levelOn(board, key, offset - 1));
  const level = Math.round(levelOn(board, key, offset) + market.cityDiff);
  const trend = change > 5 ? `上涨${change}元/吨` : change < -5 ? `下跌${-change}元/吨` : '基本持平';
  const mood = change > 5 ? '成交较昨日活跃' : change < -5 ? '商家出货意愿增强' : '成交一般，观望情绪较浓';
  return {
    kind: 'market',
    title: `${market.name}${name}价格${trend}，${mood}`,
    summary: `${market.name}市场${name}主流价约${level}元/吨，较前一交易日${trend}。`,
    content: [
      `<p>${market.name}市场${name}主流成交价约${level}元/吨，较前一交易日${trend}，${mood}。</p>`,
      `<p>从资源看，${market.region}地区到货${rng.chance(0.5) ? '略有增加' : '节奏平稳'}，主流规格资源${rng.chance(0.5) ? '较为充足' : '略显紧张'}。</p>`,
    ].join(''),
    city: market.name,
    product: key,
    source: '钢市通资讯',
  };
}

function warehouseNews(rng: Rng): Item {
  const wh = rng.pick(WAREHOUSES);
  const capacity = rng.int(5, 30) * 1000;
  const cranes = rng.int(4, 16);
  return {
    kind: 'warehouse',
    title: `${wh.name}新库区投入使用，新增库容${capacity / 10000}万吨`,
    summary: `${wh.name}新库区启用，配备${cranes}台行车，可承接板卷仓储与加工配送。`,
    content: [
      `<p>${wh.name}（${wh.address}）新建库区日前投入使用，新增库容约${capacity}吨，配备${cranes}台行车。</p>`,
      '<p>库区支持热轧、冷轧及涂镀板卷的入库、仓储与出库，可在钢市通在线预约仓库验货。</p>',
    ].join(''),
    city: wh.city,
    product: null,
    source: '钢市通',
  };
}

const EVENTS = [
  '板材供需对接会',
  '钢材产业链峰会',
  '冷轧涂镀市场研讨会',
  '钢铁物流与仓储论坛',
  '中厚板用户交流会',
];

function eventNews(rng: Rng, publishedAt: Date): Item {
  const market = rng.pick(MARKETS);
  const event = rng.pick(EVENTS);
  const held = new Date(publishedAt.getTime() + rng.int(7, 30) * DAY_MS);
  const when = `${held.getUTCMonth() + 1}月${held.getUTCDate()}日`;
  return {
    kind: 'event',
    title: `${when}${market.name}将举办${event}`,
    summary: `${market.name}${event}定于${when}举行，钢厂、贸易商与终端用户共话市场走势。`,
    content: [
      `<p>由钢市通联合${market.name}钢材市场举办的${event}定于${when}在${market.name}举行。</p>`,
      `<p>会议将邀请${rng
        .sample(MILLS, 3)
        .map((m) => m.name)
        .join('、')}等钢厂代表及区域贸易商，围绕库存、价格与需求展开交流。报名请联系平台客服。</p>`,
    ].join(''),
    city: market.name,
    product: null,
    source: '钢市通',
  };
}

/** Agency cities beyond the trading markets, so the region filter has more than four regions. */
const AGENCY_CITIES: [city: string, province: string, region: string][] = [
  ...MARKETS.map((m): [string, string, string] => [m.name, m.province, m.region]),
  ['沈阳', '辽宁', '东北'],
  ['成都', '四川', '西南'],
  ['重庆', '重庆', '西南'],
  ['西安', '陕西', '西北'],
  ['郑州', '河南', '华中'],
  ['济南', '山东', '华东'],
];

function agencyRows(rng: Rng, taken: Set<string>) {
  const names = rng.sample(TRADE_NAMES, DEMO_AGENCIES);
  return names.map((trade, i) => {
    const [city, province, region] = rng.pick(AGENCY_CITIES);
    const mills = rng.sample(MILLS, rng.int(1, 3));
    const keys = rng.sample(
      [...new Set(mills.flatMap((m) => m.products))].filter((k) => MAIN_PRODUCTS.includes(k)),
      rng.int(1, 3),
    );
    const kindWord = i % 3 === 0 ? '钢厂代理' : '经销';
    const brands = mills.map((m) => m.name);
    const productNames = keys.map(productName);
    return {
      name: `${city}${trade}钢材有限公司`,
      brands,
      productNames,
      region,
      province,
      city,
      address: `${province === city ? '' : `${province}省`}${city}市${rng.pick(['钢材市场', '物流园', '商贸城', '工业园'])}${rng.int(1, 30)}号`,
      contactName: personName(rng),
      contactPhone: mobilePhone(rng, taken),
      intro: `${city}${trade}钢材有限公司为${brands.join('、')}${kindWord}商，主营${productNames.join('、')}，常备现货，可提供分条、开平加工及配送服务。`,
      sort: i,
    };
  });
}

function adRows(now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  return [
    {
      positionName: 'homeBanner',
      title: '全国板材现货，一站查询',
      imageUrl: '/ads/home-spot.svg',
      linkUrl: '/wareHouse',
      sort: 1,
    },
    {
      positionName: 'homeBanner',
      title: '今日报价，每日更新',
      imageUrl: '/ads/home-quote.svg',
      linkUrl: '/beginMain',
      sort: 2,
    },
    {
      positionName: 'homeBanner',
      title: '钢材指数，看清行情',
      imageUrl: '/ads/home-index.svg',
      linkUrl: '/exponentMain',
      sort: 3,
    },
    // A finished campaign and a scheduled one: in the table, never on the page until their time.
    {
      positionName: 'homeBanner',
      title: '双十一限时活动',
      imageUrl: '/ads/home-expired.svg',
      linkUrl: '/vipopen',
      sort: 0,
      startsAt: at(-30),
      endsAt: at(-10),
    },
    {
      positionName: 'homeBanner',
      title: '新春开市大吉',
      imageUrl: '/ads/home-future.svg',
      linkUrl: '/vipopen',
      sort: 0,
      startsAt: at(60),
      endsAt: at(90),
    },
    {
      positionName: 'floatAd',
      title: '开通VIP，免豆查看联系方式',
      imageUrl: '/ads/float-vip.svg',
      linkUrl: '/vipopen',
      sort: 1,
    },
    {
      positionName: 'sideBar',
      title: '仓库验货：专业验货员到库核实',
      imageUrl: '/ads/side-inspection.svg',
      linkUrl: '/beginInspection',
      sort: 1,
    },
    {
      positionName: 'sideBar',
      title: '共享加工：分条、开平拼单加工',
      imageUrl: '/ads/side-process.svg',
      linkUrl: '/process',
      sort: 2,
    },
    {
      positionName: 'listTop',
      title: '余料市场：降价处理，现货直发',
      imageUrl: '/ads/list-top.svg',
      linkUrl: '/surplus',
      sort: 1,
    },
  ];
}

/**
 * Inserts the market dynamics of the last ~120 days, the agencies and the ads. Returns how many
 * rows of each it wrote.
 */
export async function seedMarketContent(
  tx: Tx,
  rng: Rng,
  deps: { catalog: Catalog; board: PriceBoard; now: Date; taken: Set<string> },
): Promise<{ affairs: number; agencies: number; ads: number }> {
  const { catalog, board, now } = deps;
  const affairRows = Array.from({ length: DEMO_AFFAIRS }, (_, i) => {
    // Two items every ~4 days, newest first; published in office hours (08:00-18:00 Shanghai).
    const offset = -1 - i * 2 - rng.int(0, 1);
    const publishedAt = new Date(
      now.getTime() + offset * DAY_MS + rng.int(8, 17) * HOUR_MS + rng.int(0, 59) * 60_000,
    );
    const kind = rng.weighted(KIND_WEIGHTS, ([, w]) => w)[0];
    const item =
      kind === 'priceAdjust'
        ? priceAdjust(rng, board, offset)
        : kind === 'market'
          ? marketNews(rng, board, offset)
          : kind === 'warehouse'
            ? warehouseNews(rng)
            : eventNews(rng, publishedAt);
    return {
      kind: item.kind,
      title: item.title,
      summary: item.summary,
      content: item.content,
      cover: COVERS[item.kind],
      city: item.city,
      productId: item.product ? catalog.productIds[item.product] : null,
      source: item.source,
      publishedAt,
      views: rng.int(30, 900),
    };
  });
  await tx.insert(commercialAffairs).values(affairRows);
  const agencyValues = agencyRows(rng, deps.taken);
  await tx.insert(agencies).values(agencyValues);
  const adValues = adRows(now);
  await tx.insert(ads).values(adValues);
  return { affairs: affairRows.length, agencies: agencyValues.length, ads: adValues.length };
}
