/**
 * Markets (钢材市场) and their warehouses. A market is where traders sit and stock lies: 上海
 * (with 张家港 nearby), 乐从 in 佛山 (the south's flat-steel hub), 天津, 无锡, 杭州, 邯郸 and
 * 唐山 next to the mills, 博兴 (the galvanizing and cold-rolling cluster), 广州, 武汉.
 * Prices differ by market (freight from the mills): the north is cheaper, the south dearer.
 */
import type { ProductKey } from './dictionaries.ts';

export interface MarketDef {
  name: string;
  province: string;
  region: '华东' | '华南' | '华北' | '华中';
  /** city difference against the national level, 元/吨 */
  cityDiff: number;
  /** number of trading companies based here */
  traders: number;
  /** where its traders' offices are: 广东省佛山市顺德区乐从镇 */
  addressPrefix: string;
  /** the legal-name prefixes its companies register under */
  companyPrefixes: string[];
  /** products the market trades more (>1) or less (<1) of than the national mix */
  productBias: Partial<Record<ProductKey, number>>;
}

export const MARKETS: MarketDef[] = [
  {
    name: '上海',
    addressPrefix: '上海市宝山区',
    province: '上海',
    region: '华东',
    cityDiff: 0,
    traders: 38,
    companyPrefixes: ['上海'],
    productBias: { gl: 1.5, po: 1.3 },
  },
  {
    name: '乐从',
    addressPrefix: '广东省佛山市顺德区乐从镇',
    province: '广东',
    region: '华南',
    cityDiff: 20,
    traders: 30,
    companyPrefixes: ['佛山市乐从', '佛山市顺德区乐从', '佛山市'],
    productBias: { hrc: 1.2, crc: 1.3, gi: 1.2, plate: 0.7 },
  },
  {
    name: '天津',
    addressPrefix: '天津市北辰区',
    province: '天津',
    region: '华北',
    cityDiff: -40,
    traders: 20,
    companyPrefixes: ['天津', '天津市'],
    productBias: { gi: 1.3, strip: 1.5 },
  },
  {
    name: '无锡',
    addressPrefix: '江苏省无锡市惠山区',
    province: '江苏',
    region: '华东',
    cityDiff: 10,
    traders: 16,
    companyPrefixes: ['无锡', '无锡市'],
    productBias: { crc: 1.5, po: 1.5, plate: 0.8 },
  },
  {
    name: '杭州',
    addressPrefix: '浙江省杭州市拱墅区',
    province: '浙江',
    region: '华东',
    cityDiff: 20,
    traders: 14,
    companyPrefixes: ['杭州'],
    productBias: { hrc: 1.2, crc: 1.2 },
  },
  {
    name: '邯郸',
    addressPrefix: '河北省邯郸市复兴区',
    province: '河北',
    region: '华北',
    cityDiff: -70,
    traders: 11,
    companyPrefixes: ['邯郸市'],
    productBias: { hrc: 1.5, strip: 3, plate: 1.5, gi: 0.5, gl: 0.2, po: 0.5 },
  },
  {
    name: '博兴',
    addressPrefix: '山东省滨州市博兴县',
    province: '山东',
    region: '华东',
    cityDiff: -30,
    traders: 11,
    companyPrefixes: ['博兴县', '山东博兴'],
    productBias: { gi: 3, gl: 2.5, crc: 2, hrc: 0.6, plate: 0.3, strip: 0.3 },
  },
  {
    name: '唐山',
    addressPrefix: '河北省唐山市丰南区',
    province: '河北',
    region: '华北',
    cityDiff: -60,
    traders: 9,
    companyPrefixes: ['唐山', '唐山市'],
    productBias: { hrc: 1.5, strip: 3, checker: 1.5, gl: 0.3, po: 0.5 },
  },
  {
    name: '广州',
    addressPrefix: '广东省广州市黄埔区',
    province: '广东',
    region: '华南',
    cityDiff: 30,
    traders: 8,
    companyPrefixes: ['广州', '广州市'],
    productBias: { crc: 1.3, gi: 1.3 },
  },
  {
    name: '武汉',
    addressPrefix: '湖北省武汉市青山区',
    province: '湖北',
    region: '华中',
    cityDiff: -10,
    traders: 5,
    companyPrefixes: ['武汉'],
    productBias: { plate: 1.6, hrc: 1.2 },
  },
];

export interface WarehouseDef {
  name: string;
  market: string;
  /** the city as the trade names it; usually the market, 张家港 counts in 上海 */
  city: string;
  address: string;
  /** tonnes */
  capacity: number;
  isSample: boolean;
  inspection: boolean;
  cloud: boolean;
}

