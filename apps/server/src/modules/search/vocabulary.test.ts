/**
 * The trade vocabulary, table-driven (issue 29): what a trader types and the chips the search
 * shows for it, over the demo's own words (test/vocabulary.ts). Each row is a query and its
 * tokens as `kind:value`, in order. Rows are grouped as traders use the words: families and
 * products, grades, specs, single values and ranges, mills, places, mixed phrases, typing noise.
 */
import { describe, expect, it } from 'vitest';
import { demoDictionaryRows } from '../../test/vocabulary.ts';
import { buildDictionary } from './dictionary.ts';
import { parseKeyword } from './query.ts';

const dict = buildDictionary(demoDictionaryRows());

const FAMILIES_AND_PRODUCTS: [string, string][] = [
  ['热轧', 'family:热轧'],
  ['HR', 'family:热轧'],
  ['hr', 'family:热轧'],
  ['热板', 'family:热轧'],
  ['冷轧', 'family:冷轧'],
  ['CR', 'family:冷轧'],
  ['cr', 'family:冷轧'],
  ['镀锌', 'family:镀锌'],
  ['酸洗', 'family:酸洗'],
  ['热卷', 'product:热轧卷板'],
  ['热轧板卷', 'product:热轧卷板'],
  ['热轧卷', 'product:热轧卷板'],
  ['热轧卷板', 'product:热轧卷板'],
  // the market's word for hot-rolled coil (migration 0025_coil-alias)
  ['卷板', 'product:热轧卷板'],
  ['HRC', 'product:热轧卷板'],
  ['hrc', 'product:热轧卷板'],
  ['开平板', 'product:热轧开平板'],
  ['热轧平板', 'product:热轧开平板'],
  ['热开平', 'product:热轧开平板'],
  ['热轧开平板', 'product:热轧开平板'],
  ['花纹板', 'product:花纹板'],
  ['花纹卷', 'product:花纹板'],
  ['防滑板', 'product:花纹板'],
  ['热轧花纹板', 'product:花纹板'],
  ['带钢', 'product:热轧带钢'],
  ['窄带', 'product:热轧带钢'],
  ['热轧带钢', 'product:热轧带钢'],
  ['冷卷', 'product:冷轧卷板'],
  ['冷轧板卷', 'product:冷轧卷板'],
  ['冷轧卷', 'product:冷轧卷板'],
  ['冷轧卷板', 'product:冷轧卷板'],
  ['CRC', 'product:冷轧卷板'],
  ['冷板', 'product:冷轧板'],
  ['冷轧板', 'product:冷轧板'],
  ['冷轧平板', 'product:冷轧板'],
  ['冷轧开平板', 'product:冷轧板'],
  ['镀锌卷', 'product:镀锌卷'],
  ['热镀锌', 'product:镀锌卷'],
  ['镀锌板卷', 'product:镀锌卷'],
  ['镀锌板', 'product:镀锌卷'],
  ['热镀锌卷', 'product:镀锌卷'],
  ['GI', 'product:镀锌卷'],
  ['gi', 'product:镀锌卷'],
  ['镀铝锌', 'product:镀铝锌'],
  ['镀铝锌卷', 'product:镀铝锌'],
  ['铝锌板', 'product:镀铝锌'],
  ['GL', 'product:镀铝锌'],
  ['酸洗卷', 'product:酸洗卷'],
  ['酸洗板卷', 'product:酸洗卷'],
  ['酸洗板', 'product:酸洗卷'],
  ['热轧酸洗', 'product:酸洗卷'],
  ['P&O', 'product:酸洗卷'],
  ['p&o', 'product:酸洗卷'],
  ['中厚板', 'product:中厚板'],
  ['中板', 'product:中厚板'],
  ['厚板', 'product:中厚板'],
  ['钢板', 'product:中厚板'],
  ['普中板', 'product:中厚板'],
  ['中厚钢板', 'product:中厚板'],
];

