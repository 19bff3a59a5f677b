/**
 * Name material for invented traders: trade names (字号), lines of business, Chinese person
 * names and mobile numbers. Every name is made up; any likeness to a real firm is chance.
 */
import type { Rng } from './random.ts';

/** Trade names (字号) in the style steel traders register under. */
export const TRADE_NAMES = (
  '润钢 鑫源 恒通 华鑫 宏达 中联 金泰 永兴 盛达 立丰 汇金 瑞丰 天盛 鼎盛 恒昌 宝利 德丰 兴业 诚通 福汇 ' +
  '信达 万通 荣盛 金鼎 正泰 嘉禾 国盛 百盛 联钢 源泰 聚鑫 昌盛 鸿运 广源 泰丰 腾达 华源 安泰 众鑫 同创 ' +
  '兆丰 协和 海鑫 长江 顺发 隆昌 利达 金源 佳宏 宏图 森达 振华 恒源 旭升 晟达 丰汇 鑫海 通利 凯达 新隆 ' +
  '博远 亿丰 运通 合力 永盛 长盛 银河 明达 华通 中盛 豪邦 金马 鼎鑫 奥新 锦程 宇丰 驰宏 启航 骏丰 冠达'
).split(' ');

/** Lines of business in the legal name, with the short form used in the short name (简称). */
export const BUSINESS_WORDS: [full: string, short: string][] = [
  ['贸易', '贸易'],
  ['钢铁', '钢铁'],
  ['钢材', '钢材'],
  ['金属材料', '金属'],
  ['物资', '物资'],
  ['钢业', '钢业'],
  ['板材', '板材'],
  ['实业', '实业'],
  ['供应链管理', '供应链'],
  ['商贸', '商贸'],
];

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建国文斌辉鹏飞宇浩晨峰亮志红玲海波东林雪梅成龙';

/** A plausible Chinese person name: surname plus one or two given characters. */
export function personName(rng: Rng): string {
  const surname = rng.pick([...SURNAMES]);
  const given = rng.pick([...GIVEN]) + (rng.chance(0.6) ? rng.pick([...GIVEN]) : '');
  return surname + given;
}

const MOBILE_PREFIXES =
  '130 131 132 133 135 136 137 139 150 151 152 153 155 156 158 159 176 177 180 181 182 186 187 189'.split(
    ' ',
  );

/**
 * A mobile number 1xxxxxxxxxx not yet in `taken` (which it adds to). 138 is left out so that
 * invented numbers never meet the demo accounts' 1380000000x.
 */
export function mobilePhone(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const phone = rng.pick(MOBILE_PREFIXES) + rng.digits(8);
    if (!taken.has(phone)) {
      taken.add(phone);
      return phone;
    }
  }
}

/** Remarks traders put on stock rows. */
export const CARGO_REMARKS = [
  '现货',
  '可议价',
  '质保书齐全',
  '钢厂直发',
  '可分条',
  '可开平',
  '量大从优',
  '包出库',
  '含税价',
  '可配送',
  '卷号齐全',
  '新到资源',
  '周末可提货',
  '原卷原包',
];
