/**
 * Near misses (issue 29): a word of the keyword the vocabulary does not know (a text or ignored
 * chip) gets the vocabulary word it most likely meant, which the portal offers as
 * 您是不是要找「宝钢」. Typing noise in this trade is a wrong character of the same sound (宝纲,
 * 热扎卷), a letter too many or too few in a grade (SPHCC, SPC) or a missing separator (SPCCSD for
 * SPCC-SD), so:
 *
 * - a Chinese word of 2-4 characters: one character changed, added, removed or two swapped
 *   (optimal string alignment distance 1), against Chinese vocabulary words;
 * - a Latin word (grades, codes) of 3+ letters and digits, starting with a letter: compared with
 *   case, full-width forms and separators (`-`, `+`, `.`, `&`...) folded away, distance 1, or 2
 *   for 7+ characters; two-letter codes (CR, HR, GI) are too close to everything to guess;
 * - never for numbers, and never for a piece of a longer vocabulary word (钢铁世界 is part of a
 *   warehouse's name: a real text search, not a miss).
 *
 * A dictionary name beats an alias (冷扎: the family 冷轧, not the alias 冷板 of 冷轧板; 保钢: the
 * mills 宝钢 and 包钢, not the alias 带钢), then the most common kind (a product or family over a
 * material, over a mill, a city, a warehouse, a supplier), then the shortest distance. When what
 * is left still names different things (DC0: DC01, DC03 or DC04; 保钢: 宝钢 or 包钢) nothing is
 * suggested: a guess would be a coin toss. Names first, because one changed character of a
 * two-character word leaves a single character in common, and aliases are where such
 * coincidences (带钢) come from.
 *
 * The lookup is a symmetric-delete index (every vocabulary word with one, or for long Latin words
 * two, characters deleted), built once per dictionary object and kept in a WeakMap, so a word
 * costs a handful of map lookups and a few short distance computations, whatever the vocabulary's
 * size.
 */
import type { QuerySuggestion } from '@steelport/contracts';
import type { Term, TermKind, TradeDictionary } from './dictionary.ts';

/** Suggestion rank per kind: lower wins. Products and families are what traders type most. */
const KIND_RANK: Record<TermKind, number> = {
  family: 0,
  product: 0,
  material: 1,
  origin: 2,
  city: 3,
  warehouse: 4,
  supplier: 5,
};
const HAN_WORD = /^\p{Script=Han}+$/u;
const SURROGATE = /[\uD800-\uDFFF]/;
/** A Latin word: letters, digits and the separators grades are written with, starting with a letter. */
const LATIN_WORD = /^[A-Z][A-Z0-9+\-_.&#]*$/;
/** Shortest and longest Chinese word a near miss is looked for. */
const HAN_MIN = 2;
const HAN_MAX = 4;
/** Shortest Latin word (separators left out) a near miss is looked for. */
const LATIN_MIN = 3;
/** From this length on a Latin word may be two edits away. */
const LATIN_TWO_EDITS = 7;

interface Entry {
  /** what the distance is measured on: the key itself (Chinese) or without separators (Latin) */
  form: string;
  /** the vocabulary word as it would be typed */
  word: string;
  term: Term;
  rank: number;
  /** the word is its term's own name, not an alias */
  canonical: boolean;
}

interface SuggestIndex {
  entries: Entry[];
  /** a form with up to one (two for long Latin forms) characters deleted -> entries */
  variants: Map<string, number[]>;
  /** every 2-4 character piece of a Chinese vocabulary word */
  hanPieces: Set<string>;
  /** Latin vocabulary words without separators, for "part of a longer word" */
  latinForms: string[];
}

const indexes = new WeakMap<TradeDictionary, SuggestIndex>();

/** Case and full-width folded (the parser's folding), separators dropped: SPCC-SD → SPCCSD. */
function latinForm(folded: string): string {
  return folded.replace(/[^A-Z0-9]/g, '');
}

/** How many characters two words have in common (卷热 shares both with 热卷, one with 卷板). */
function shared(a: string, b: string): number {
  let n = 0;
  const rest = [...b];
  for (const ch of a) {
    const at = rest.indexOf(ch);
    if (at >= 0) {
      rest.splice(at, 1);
      n++;
    }
  }
  return n;
}

/** Lexicographic order of two rankings (lower first). */
function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Every string made by deleting up to `depth` characters of `text` (itself included). Words
 * reach here only without surrogate pairs, so a UTF-16 unit is a character.
 */
function deletions(text: string, depth: number): Set<string> {
  const out = new Set<string>([text]);
  let frontier = [text];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const s of frontier) {
      if (s.length <= 1) continue;
      for (let i = 0; i < s.length; i++) {
        const v = s.slice(0, i) + s.slice(i + 1);
        if (!out.has(v)) {
          out.add(v);
          next.push(v);
        }
      }
    }
    frontier = next;
  }
  return out;
}

/**
 * Optimal string alignment distance (edits: change, add, remove one character, swap two
 * neighbours) over UTF-16 units, stopping early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, (prev2[j - 2] as number) + 1);
      }
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return prev[b.length] as number;
}

/** The most common kind a vocabulary word names (本钢 may be a mill and a supplier's name). */
function topTerm(terms: Term[]): Term | undefined {
  return [...terms].sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind])[0];
}