const GRADES: [string, string][] = [
  ['Q235B', 'material:Q235B'],
  ['q235b', 'material:Q235B'],
  ['Q235b', 'material:Q235B'],
  ['Ｑ２３５Ｂ', 'material:Q235B'],
  ['Q235', 'material:Q235'],
  ['Q355', 'material:Q355'],
  ['Q355B', 'material:Q355B'],
  ['Q355NE', 'material:Q355NE'],
  ['Q345', 'material:Q345'],
  ['Q345R', 'material:Q345R'],
  ['Q195', 'material:Q195'],
  ['SS400', 'material:SS400'],
  ['ss400', 'material:SS400'],
  ['SPHC', 'material:SPHC'],
  ['sphc', 'material:SPHC'],
  ['SAPH', 'material:SAPH'],
  ['SAPH440', 'material:SAPH440'],
  ['SPCC', 'material:SPCC'],
  ['spcc', 'material:SPCC'],
  ['ＳＰＣＣ', 'material:SPCC'],
  ['ｓｐｃｃ', 'material:SPCC'],
  ['SPCC-SD', 'material:SPCC-SD'],
  ['spcc-sd', 'material:SPCC-SD'],
  ['DC01', 'material:DC01'],
  ['dc01', 'material:DC01'],
  ['DC03', 'material:DC03'],
  ['DC04', 'material:DC04'],
  ['ST12', 'material:ST12'],
  ['DX51D', 'material:DX51D'],
  ['dx51d', 'material:DX51D'],
  ['DX51D+Z', 'material:DX51D+Z'],
  ['dx51d+z', 'material:DX51D+Z'],
  ['DX51D+AZ', 'material:DX51D+AZ'],
  ['DX52D', 'material:DX52D'],
  ['DC51D', 'material:DC51D'],
  ['SGCC', 'material:SGCC'],
  ['SGLCC', 'material:SGLCC'],
  ['SGLC', 'material:SGLC'],
  ['QStE420TM', 'material:QStE420TM'],
  ['QSTE', 'material:QSTE'],
  ['SPFH590', 'material:SPFH590'],
];

const SPECS_AND_DIMENSIONS: [string, string][] = [
  ['2.75*1250', 'spec:2.75*1250'],
  ['2.75x1250', 'spec:2.75*1250'],
  ['2.75X1250', 'spec:2.75*1250'],
  ['2.75×1250', 'spec:2.75*1250'],
  ['2.75＊1250', 'spec:2.75*1250'],
  ['2.75乘1250', 'spec:2.75*1250'],
  ['2.75X1250*C', 'spec:2.75*1250*C'],
  ['2.75x1250xc', 'spec:2.75*1250*C'],
  ['2.75*1250*C', 'spec:2.75*1250*C'],
  ['2.75 * 1250', 'spec:2.75*1250'],
  ['2.75*1250mm', 'spec:2.75*1250'],
  ['２．７５＊１２５０', 'spec:2.75*1250'],
  ['1.0*1250*2500', 'spec:1.0*1250*2500'],
  ['10*2200*L', 'spec:10*2200*L'],
  ['20*2000*8000', 'spec:20*2000*8000'],
  ['2.75', 'thickness:2.75'],
  ['3', 'thickness:3'],
  ['3.0', 'thickness:3'],
  ['3mm', 'thickness:3'],
  ['3MM', 'thickness:3'],
  ['3毫米', 'thickness:3'],
  ['3 mm', 'thickness:3'],
  ['0.5', 'thickness:0.5'],
  ['厚3', 'thickness:3'],
  ['厚度 3', 'thickness:3'],
  ['1250', 'width:1250'],
  ['1250mm', 'width:1250'],
  ['宽1250', 'width:1250'],
  ['宽度1500', 'width:1500'],
  ['3-4', 'thicknessRange:3-4'],
  ['3~4', 'thicknessRange:3-4'],
  ['3～4', 'thicknessRange:3-4'],
  ['３－４', 'thicknessRange:3-4'],
  ['3到4', 'thicknessRange:3-4'],
  ['3至4', 'thicknessRange:3-4'],
  ['3.0-4.0', 'thicknessRange:3-4'],
  ['3.0-4.0mm', 'thicknessRange:3-4'],
  ['3.0~4.0', 'thicknessRange:3-4'],
  ['3mm-4mm', 'thicknessRange:3-4'],
  ['3-4毫米', 'thicknessRange:3-4'],
  ['4-3', 'thicknessRange:3-4'],
  ['3 - 4', 'thicknessRange:3-4'],
  ['3 到 4', 'thicknessRange:3-4'],
  ['0.5-0.8', 'thicknessRange:0.5-0.8'],
  ['≥3', 'thicknessRange:≥3'],
  ['>=3', 'thicknessRange:≥3'],
  ['≥ 3', 'thicknessRange:≥3'],
  ['3以上', 'thicknessRange:≥3'],
  ['3 以上', 'thicknessRange:≥3'],
  ['3mm以上', 'thicknessRange:≥3'],
  ['≤4', 'thicknessRange:≤4'],
  ['4以下', 'thicknessRange:≤4'],
  ['厚度3-4', 'thicknessRange:3-4'],
  ['1000-1250', 'widthRange:1000-1250'],
  ['≥1500', 'widthRange:≥1500'],
  ['1500以上', 'widthRange:≥1500'],
  ['宽度1000-1500', 'widthRange:1000-1500'],
];

