/**
 * English names by rule (issue 31), for the vocabulary rows that carry none: cities and markets
 * are their pinyin (上海 → Shanghai, 张家港 → Zhangjiagang: title-cased, no tones, syllables
 * joined, an apostrophe where a syllable starting with a vowel would run into the one before:
 * 西安 → Xi'an), with an exception table for the few whose English name is not their pinyin
 * (哈尔滨 → Harbin) or whose reading the pinyin library gets wrong. A warehouse without
 * `name_en` is named part by part: the places the portal knows in pinyin, a mill inside by its
 * English name, the trade's words translated (钢材 Steel, 物流园 Logistics Park, 仓/库 Warehouse…)
 * and the rest in pinyin, two characters a word: 上海宝钢钢材物流宝山库 → Shanghai Baosteel Steel
 * Logistics Baoshan Warehouse. Pure: the dictionary (dictionary.ts) applies it to every row it
 * loads, and search reads the same English words.
 */
import { pinyin } from 'pinyin-pro';

/** Places whose English name is not the pinyin of their characters, or that pinyin reads wrong. */
export const CITY_EXCEPTIONS: Readonly<Record<string, string>> = {
  哈尔滨: 'Harbin',
  乌鲁木齐: 'Urumqi',
  呼和浩特: 'Hohhot',
  香港: 'Hong Kong',
  澳门: 'Macau',
  // 乐 reads yue in music, le in 乐从; the county by the sea reads lao
  乐亭: 'Laoting',
  // the index definitions' market of the nationwide composites
  全国: 'Nationwide',
};

/**
 * The trade's words in warehouse names and their English, matched longest first (钢材市场
 * before 钢材, 物流园 before 物流).
 */
export const WAREHOUSE_PARTS: Readonly<Record<string, string>> = {
  钢材市场: 'Steel Market',
  钢材城: 'Steel City',
  钢铁世界: 'Steel World',
  钢材: 'Steel',
  钢铁: 'Steel',
  板材: 'Flat Steel',
  物流园区: 'Logistics Park',
  物流园: 'Logistics Park',
  物流中心: 'Logistics Center',
  物流: 'Logistics',
  储运: 'Storage',
  仓储: 'Storage',
  加工中心: 'Processing Center',
  配送中心: 'Distribution Center',
  市场: 'Market',
  码头: 'Wharf',
  港务区: 'Port Area',
  综合保税区: 'Comprehensive Bonded Zone',
  保税区: 'Bonded Zone',
  工业园: 'Industrial Park',
  开发区: 'Development Zone',
  国际: 'International',
  中心: 'Center',
  集团: 'Group',
  仓库: 'Warehouse',
  库: 'Warehouse',
  仓: 'Warehouse',
  港: 'Port',
};

const HAN = /\p{Script=Han}/u;
/** A syllable that would join the one before it ambiguously: xian vs. xi'an. */
const VOWEL_START = /^[aeo]/;

/** Syllables as one word: title case, an apostrophe before a vowel-initial syllable (Xi'an). */
function joinSyllables(syllables: string[]): string {
  const word = syllables
    .map((s, i) => (i > 0 && VOWEL_START.test(s) ? `'${s}` : s))
    .join('')
    .toLowerCase();
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The pinyin syllables of Chinese text, without tones, read with the words around each. */
function syllables(text: string): string[] {
  return pinyin(text, { toneType: 'none', type: 'array', v: false })
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A city or market in English: the exception table, else its pinyin as one word (上海 → Shanghai). */
export function cityEnglish(name: string): string {
  const exception = CITY_EXCEPTIONS[name];
  if (exception) return exception;
  if (!HAN.test(name)) return name;
  return joinSyllables(syllables(name));
}

/** What a warehouse name is read against: the places and the mills the portal knows. */
export interface WarehouseNaming {
  /** city and market names (上海, 张家港): they read as the place, never as parts (港) */
  places: Iterable<string>;
  /** mill names and aliases -> English (宝钢 → Baosteel); only those naming 钢 are looked for */
  mills: ReadonlyMap<string, string>;
}

/** Longest first lookup table of known pieces, built once per naming. */
interface Pieces {
  byText: Map<string, { en: string; mill: boolean }>;
  maxLength: number;
}

function piecesOf(naming: WarehouseNaming): Pieces {
  const byText = new Map<string, { en: string; mill: boolean }>();
  for (const [zh, en] of Object.entries(WAREHOUSE_PARTS)) byText.set(zh, { en, mill: false });
  // A mill inside a name is a word with 钢 (宝钢, 邯郸钢铁); a mill named like a place (日照)
  // reads as the place, which its pinyin already says.
  for (const [zh, en] of naming.mills) if (zh.includes('钢') && en) byText.set(zh, { en, mill: true });
  // Places win over parts of the same text and over mills: 张家港 is not 张家 Port.
  for (const place of naming.places) if (place) byText.set(place, { en: cityEnglish(place), mill: false });
  let maxLength = 0;
  for (const text of byText.keys()) maxLength = Math.max(maxLength, text.length);
  return { byText, maxLength };
}

const piecesCache = new WeakMap<WarehouseNaming, Pieces>();

/** Pinyin words of an unknown stretch: two characters a word, a last single one kept with its neighbour. */
function pinyinWords(stretch: string): string[] {
  const sy = syllables(stretch);
  if (sy.length !== stretch.length) return [joinSyllables(sy)];
  const words: string[][] = [];
  for (let i = 0; i < sy.length; i += 2) words.push(sy.slice(i, i + 2));
  const last = words.at(-1);
  if (words.length > 1 && last && last.length === 1) {
    words.pop();
    words[words.length - 1]?.push(...last);
  }
  return words.map(joinSyllables);
}

/**
 * A warehouse's English name by rule (used when its `name_en` is empty): known places, mills and
 * the trade's words translated, the rest in pinyin, words title-cased.
 */
export function warehouseEnglish(name: string, naming: WarehouseNaming): string {
  let pieces = piecesCache.get(naming);
  if (!pieces) {
    pieces = piecesOf(naming);
    piecesCache.set(naming, pieces);
  }
  const words: string[] = [];
  let han = '';
  let other = '';
  const flushHan = () => {
    if (han) words.push(...pinyinWords(han));
    han = '';
  };
  const flushOther = () => {
    const text = other.trim();
    if (text) words.push(text);
    other = '';
  };
  const chars = [...name];
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i] as string;
    if (!HAN.test(ch)) {
      flushHan();
      other += ch;
      i++;
      continue;
    }
    flushOther();
    let found: { length: number; en: string } | null = null;
    for (let len = Math.min(pieces.maxLength, chars.length - i); len >= 1; len--) {
      const piece = pieces.byText.get(chars.slice(i, i + len).join(''));
      if (!piece) continue;
      // 南钢 in 河南钢材 is 河南 + 钢材: a mill ending in 钢 does not take the 钢 of 钢材/钢铁/钢板.
      if (piece.mill && /^[材铁板]/.test(chars[i + len] ?? '')) continue;
      found = { length: len, en: piece.en };
      break;
    }
    if (!found) {
      han += ch;
      i++;
      continue;
    }
    flushHan();
    words.push(found.en);
    i += found.length;
  }
  flushHan();
  flushOther();
  return words.join(' ');
}