/** Builds a warehouse entry: `wh('上海', '上海宝钢钢材物流宝山库', '宝山区...', 300_000, 'sic')`. */
function wh(
  market: string,
  name: string,
  address: string,
  capacity: number,
  flags = '',
  city = market,
): WarehouseDef {
  return {
    name,
    market,
    city,
    address,
    capacity,
    isSample: flags.includes('s'),
    inspection: flags.includes('i'),
    cloud: flags.includes('c'),
  };
}

/** Flags: s = index sample warehouse, i = inspection partner, c = cloud-warehouse partner. */
export const WAREHOUSES: WarehouseDef[] = [
  wh('上海', '上海宝钢钢材物流宝山库', '上海市宝山区月浦镇宝钢物流园', 300_000, 'sic'),
  wh('上海', '上海月浦钢材仓库', '上海市宝山区月浦镇盛石路', 120_000, 'si'),
  wh('上海', '上海逸仙钢材物流园', '上海市宝山区逸仙路', 90_000, 'i'),
  wh('上海', '上海外高桥钢材仓', '上海市浦东新区外高桥保税物流园区', 80_000, 'ic'),
  wh('上海', '张家港保税区钢材物流园', '江苏省张家港市保税区', 150_000, 'si', '张家港'),
  wh('上海', '张家港锦丰钢材仓', '江苏省张家港市锦丰镇', 100_000, 'i', '张家港'),
  wh('乐从', '乐从钢铁世界仓', '广东省佛山市顺德区乐从镇钢铁世界', 260_000, 'sic'),
  wh('乐从', '乐从新东方物流园', '广东省佛山市顺德区乐从镇325国道旁', 150_000, 'si'),
  wh('乐从', '乐从百炼钢材仓', '广东省佛山市顺德区乐从镇良教', 80_000, 'ic'),
  wh('乐从', '佛山陈村钢材物流仓', '广东省佛山市顺德区陈村镇', 70_000, 'i'),
  wh('广州', '广州黄埔钢材仓', '广东省广州市黄埔区港前路', 90_000, 'si'),
  wh('广州', '广州南沙钢材物流园', '广东省广州市南沙区龙穴岛', 110_000, 'ic'),
  wh('天津', '天津北辰仓', '天津市北辰区北辰经济技术开发区', 160_000, 'sic'),
  wh('天津', '天津东丽钢材物流园', '天津市东丽区津塘公路', 120_000, 'si'),
  wh('天津', '天津港保税区钢材仓', '天津市滨海新区天津港保税区', 140_000, 'ic'),
  wh('天津', '天津静海钢材仓', '天津市静海区大邱庄', 60_000, ''),
  wh('无锡', '无锡硕放仓', '江苏省无锡市新吴区硕放街道', 130_000, 'sic'),
  wh('无锡', '无锡华东钢材城仓', '江苏省无锡市惠山区钱桥华东钢材城', 110_000, 'si'),
  wh('无锡', '无锡锡山钢材物流园', '江苏省无锡市锡山区东港镇', 70_000, 'i'),
  wh('杭州', '杭州半山钢材仓', '浙江省杭州市拱墅区半山', 80_000, 'si'),
  wh('杭州', '杭州萧山钢材物流园', '浙江省杭州市萧山区瓜沥镇', 90_000, 'ic'),
  wh('邯郸', '邯郸钢铁物流园', '河北省邯郸市复兴区邯钢路', 120_000, 'si'),
  wh('邯郸', '邯郸峰峰钢材仓', '河北省邯郸市峰峰矿区', 50_000, ''),
  wh('博兴', '博兴京博物流园', '山东省滨州市博兴县京博工业园', 100_000, 'sic'),
  wh('博兴', '博兴诚通板材仓', '山东省滨州市博兴县兴福镇', 70_000, 'si'),
  wh('博兴', '博兴兴福钢材物流仓', '山东省滨州市博兴县兴福镇工业园', 60_000, 'i'),
  wh('唐山', '唐山丰南钢材物流园', '河北省唐山市丰南区沿海工业区', 140_000, 'si'),
  wh('唐山', '唐山迁安钢材仓', '河北省唐山市迁安市', 80_000, 'i'),
  wh('唐山', '唐山古冶钢材仓', '河北省唐山市古冶区', 60_000, ''),
  wh('武汉', '武汉青山钢材物流园', '湖北省武汉市青山区工人村', 110_000, 'sic'),
  wh('武汉', '武汉阳逻港钢材仓', '湖北省武汉市新洲区阳逻港', 90_000, 'i'),
  wh('武汉', '武汉金口钢材市场仓', '湖北省武汉市江夏区金口', 50_000, ''),
];

/** Looks a market up by name. */
export function marketByName(name: string): MarketDef {
  const m = MARKETS.find((x) => x.name === name);
  if (!m) throw new Error(`unknown market ${name}`);
  return m;
}