const MILLS_AND_PLACES: [string, string][] = [
  ['宝钢', 'origin:宝钢'],
  ['宝山钢铁', 'origin:宝钢'],
  ['宝武', 'origin:宝钢'],
  ['宝钢股份', 'origin:宝钢'],
  ['宝山钢铁股份有限公司', 'origin:宝钢'],
  ['鞍钢', 'origin:鞍钢'],
  ['鞍山钢铁', 'origin:鞍钢'],
  ['本钢', 'origin:本钢'],
  ['首钢京唐', 'origin:首钢'],
  ['日照', 'origin:日照'],
  ['日钢', 'origin:日照'],
  ['日照钢铁', 'origin:日照'],
  ['沙钢集团', 'origin:沙钢'],
  ['江苏沙钢集团有限公司', 'origin:沙钢'],
  ['马鞍山钢铁', 'origin:马钢'],
  ['太原钢铁', 'origin:太钢'],
  ['华菱涟钢', 'origin:涟钢'],
  ['湛江钢铁', 'origin:湛江'],
  ['宝钢湛江', 'origin:湛江'],
  ['邯郸钢铁', 'origin:邯钢'],
  ['上海', 'city:上海'],
  ['张家港', 'city:张家港'],
  ['乐从', 'city:乐从'],
  ['广州', 'city:广州'],
  ['天津', 'city:天津'],
  ['无锡', 'city:无锡'],
  ['杭州', 'city:杭州'],
  ['博兴', 'city:博兴'],
  ['唐山', 'city:唐山'],
  ['武汉', 'city:武汉'],
  ['邯郸', 'city:邯郸'],
  ['乐从钢铁世界仓', 'warehouse:乐从钢铁世界仓'],
  ['张家港保税区钢材物流园', 'warehouse:张家港保税区钢材物流园'],
  ['天津北辰仓', 'warehouse:天津北辰仓'],
  ['润钢', 'supplier:润钢'],
];

