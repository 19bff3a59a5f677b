/**
 * Understands a trader's keyword such as `冷轧 DX51D 0.5-0.8 宝武 乐从`. The keyword is folded once
 * (Unicode compatibility forms, upper case: `ｓｐｃｃ` reads as SPCC). Words that name a
 * vocabulary entry become exact filters: a family (冷轧: every cold-rolled product), a product or
 * its alias, a material or a grade prefix (Q355: Q355B and Q355NE), a mill by name, alias or full
 * name, a city or market, a warehouse, a supplier. Numbers become thickness and width conditions:
 * single values and specs (`2.75*1250`, `2.75乘1250`) as equality, ranges (`3-4`, `3到4`, `≥3`,
 * `3以上`, `3.0-4.0mm`) as bounds. What is left is matched as text when it has 3 characters or
 * more — pg_trgm cannot help a shorter word, which would scan the whole table — and shown as
 * ignored otherwise, never dropped silently; either gets the vocabulary word it nearly is, when
 * one is close (suggest.ts: 宝纲 → 您是不是要找「宝钢」). Words run together (日照热卷) are split on
 * vocabulary words. English names are words too (HRC, Baosteel, Shanghai), case-insensitive; a
 * name of several words (cold rolled coil, Rizhao Steel) is matched first, the longest phrase over
 * the words typed apart by blanks, and its chip names the Chinese term like any other word.
 * Cargo, surplus, quotations and saved searches share this parser; the SQL it becomes is
 * search/repo/vocabulary.ts#keywordConditions.
 */
import { type DimensionWord, parseDimension, parseSpec, type QueryToken } from '@steelport/contracts';
import { phraseKey, type Term, type TradeDictionary } from './dictionary.ts';
import { suggestWord } from './suggest.ts';

export interface ParsedKeyword {
  tokens: QueryToken[];
  productIds: number[];
  materialIds: number[];
  millIds: number[];
  warehouseIds: number[];
  supplierIds: number[];
  /** each entry is one place word; a row must be in one of its cities (market words name several) */
  cityGroups: string[][];
  thicknesses: number[];
  widths: number[];
  lengths: number[];
  /** range words, intersected: `3-4 ≥3.5` is 3.5 to 4; null when open */
  thicknessMin: number | null;
  thicknessMax: number | null;
  widthMin: number | null;
  widthMax: number | null;
  /** text to match with ILIKE on search_text, each 3+ characters */
  texts: string[];
}

/** Shortest text pg_trgm can index: 3 characters make one trigram. */
export const MIN_TEXT_LENGTH = 3;
/** Shortest grade prefix that selects the grades it starts (Q235 → Q235B); shorter ones are too vague. */
export const MIN_GRADE_PREFIX = 4;
/** Words of one keyword that are read; the rest are left out. */
export const MAX_WORDS = 20;
const KIND_PRIORITY: Term['kind'][] = [
  'family',
  'product',
  'material',
  'origin',
  'warehouse',
  'supplier',
  'city',
];
/** A spec: thickness, then width, then a length or C/L (separators folded to `*` first). */
const SPEC_LIKE = /^\d{1,4}(\.\d{1,3})?(\*\d{1,5}(\.\d+)?)?(\*(\d{1,6}|[CL]))?$/;
const GRADE_LIKE = /^[A-Z][A-Z0-9+-]*$/;
const LATIN = /[A-Z]/;

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SEPARATOR = /[\s,，、;；/|]+/;

interface Span {
  text: string;
  start: number;
  end: number;
}

