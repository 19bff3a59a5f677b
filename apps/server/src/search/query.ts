/**
 * Understands a trader's keyword such as `热卷 Q235B 2.75*1250 日照 乐从`. Words that name a
 * dictionary entry (product or alias, material, mill, city or market, warehouse, supplier)
 * become exact filters; spec-like words become thickness and width conditions; only what is
 * left is matched as text, and only when it has 3 characters or more — pg_trgm cannot help a
 * shorter word, which would scan the whole table. Words run together (日照热卷) are split on
 * dictionary words. Cargo, surplus and quotations share this parser.
 */
import { parseSpec, type QueryToken } from '@steelport/contracts';
import type { Term, TradeDictionary } from './dictionary.ts';

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
  /** text to match with ILIKE on search_text, each 3+ characters */
  texts: string[];
}

/** Shortest text pg_trgm can index: 3 characters make one trigram. */
export const MIN_TEXT_LENGTH = 3;
/** Below this a bare number is a thickness in mm, from it a width (plates reach 100 mm thick). */
const WIDTH_FROM = 300;
const KIND_PRIORITY: Term['kind'][] = ['product', 'material', 'origin', 'warehouse', 'supplier', 'city'];
const SPEC_LIKE = /^\d{1,4}(\.\d{1,3})?([*×xX＊]\d{1,5}(\.\d+)?)?([*×xX＊](\d{1,6}|[CcLl]))?$/;

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Splits a keyword into words on blanks and the punctuation traders type between them. */
export function splitWords(keyword: string): string[] {
  return keyword
    .split(/[\s,，、;；/|]+/)
    .map((w) => w.trim())
    .filter(Boolean);
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
    texts: [],
  };
  for (const word of splitWords(keyword).slice(0, 20)) {
    for (const piece of segment(word, dict)) {
      if (piece.term) addTerm(out, piece.text, piece.term);
      else addLeftover(out, piece.text);
    }
  }
  return out;
}

interface Piece {
  text: string;
  term?: Term;
}

/** Greedy longest-match segmentation of one word on dictionary words. */
function segment(word: string, dict: TradeDictionary): Piece[] {
  if (SPEC_LIKE.test(word)) return [{ text: word }];
  const whole = bestTerm(dict, word);
  if (whole) return [{ text: word, term: whole }];
  const upper = word.toUpperCase();
  const pieces: Piece[] = [];
  let leftover = '';
  let i = 0;
  while (i < word.length) {
    let matched: { length: number; term: Term } | null = null;
    for (let len = Math.min(dict.maxLength, word.length - i); len >= 2; len--) {
      const term = bestTerm(dict, upper.slice(i, i + len));
      if (term) {
        matched = { length: len, term };
        break;
      }
    }
    if (!matched) {
      leftover += word[i];
      i++;
      continue;
    }
    if (leftover) pieces.push({ text: leftover });
    leftover = '';
    pieces.push({ text: word.slice(i, i + matched.length), term: matched.term });
    i += matched.length;
  }
  if (leftover) pieces.push({ text: leftover });
  return pieces;
}

function bestTerm(dict: TradeDictionary, text: string): Term | undefined {
  const found = dict.terms.get(text.toUpperCase());
  if (!found) return undefined;
  return [...found].sort((a, b) => KIND_PRIORITY.indexOf(a.kind) - KIND_PRIORITY.indexOf(b.kind))[0];
}

function addTerm(out: ParsedKeyword, text: string, term: Term) {
  const push = (list: number[]) => {
    if (!list.includes(term.id)) list.push(term.id);
  };
  switch (term.kind) {
    case 'product':
      push(out.productIds);
      break;
    case 'material':
      push(out.materialIds);
      break;
    case 'origin':
      push(out.millIds);
      break;
    case 'warehouse':
      push(out.warehouseIds);
      break;
    case 'supplier':
      push(out.supplierIds);
      break;
    case 'city':
      out.cityGroups.push(term.cities ?? [term.name]);
      break;
  }
  // A market word says which other cities it takes in, so the chip can name them (含张家港).
  const includes = (term.cities ?? []).filter((city) => city !== term.name).sort();
  out.tokens.push({ text, kind: term.kind, value: term.name, ...(includes.length ? { includes } : {}) });
}

function addLeftover(out: ParsedKeyword, text: string) {
  if (SPEC_LIKE.test(text)) {
    const spec = parseSpec(text);
    if (spec) {
      if (spec.width === null) {
        // A bare number: small ones are thicknesses, large ones widths.
        if (spec.thickness < WIDTH_FROM) {
          out.thicknesses.push(spec.thickness);
          out.tokens.push({ text, kind: 'thickness', value: String(spec.thickness) });
        } else {
          out.widths.push(spec.thickness);
          out.tokens.push({ text, kind: 'width', value: String(spec.thickness) });
        }
        return;
      }
      out.thicknesses.push(spec.thickness);
      out.widths.push(spec.width);
      if (spec.length !== null) out.lengths.push(spec.length);
      out.tokens.push({ text, kind: 'spec', value: spec.text });
      return;
    }
    // A bare number too large for a thickness (e.g. 1250) does not parse as a spec.
    const n = Number(text);
    if (Number.isInteger(n) && n >= WIDTH_FROM && n <= 6000) {
      out.widths.push(n);
      out.tokens.push({ text, kind: 'width', value: String(n) });
      return;
    }
  }
  if ([...text].length >= MIN_TEXT_LENGTH) {
    out.texts.push(text);
    out.tokens.push({ text, kind: 'text', value: text });
    return;
  }
  out.tokens.push({ text, kind: 'ignored', value: text });
}