const PHRASES: [string, string][] = [
  ['冷轧 DC01 1.0*1250 宝钢 上海', 'family:冷轧 material:DC01 spec:1.0*1250 origin:宝钢 city:上海'],
  ['乐从 镀锌', 'city:乐从 family:镀锌'],
  ['无锡 冷轧 DC01', 'city:无锡 family:冷轧 material:DC01'],
  ['宝钢 冷轧', 'origin:宝钢 family:冷轧'],
  ['Q235B 3-4', 'material:Q235B thicknessRange:3-4'],
  ['热卷 Q235B 3.0~4.0 日照', 'product:热轧卷板 material:Q235B thicknessRange:3-4 origin:日照'],
  ['日照热卷Q235B', 'origin:日照 product:热轧卷板 material:Q235B'],
  ['热卷 q235b 2.75*1250 日照 乐从', 'product:热轧卷板 material:Q235B spec:2.75*1250 origin:日照 city:乐从'],
  ['冷轧DC01', 'family:冷轧 material:DC01'],
  ['热轧Q235B', 'family:热轧 material:Q235B'],
  ['镀锌DX51D', 'family:镀锌 material:DX51D'],
  ['冷轧卷板1.0', 'product:冷轧卷板 thickness:1'],
  ['Q235B3.0', 'material:Q235B thickness:3'],
  ['HRC3.0', 'product:热轧卷板 thickness:3'],
  ['日照HRC', 'origin:日照 product:热轧卷板'],
  ['上海冷卷', 'city:上海 product:冷轧卷板'],
  ['宝武冷轧', 'origin:宝钢 family:冷轧'],
  ['HRC Q235B 2.75*1250 宝钢', 'product:热轧卷板 material:Q235B spec:2.75*1250 origin:宝钢'],
  ['CRC SPCC 1.0x1250 上海', 'product:冷轧卷板 material:SPCC spec:1.0*1250 city:上海'],
  ['GI DX51D+Z 0.5*1250 乐从', 'product:镀锌卷 material:DX51D+Z spec:0.5*1250 city:乐从'],
  ['镀锌 DX51D 0.5-0.8', 'family:镀锌 material:DX51D thicknessRange:0.5-0.8'],
  ['中厚板 Q355 ≥20', 'product:中厚板 material:Q355 thicknessRange:≥20'],
  ['中板 Q235B 10*2200*L 南钢', 'product:中厚板 material:Q235B spec:10*2200*L origin:南钢'],
  ['酸洗 SPHC 3.0 梅钢', 'family:酸洗 material:SPHC thickness:3 origin:梅钢'],
  ['P&O SAPH440 2.0*1250', 'product:酸洗卷 material:SAPH440 spec:2.0*1250'],
  ['热轧 3-4 1250 天津', 'family:热轧 thicknessRange:3-4 width:1250 city:天津'],
  ['热轧 3到4 宽1500', 'family:热轧 thicknessRange:3-4 width:1500'],
  ['冷轧 0.5-1.0 1000-1250', 'family:冷轧 thicknessRange:0.5-1 widthRange:1000-1250'],
  ['SPCC 冷板 1.0 1250', 'material:SPCC product:冷轧板 thickness:1 width:1250'],
  ['开平板 Q235B 3.0*1500*6000', 'product:热轧开平板 material:Q235B spec:3.0*1500*6000'],
  ['花纹板 3.75 唐山', 'product:花纹板 thickness:3.75 city:唐山'],
  ['带钢 Q195 2.5 唐钢', 'product:热轧带钢 material:Q195 thickness:2.5 origin:唐钢'],
  ['镀铝锌 DX51D+AZ 0.4 博兴', 'product:镀铝锌 material:DX51D+AZ thickness:0.4 city:博兴'],
  ['GL 0.5*1219', 'product:镀铝锌 spec:0.5*1219'],
  ['宝山钢铁 冷轧 SPCC 上海', 'origin:宝钢 family:冷轧 material:SPCC city:上海'],
  ['热卷，Q235B、日照', 'product:热轧卷板 material:Q235B origin:日照'],
  ['热卷/Q235B/日照', 'product:热轧卷板 material:Q235B origin:日照'],
  ['热卷;Q235B;乐从', 'product:热轧卷板 material:Q235B city:乐从'],
  ['Q355 热卷 4.75以上 乐从', 'material:Q355 product:热轧卷板 thicknessRange:≥4.75 city:乐从'],
  ['冷轧 SPCC 0.8 以下', 'family:冷轧 material:SPCC thicknessRange:≤0.8'],
  ['上海 热卷 鞍钢 5.75*1500', 'city:上海 product:热轧卷板 origin:鞍钢 spec:5.75*1500'],
  ['乐从钢铁世界仓 热卷', 'warehouse:乐从钢铁世界仓 product:热轧卷板'],
  ['润钢 冷卷', 'supplier:润钢 product:冷轧卷板'],
  ['HR 2.75 1500', 'family:热轧 thickness:2.75 width:1500'],
  ['CR SPCC-SD', 'family:冷轧 material:SPCC-SD'],
];