/** The words of a keyword with where each stands in it. */
function wordSpans(keyword: string): Span[] {
  const spans: Span[] = [];
  for (const m of keyword.matchAll(/[^\s,，、;；/|]+/g)) {
    spans.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return spans;
}

/** Splits a keyword into words on blanks and the punctuation traders type between them. */
export function splitWords(keyword: string): string[] {
  return keyword
    .split(SEPARATOR)
    .map((w) => w.trim())
    .filter(Boolean);
}

/** A word that is only an operator or ends in one: it wants the number after it (`≥`, `3-`, `厚`). */
const WANTS_NUMBER =
  /^((厚度?|宽度?)[:：]?|(厚度?|宽度?)?(>=|<=|≥|≤|>|<)|\d{1,5}(\.\d{1,3})?(MM|毫米)?(-|~|到|至|\*|X|×|乘))$/;
/** A word that continues the number before it (`-4`, `到4`, `以上`, `mm`, `*1250`, a lone `-`). */
const CONTINUES_NUMBER = /^((-|~|到|至|\*|X|×|乘)(\d.*)?|以上|以下|以内|及以上|及以下|MM|毫米)$/;

/**
 * Joins a number typed apart from its operator or unit (`3 - 4`, `3 到 4`, `≥ 3`, `3 以上`,
 * `3 mm`, `2.75 * 1250`) into one word, keeping its place in the keyword (a chip removes exactly
 * what was typed).
 */
function joinNumberWords(keyword: string, spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const prev = out.at(-1);
    if (prev) {
      const a = fold(prev.text);
      const b = fold(span.text);
      const join = (isNumberWord(a) && CONTINUES_NUMBER.test(b)) || (WANTS_NUMBER.test(a) && /^\d/.test(b));
      if (join) {
        out[out.length - 1] = { text: keyword.slice(prev.start, span.end), start: prev.start, end: span.end };
        continue;
      }
    }
    out.push(span);
  }
  return out;
}

/** The keyword's folding of one piece of text: compatibility forms, upper case, no blanks. */
function fold(text: string): string {
  return text.normalize('NFKC').toUpperCase().replace(/\s+/g, '');
}

/**
 * One word folded, with where each folded character came from, so pieces found in the folded
 * word can show the text as typed.
 */
function foldWord(word: string): { folded: string; from: number[] } {
  let folded = '';
  const from: number[] = [];
  let i = 0;
  for (const ch of word) {
    const f = fold(ch);
    for (let k = 0; k < f.length; k++) from.push(i);
    folded += f;
    i += ch.length;
  }
  from.push(word.length);
  return { folded, from };
}

/** Parses a keyword against the dictionary. */
export function parseKeyword(keyword: string, dict: TradeDictionary): ParsedKeyword {
  const out: ParsedKeyword = {
    tokens: [],
    productIds: [],
    materialIds: [],
    millIds: [],
    warehouseIds: [],
    supplierIds: [],
    cityGroups: [],
    thicknesses: [],
    widths: [],
    lengths: [],
    thicknessMin: null,
    thicknessMax: null,
    widthMin: null,
    widthMax: null,
    texts: [],
  };
  const words = joinNumberWords(keyword, wordSpans(keyword)).slice(0, MAX_WORDS);
  for (let at = 0; at < words.length; at++) {
    const phrase = phraseAt(keyword, words, at, dict);
    if (phrase) {
      addTerm(out, phrase.text, phrase.term);
      at += phrase.words - 1;
      continue;
    }
    const word = (words[at] as Span).text;
    const { folded, from } = foldWord(word);
    if (!folded) continue;
    for (const piece of segment(folded, dict)) {
      const typed = word.slice(from[piece.start], from[piece.end]);
      if (piece.term) addTerm(out, typed, piece.term);
      else addLeftover(out, typed, folded.slice(piece.start, piece.end), dict);
    }
  }
  // A word the vocabulary does not know may be a near miss of one it does (宝纲 → 宝钢): the chip
  // offers it (suggest.ts), the search itself stays as typed.
  for (const token of out.tokens) {
    if (token.kind !== 'text' && token.kind !== 'ignored') continue;
    const suggestion = suggestWord(token.value, dict);
    if (suggestion) token.suggestion = suggestion;
  }
  return out;
}

interface Piece {
  start: number;
  end: number;
  term?: Term;
}