/**
 * How the vocabulary word `key` is typed: the term's own spelling when it is its name
 * (QStE420TM), an English name as written (Baosteel).
 */
function typedWord(key: string, term: Term, dict: TradeDictionary): string {
  if (term.name.normalize('NFKC').toUpperCase() === key) return term.name;
  return dict.spellings.get(key) ?? key;
}

function buildIndex(dict: TradeDictionary): SuggestIndex {
  const entries: Entry[] = [];
  const variants = new Map<string, number[]>();
  const hanPieces = new Set<string>();
  const latinForms: string[] = [];
  const addVariants = (form: string, depth: number, at: number) => {
    for (const v of deletions(form, depth)) {
      const list = variants.get(v);
      if (list) list.push(at);
      else variants.set(v, [at]);
    }
  };
  for (const [key, terms] of dict.terms) {
    const term = topTerm(terms);
    if (!term) continue;
    const entry = (form: string): Entry => ({
      form,
      word: typedWord(key, term, dict),
      term,
      rank: KIND_RANK[term.kind],
      canonical: term.name.normalize('NFKC').toUpperCase() === key,
    });
    if (SURROGATE.test(key)) continue;
    if (HAN_WORD.test(key)) {
      for (let len = HAN_MIN; len <= HAN_MAX; len++) {
        for (let i = 0; i + len <= key.length; i++) hanPieces.add(key.slice(i, i + len));
      }
      // A 2-4 character word is one edit from words of 1-5 characters; vocabulary words have 2+.
      if (key.length > HAN_MAX + 1) continue;
      entries.push(entry(key));
      addVariants(key, 1, entries.length - 1);
    } else if (LATIN_WORD.test(key)) {
      const form = latinForm(key);
      latinForms.push(form);
      if (form.length < LATIN_MIN) continue;
      entries.push(entry(form));
      // Two deletions only where a two-edit match is possible: the typed word has 7+ characters.
      addVariants(form, form.length >= LATIN_TWO_EDITS - 2 ? 2 : 1, entries.length - 1);
    }
  }
  return { entries, variants, hanPieces, latinForms };
}

function indexOf(dict: TradeDictionary): SuggestIndex {
  let index = indexes.get(dict);
  if (!index) {
    index = buildIndex(dict);
    indexes.set(dict, index);
  }
  return index;
}

/**
 * The vocabulary word a word the vocabulary does not know was most likely meant to be, or null.
 * `folded` is the word as the parser folded it (NFKC, upper case): a text or ignored chip's value.
 */
export function suggestWord(folded: string, dict: TradeDictionary): QuerySuggestion | null {
  // A word the vocabulary knows is no miss; characters beyond the BMP (rare Han) are not guessed.
  if (dict.terms.has(folded) || SURROGATE.test(folded)) return null;
  const index = indexOf(dict);
  let form: string;
  let maxDistance: number;
  if (HAN_WORD.test(folded)) {
    const length = folded.length;
    if (length < HAN_MIN || length > HAN_MAX || index.hanPieces.has(folded)) return null;
    form = folded;
    maxDistance = 1;
  } else if (LATIN_WORD.test(folded)) {
    form = latinForm(folded);
    if (form.length < LATIN_MIN || !/[A-Z]/.test(form)) return null;
    if (index.latinForms.some((known) => known.length > form.length && known.includes(form))) return null;
    maxDistance = form.length >= LATIN_TWO_EDITS ? 2 : 1;
  } else {
    // Numbers, dimensions, words mixing Chinese and Latin: nothing to guess.
    return null;
  }

  const seen = new Set<number>();
  let best: Entry[] = [];
  let bestOrder: number[] = [];
  for (const v of deletions(form, maxDistance)) {
    for (const at of index.variants.get(v) ?? []) {
      if (seen.has(at)) continue;
      seen.add(at);
      const entry = index.entries[at] as Entry;
      const distance = editDistance(form, entry.form, maxDistance);
      if (distance > maxDistance) continue;
      const order = [entry.canonical ? 0 : 1, entry.rank, distance];
      const cmp = compare(order, bestOrder);
      if (best.length === 0 || cmp < 0) {
        best = [entry];
        bestOrder = order;
      } else if (cmp === 0) best.push(entry);
    }
  }
  if (best.length === 0) return null;
  const things = new Set(best.map((e) => `${e.term.kind}:${e.term.name}`));
  if (things.size > 1) return null;
  // One thing under several words (热扎卷: 热轧卷 or 热卷; 卷热: 热卷 or 卷板): the one nearest
  // the typed length that keeps most of its characters.
  const gap = (e: Entry) => Math.abs(e.form.length - form.length) - shared(e.form, form);
  const chosen = best.sort(
    (a, b) => gap(a) - gap(b) || a.word.length - b.word.length || (a.word < b.word ? -1 : 1),
  )[0] as Entry;
  return { word: chosen.word, kind: chosen.term.kind, value: chosen.term.name };
}