/**
 * English (issue 31): the English names (seed `nameEn`) and the cities' pinyin are words too,
 * in any case; a name of several words is matched as a phrase before its words are read alone.
 * The chip names the Chinese term.
 */
const ENGLISH: [string, string][] = [
  ['hot rolled', 'family:热轧'],
  ['Hot-rolled', 'family:热轧'],
  ['HOT ROLLED', 'family:热轧'],
  ['cold rolled', 'family:冷轧'],
  ['galvanized', 'family:镀锌'],
  ['Galvanized', 'family:镀锌'],
  ['pickled', 'family:酸洗'],
  ['hot rolled coil', 'product:热轧卷板'],
  ['Hot-rolled coil', 'product:热轧卷板'],
  ['cold rolled coil', 'product:冷轧卷板'],
  ['cold-rolled  coil', 'product:冷轧卷板'],
  ['cold rolled sheet', 'product:冷轧板'],
  ['galvanized coil', 'product:镀锌卷'],
  ['galvalume coil', 'product:镀铝锌'],
  ['pickled & oiled coil', 'product:酸洗卷'],
  ['pickled and oiled coil', 'product:酸洗卷'],
  ['plate', 'product:中厚板'],
  ['checkered plate', 'product:花纹板'],
  ['strip', 'product:热轧带钢'],
  ['cut-to-length sheet', 'product:热轧开平板'],
  ['cut to length sheet', 'product:热轧开平板'],
  ['Baosteel', 'origin:宝钢'],
  ['baosteel', 'origin:宝钢'],
  ['Ansteel', 'origin:鞍钢'],
  ['Shougang', 'origin:首钢'],
  ['TISCO', 'origin:太钢'],
  ['Rizhao Steel', 'origin:日照'],
  ['rizhao steel', 'origin:日照'],
  ['Tangshan Steel', 'origin:唐钢'],
  ['Shanghai', 'city:上海'],
  ['shanghai', 'city:上海'],
  ['Zhangjiagang', 'city:张家港'],
  ['Lecong', 'city:乐从'],
  ['Tianjin', 'city:天津'],
  ['Tangshan', 'city:唐山'],
  ['Shanghai Yuepu Steel Warehouse', 'warehouse:上海月浦钢材仓库'],
  ['Q235B Shanghai', 'material:Q235B city:上海'],
  ['HRC Q235B Shanghai', 'product:热轧卷板 material:Q235B city:上海'],
  [
    'hot rolled coil Q235B 2.75*1250 Baosteel Shanghai',
    'product:热轧卷板 material:Q235B spec:2.75*1250 origin:宝钢 city:上海',
  ],
  ['cold rolled SPCC 1.0 Lecong', 'family:冷轧 material:SPCC thickness:1 city:乐从'],
  ['galvanized DX51D 0.5-0.8', 'family:镀锌 material:DX51D thicknessRange:0.5-0.8'],
  ['hot rolled 3-4 Tianjin', 'family:热轧 thicknessRange:3-4 city:天津'],
  ['Shanghai冷卷', 'city:上海 product:冷轧卷板'],
  ['宝钢 cold rolled', 'origin:宝钢 family:冷轧'],
  // a phrase is words apart by blanks only; a word of a phrase alone is no term
  ['cold rolled, coil', 'family:冷轧 text:COIL'],
  ['rolled', 'text:ROLLED'],
];