/** A Latin word of a phrase: letters, maybe with `-`, `&`, `'` (Cold-rolled, &, Xi'an). */
const PHRASE_WORD = /^[\p{Script=Latin}&'’-]+$/u;

/**
 * The longest English name of several words that starts at word `at` (COLD ROLLED COIL before
 * COLD ROLLED), its words separated by blanks only; a single word counts when it joins words
 * with hyphens (cold-rolled) and is no vocabulary word by itself.
 */
function phraseAt(
  keyword: string,
  words: Span[],
  at: number,
  dict: TradeDictionary,
): { text: string; words: number; term: Term } | null {
  if (dict.phrases.size === 0) return null;
  let last = at;
  // how far the run of Latin words separated by blanks reaches, at most maxPhraseWords
  while (
    last < words.length &&
    last - at < dict.maxPhraseWords &&
    PHRASE_WORD.test((words[last] as Span).text.normalize('NFKC')) &&
    (last === at || keyword.slice((words[last - 1] as Span).end, (words[last] as Span).start).trim() === '')
  )
    last++;
  for (let end = last; end > at; end--) {
    const text = keyword.slice((words[at] as Span).start, (words[end - 1] as Span).end);
    if (end - at === 1 && dict.terms.has(fold(text))) return null;
    const found = dict.phrases.get(phraseKey(text));
    const term =
      found && [...found].sort((a, b) => KIND_PRIORITY.indexOf(a.kind) - KIND_PRIORITY.indexOf(b.kind))[0];
    if (term) return { text, words: end - at, term };
  }
  return null;
}

/** Whether a folded word reads as numbers (spec, dimension, range) rather than words. */
function isNumberWord(folded: string): boolean {
  return SPEC_LIKE.test(specText(folded)) || parseDimension(folded) !== null;
}

/** Spec separators folded to `*` (2.75X1250, 2.75×1250, 2.75乘1250), units after numbers dropped. */
function specText(folded: string): string {
  return folded.replace(/(\d)(MM|毫米)/g, '$1').replace(/[×X＊乘]/g, '*');
}

/** Greedy longest-match segmentation of one folded word on vocabulary words. */
function segment(word: string, dict: TradeDictionary): Piece[] {
  if (isNumberWord(word)) return [{ start: 0, end: word.length }];
  const whole = bestTerm(dict, word);
  if (whole) return [{ start: 0, end: word.length, term: whole }];
  if (gradePrefix(dict, word)) return [{ start: 0, end: word.length }];
  const pieces: Piece[] = [];
  let leftoverFrom = -1;
  let i = 0;
  while (i < word.length) {
    let matched: { length: number; term: Term } | null = null;
    for (let len = Math.min(dict.maxLength, word.length - i); len >= 2; len--) {
      if (!onLatinBoundary(word, i, i + len)) continue;
      const term = bestTerm(dict, word.slice(i, i + len));
      if (term) {
        matched = { length: len, term };
        break;
      }
    }
    if (!matched) {
      if (leftoverFrom < 0) leftoverFrom = i;
      i++;
      continue;
    }
    if (leftoverFrom >= 0) pieces.push({ start: leftoverFrom, end: i });
    leftoverFrom = -1;
    pieces.push({ start: i, end: i + matched.length, term: matched.term });
    i += matched.length;
  }
  if (leftoverFrom >= 0) pieces.push({ start: leftoverFrom, end: word.length });
  return pieces;
}

/**
 * A Latin word inside a longer word must not cut letters apart: CR in SPCCR, HR in SHRC. Digits
 * may follow (HRC3.0) and Chinese may stand either side (日照HRC).
 */
function onLatinBoundary(word: string, start: number, end: number): boolean {
  const first = word[start] ?? '';
  const last = word[end - 1] ?? '';
  if (LATIN.test(first) && start > 0 && LATIN.test(word[start - 1] ?? '')) return false;
  if (LATIN.test(last) && end < word.length && LATIN.test(word[end] ?? '')) return false;
  return true;
}

function bestTerm(dict: TradeDictionary, text: string): Term | undefined {
  const found = dict.terms.get(text);
  if (!found) return undefined;
  return [...found].sort((a, b) => KIND_PRIORITY.indexOf(a.kind) - KIND_PRIORITY.indexOf(b.kind))[0];
}

/** The grades a grade prefix selects (DX51D → DX51D+AZ, DX51D+Z), or none. */
function gradePrefix(dict: TradeDictionary, word: string): { id: number; name: string }[] | null {
  if (word.length < MIN_GRADE_PREFIX || !GRADE_LIKE.test(word)) return null;
  const found = dict.materialList.filter((m) => m.key.startsWith(word));
  return found.length ? found : null;
}

function pushOnce(list: number[], id: number) {
  if (!list.includes(id)) list.push(id);
}

function addTerm(out: ParsedKeyword, text: string, term: Term) {
  switch (term.kind) {
    case 'family':
      for (const p of term.products ?? []) pushOnce(out.productIds, p.id);
      break;
    case 'product':
      pushOnce(out.productIds, term.id);
      break;
    case 'material':
      pushOnce(out.materialIds, term.id);
      break;
    case 'origin':
      pushOnce(out.millIds, term.id);
      break;
    case 'warehouse':
      pushOnce(out.warehouseIds, term.id);
      break;
    case 'supplier':
      pushOnce(out.supplierIds, term.id);
      break;
    case 'city':
      out.cityGroups.push(term.cities ?? [term.name]);
      break;
  }
  // A market word says which other cities it takes in, so the chip can name them (含张家港); a
  // family names its products (冷轧 含冷轧卷板、冷轧板).
  const includes =
    term.kind === 'family'
      ? (term.products ?? []).map((p) => p.name)
      : (term.cities ?? []).filter((city) => city !== term.name).sort();
  out.tokens.push({ text, kind: term.kind, value: term.name, ...(includes.length ? { includes } : {}) });
}

/** Narrows the keyword's range of a dimension by one range word. */
function narrow(out: ParsedKeyword, d: DimensionWord) {
  const [minKey, maxKey] =
    d.dimension === 'thickness'
      ? (['thicknessMin', 'thicknessMax'] as const)
      : (['widthMin', 'widthMax'] as const);
  if (d.min !== null) out[minKey] = out[minKey] === null ? d.min : Math.max(out[minKey], d.min);
  if (d.max !== null) out[maxKey] = out[maxKey] === null ? d.max : Math.min(out[maxKey], d.max);
}

function addLeftover(out: ParsedKeyword, text: string, folded: string, dict: TradeDictionary) {
  const dimension = parseDimension(folded);
  if (dimension) {
    if (dimension.exact) {
      // A single value: small numbers are thicknesses, large ones widths (or as 厚/宽 says).
      const list = dimension.dimension === 'thickness' ? out.thicknesses : out.widths;
      if (!list.includes(dimension.min as number)) list.push(dimension.min as number);
      out.tokens.push({ text, kind: dimension.dimension, value: dimension.text });
    } else {
      narrow(out, dimension);
      out.tokens.push({
        text,
        kind: dimension.dimension === 'thickness' ? 'thicknessRange' : 'widthRange',
        value: dimension.text,
      });
    }
    return;
  }
  const spec = SPEC_LIKE.test(specText(folded)) ? parseSpec(specText(folded)) : null;
  if (spec && spec.width !== null) {
    pushOnce(out.thicknesses, spec.thickness);
    pushOnce(out.widths, spec.width);
    if (spec.length !== null) pushOnce(out.lengths, spec.length);
    out.tokens.push({ text, kind: 'spec', value: spec.text });
    return;
  }
  const grades = gradePrefix(dict, folded);
  if (grades) {
    for (const g of grades) pushOnce(out.materialIds, g.id);
    out.tokens.push({ text, kind: 'material', value: folded, includes: grades.map((g) => g.name) });
    return;
  }
  if ([...folded].length >= MIN_TEXT_LENGTH) {
    out.texts.push(folded);
    out.tokens.push({ text, kind: 'text', value: folded });
    return;
  }
  out.tokens.push({ text, kind: 'ignored', value: folded });
}
