/**
 * English names by rule (issue 31): cities and markets in pinyin, polyphonic characters read as
 * the place is called, and warehouses without an English name named part by part.
 */
import { describe, expect, it } from 'vitest';
import { MILLS } from '../../seed/mills.ts';
import { cityEnglish, warehouseEnglish } from './english.ts';

const CITIES: [string, string][] = [
  ['上海', 'Shanghai'],
  ['乐从', 'Lecong'],
  ['张家港', 'Zhangjiagang'],
  ['天津', 'Tianjin'],
  ['无锡', 'Wuxi'],
  ['博兴', 'Boxing'],
  ['邯郸', 'Handan'],
  ['广州', 'Guangzhou'],
  // polyphonic characters: 重 chong/zhong, 长 chang/zhang, 厦 xia/sha, 乐 le/yue/lao, 六 lu/liu
  ['重庆', 'Chongqing'],
  ['长沙', 'Changsha'],
  ['长春', 'Changchun'],
  ['厦门', 'Xiamen'],
  ['蚌埠', 'Bengbu'],
  ['番禺', 'Panyu'],
  ['六安', "Lu'an"],
  ['乐亭', 'Laoting'],
  // a vowel-initial syllable keeps its apostrophe
  ['西安', "Xi'an"],
  // English names that are not pinyin
  ['哈尔滨', 'Harbin'],
  ['乌鲁木齐', 'Urumqi'],
  ['全国', 'Nationwide'],
];

const mills = new Map(MILLS.flatMap((m) => [m.name, ...m.aliases].map((w) => [w, m.nameEn] as const)));
const naming = {
  places: ['上海', '张家港', '乐从', '天津', '无锡', '邯郸', '武汉', '西安'],
  mills,
};

const WAREHOUSES: [string, string][] = [
  ['上海宝钢钢材物流宝山库', 'Shanghai Baosteel Steel Logistics Baoshan Warehouse'],
  ['上海月浦钢材仓库', 'Shanghai Yuepu Steel Warehouse'],
  ['上海外高桥钢材仓', 'Shanghai Waigaoqiao Steel Warehouse'],
  // a place wins over its parts: 张家港 is not 张家 Port
  ['张家港保税区钢材物流园', 'Zhangjiagang Bonded Zone Steel Logistics Park'],
  ['天津港保税区钢材仓', 'Tianjin Port Bonded Zone Steel Warehouse'],
  ['乐从钢铁世界仓', 'Lecong Steel World Warehouse'],
  ['乐从新东方物流园', 'Lecong Xindongfang Logistics Park'],
  ['无锡华东钢材城仓', 'Wuxi Huadong Steel City Warehouse'],
  ['邯郸钢铁物流园', 'Handan Steel Logistics Park'],
  ['武汉金口钢材市场仓', 'Wuhan Jinkou Steel Market Warehouse'],
  ['西安国际港务区钢材仓', "Xi'an International Port Area Steel Warehouse"],
  // unknown places in pinyin, two characters a word, a single last one kept with its neighbour
  ['佛山陈村钢材物流仓', 'Foshan Chencun Steel Logistics Warehouse'],
  ['成都青白江钢材物流园', 'Chengdu Qingbaijiang Steel Logistics Park'],
  ['宝钢码头储运库', 'Baosteel Wharf Storage Warehouse'],
  ['沙钢加工中心', 'Shagang Processing Center'],
  // a mill ending in 钢 does not take the 钢 of 钢材: 河南 + 钢材, not 河 + 南钢
  ['河南钢材市场', 'Henan Steel Market'],
  // digits and Latin stay as written
  ['乐从325国道仓', 'Lecong 325 Guodao Warehouse'],
];

describe('English names by rule', () => {
  it.each(CITIES)('city %s is %s', (zh, en) => {
    expect(cityEnglish(zh)).toBe(en);
  });

  it.each(WAREHOUSES)('warehouse %s is %s', (zh, en) => {
    expect(warehouseEnglish(zh, naming)).toBe(en);
  });

  it('leaves a name without Chinese as it is', () => {
    expect(cityEnglish('Shanghai')).toBe('Shanghai');
    expect(warehouseEnglish('Yard 3', naming)).toBe('Yard 3');
  });
});