const NOISE: [string, string][] = [
  ['现货', 'ignored:现货'],
  ['急售', 'ignored:急售'],
  ['热卷 现货', 'product:热轧卷板 ignored:现货'],
  ['宝纲', 'ignored:宝纲'],
  ['AB', 'ignored:AB'],
  ['Q2', 'ignored:Q2'],
  ['ABC', 'text:ABC'],
  ['SPCCSD', 'text:SPCCSD'],
  ['DC0', 'text:DC0'],
  ['现货供应', 'text:现货供应'],
  ['边丝卷头', 'text:边丝卷头'],
  ['冷轧 边丝卷头', 'family:冷轧 text:边丝卷头'],
  ['7000', 'text:7000'],
];

/**
 * Near misses (suggest.ts): the chip stays what it was (text or ignored) and offers the word it
 * nearly is, shown here as `kind:value?word`. Known words and numbers never get one.
 */
const SUGGESTIONS: [string, string][] = [
  ['宝纲', 'ignored:宝纲?宝钢'],
  ['沙纲 热卷', 'ignored:沙纲?沙钢 product:热轧卷板'],
  ['冷扎 SPCC 1.0', 'ignored:冷扎?冷轧 material:SPCC thickness:1'],
  ['SPCCSD', 'text:SPCCSD?SPCC-SD'],
  ['spccsd 0.8', 'text:SPCCSD?SPCC-SD thickness:0.8'],
  ['dx51dz 乐丛', 'text:DX51DZ?DX51D+Z ignored:乐丛?乐从'],
  ['Q253B 天律', 'text:Q253B?Q235B ignored:天律?天津'],
  // split on 卷板: the typo is the 2-character rest
  ['热扎卷板 3.0', 'ignored:热扎?热轧 product:热轧卷板 thickness:3'],
  ['花文板 宝钢', 'text:花文板?花纹板 origin:宝钢'],
  ['张家巷 冷卷', 'text:张家巷?张家港 product:冷轧卷板'],
  ['鑫园钢铁', 'text:鑫园钢铁?鑫源钢铁'],
  ['宝钢 现货', 'origin:宝钢 ignored:现货'],
  ['保钢', 'ignored:保钢'],
  ['DC0', 'text:DC0'],
  ['7000', 'text:7000'],
  ['北辰仓', 'text:北辰仓'],
  ['边丝卷头', 'text:边丝卷头'],
  ['Q235b 2.75*1250', 'material:Q235B spec:2.75*1250'],
  // English words are offered as they are written
  ['Baostel', 'text:BAOSTEL?Baosteel'],
  ['Shangai', 'text:SHANGAI?Shanghai'],
];

const TABLES = {
  FAMILIES_AND_PRODUCTS,
  GRADES,
  SPECS_AND_DIMENSIONS,
  MILLS_AND_PLACES,
  PHRASES,
  ENGLISH,
  NOISE,
};
const ALL = Object.values(TABLES).flat();
const chips = (query: string) =>
  parseKeyword(query, dict)
    .tokens.map((t) => `${t.kind}:${t.value}`)
    .join(' ');

describe('the trade vocabulary', () => {
  it('holds at least 150 queries', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(150);
  });

  for (const [name, table] of Object.entries(TABLES)) {
    it.each(table)(`${name}: %s`, (query, expected) => {
      expect(chips(query)).toBe(expected);
    });
  }

  it.each(SUGGESTIONS)('SUGGESTIONS: %s', (query, expected) => {
    const shown = parseKeyword(query, dict)
      .tokens.map((t) => `${t.kind}:${t.value}${t.suggestion ? `?${t.suggestion.word}` : ''}`)
      .join(' ');
    expect(shown).toBe(expected);
  });

  it('names what a suggested word is, and suggests nothing for a word it knows', () => {
    expect(parseKeyword('日纲', dict).tokens[0]?.suggestion).toEqual({
      word: '日照',
      kind: 'origin',
      value: '日照',
    });
    expect(parseKeyword('SPCCSD', dict).tokens[0]?.suggestion).toEqual({
      word: 'SPCC-SD',
      kind: 'material',
      value: 'SPCC-SD',
    });
    for (const [query] of ALL) {
      for (const t of parseKeyword(query, dict).tokens) {
        if (t.kind !== 'text' && t.kind !== 'ignored')
          expect(t.suggestion, `${query} / ${t.text}`).toBeUndefined();
      }
    }
  });

  it('drops nothing silently: every typed character is in a chip, and each chip is a piece of the keyword', () => {
    for (const [query] of ALL) {
      const tokens = parseKeyword(query, dict).tokens;
      const bare = (s: string) => s.replace(/[\s,，、;；/|]+/g, '');
      expect(bare(tokens.map((t) => t.text).join('')), query).toBe(bare(query));
      for (const t of tokens) expect(query.includes(t.text), `${query} / ${t.text}`).toBe(true);
    }
  });
});

describe('what the chips select', () => {
  const id = (list: { id: number; name: string }[], name: string) => list.find((x) => x.name === name)!.id;
  const rows = demoDictionaryRows();
  const product = (name: string) => id(rows.products, name);
  const material = (name: string) => id(rows.materials, name);

  it('a family word selects every product of the family and names them', () => {
    const q = parseKeyword('冷轧', dict);
    expect(q.productIds.sort()).toEqual([product('冷轧卷板'), product('冷轧板')].sort());
    expect(q.tokens[0]!.includes).toEqual(['冷轧卷板', '冷轧板']);
    expect(parseKeyword('热轧', dict).productIds.sort()).toEqual(
      [product('热轧卷板'), product('热轧开平板'), product('花纹板')].sort(),
    );
    // A product word selects that product alone.
    expect(parseKeyword('冷板', dict).productIds).toEqual([product('冷轧板')]);
  });

  it('a grade prefix selects the grades it starts, exact grades only themselves', () => {
    const names = (query: string) => parseKeyword(query, dict).tokens[0]!.includes;
    expect(names('DX51D')).toEqual(['DX51D+AZ', 'DX51D+Z']);
    expect(names('Q355')).toEqual(['Q355B', 'Q355NE']);
    expect(names('Q235')).toEqual(['Q235B']);
    expect(parseKeyword('dx51d', dict).materialIds.sort()).toEqual(
      [material('DX51D+Z'), material('DX51D+AZ')].sort(),
    );
    expect(parseKeyword('SPCC', dict).materialIds).toEqual([material('SPCC')]);
    expect(names('SPCC')).toBeUndefined();
  });

  it('ranges become bounds, narrowed by each other; single values stay equalities', () => {
    expect(parseKeyword('3-4', dict)).toMatchObject({ thicknessMin: 3, thicknessMax: 4, thicknesses: [] });
    expect(parseKeyword('≥3 4以下', dict)).toMatchObject({ thicknessMin: 3, thicknessMax: 4 });
    expect(parseKeyword('3-5 ≥4', dict)).toMatchObject({ thicknessMin: 4, thicknessMax: 5 });
    expect(parseKeyword('1000-1250 3', dict)).toMatchObject({
      widthMin: 1000,
      widthMax: 1250,
      thicknesses: [3],
      thicknessMin: null,
    });
    expect(parseKeyword('2.75X1250*C', dict)).toMatchObject({
      thicknesses: [2.75],
      widths: [1250],
      lengths: [],
    });
  });

  it('reads mills by short name, alias and full name as one mill', () => {
    const mill = (q: string) => parseKeyword(q, dict).millIds;
    expect(mill('宝山钢铁')).toEqual(mill('宝钢'));
    expect(mill('宝武')).toEqual(mill('宝钢'));
    expect(mill('宝山钢铁股份有限公司')).toEqual(mill('宝钢'));
  });

  it('keeps the typed text of each chip, so removing it removes what was typed', () => {
    expect(parseKeyword('ｓｐｃｃ 3 - 4 hrc', dict).tokens.map((t) => t.text)).toEqual([
      'ｓｐｃｃ',
      '3 - 4',
      'hrc',
    ]);
  });
});
