/**
 * Spec strings (规格) of flat steel: `thickness*width*length`, where the length part is a number
 * in mm (cut sheet or plate), `C` for coil (卷) or `L` for plate sold in mill lengths (定尺 not
 * fixed). Traders type `×`, `x`, `X`, `＊`, `乘` or `*` between parts; the spec is parsed once when a
 * row is written and stored beside its text so that search can use numeric ranges.
 */
export type SpecForm = 'coil' | 'sheet' | 'plate';

export interface ParsedSpec {
  /** mm, e.g. 2.75 */
  thickness: number;
  /** mm, e.g. 1250; null when the spec only states a thickness */
  width: number | null;
  /** mm for cut lengths; null for coil and mill lengths */
  length: number | null;
  form: SpecForm;
  /** canonical text: `2.75*1250*C` */
  text: string;
}

const SEPARATORS = /\s*[*×xX＊乘]\s*/g;
const NUMBER = /^\d{1,4}(\.\d{1,3})?$/;

/**
 * Canonical separators: every accepted separator becomes `*`, blanks are removed, and full-width
 * forms fold (ＮＦＫＣ: `２．７５＊１２５０` is `2.75*1250`), as a search keyword is folded.
 */
export function normalizeSpecText(raw: string): string {
  return raw.normalize('NFKC').trim().replace(SEPARATORS, '*').toUpperCase();
}

/**
 * Parses a full spec (`2.75*1250*C`, `10*2200*L`, `1.0*1250*2500`, `2.0*1250`). Returns null
 * when the text is not a spec, so callers can treat it as free text.
 */
export function parseSpec(raw: string): ParsedSpec | null {
  const text = normalizeSpecText(raw);
  const parts = text.split('*').filter((p) => p !== '');
  if (parts.length < 1 || parts.length > 3) return null;
  const [t, w, l] = parts;
  if (!t || !NUMBER.test(t)) return null;
  const thickness = Number(t);
  if (!(thickness > 0 && thickness <= 500)) return null;
  if (w === undefined) return { thickness, width: null, length: null, form: 'coil', text };
  if (!/^\d{2,5}$/.test(w)) return null;
  const width = Number(w);
  if (width < 10) return null;
  if (l === undefined) return { thickness, width, length: null, form: 'coil', text };
  if (l === 'C') return { thickness, width, length: null, form: 'coil', text };
  if (l === 'L') return { thickness, width, length: null, form: 'plate', text };
  if (!/^\d{3,6}$/.test(l)) return null;
  const length = Number(l);
  // Above 6 mm a cut piece is plate (中厚板); below it is a sheet from a coil (开平板).
  return { thickness, width, length, form: thickness >= 6 ? 'plate' : 'sheet', text };
}

/** Writes a spec back as text, the way traders read it. */
export function formatSpec(spec: Pick<ParsedSpec, 'thickness' | 'width' | 'length' | 'form'>): string {
  const parts = [trimNumber(spec.thickness)];
  if (spec.width !== null) parts.push(String(spec.width));
  if (spec.length !== null) parts.push(String(spec.length));
  else if (spec.width !== null) parts.push(spec.form === 'plate' ? 'L' : 'C');
  return parts.join('*');
}

function trimNumber(n: number): string {
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
}

/** A thickness or a width in a search word. */
export type Dimension = 'thickness' | 'width';

/** Below this a bare number is a thickness in mm, from it a width (plates reach 100 mm thick). */
export const WIDTH_FROM_MM = 300;
/** The widest strip or plate a number can name, mm; a larger number is not a dimension. */
export const WIDTH_UP_TO_MM = 6000;

/** A dimension a search word names: one value (`3`, `3.0mm`) or a range (`3-4`, `≥3`, `3以上`). */
export interface DimensionWord {
  dimension: Dimension;
  /** mm; null when open below */
  min: number | null;
  /** mm; null when open above */
  max: number | null;
  /** a single value (min === max), searched as equality */
  exact: boolean;
  /** canonical text: `3`, `3-4`, `≥3`, `≤4` */
  text: string;
}

const N = String.raw`(\d{1,4}(?:\.\d{1,3})?)`;
const EXACT = new RegExp(`^${N}$`);
const BETWEEN = new RegExp(`^${N}(?:-|~|到|至)${N}$`);
const AT_LEAST = [new RegExp(`^(?:>=|≥|>|不小于|大于)${N}$`), new RegExp(`^${N}(?:及以上|以上|起)$`)];
const AT_MOST = [new RegExp(`^(?:<=|≤|<|不大于|小于)${N}$`), new RegExp(`^${N}(?:及以下|以下|以内)$`)];

/**
 * Reads a thickness or width word: a number (`3`, `3.0mm`, `3毫米`, `1250`), a range (`3-4`,
 * `3~4`, `3到4`, `3.0-4.0mm`) or a bound (`≥3`, `>=3`, `3以上`, `≤4`, `4以下`). `厚`/`厚度` or
 * `宽`/`宽度` in front says which; otherwise numbers under WIDTH_FROM_MM are thicknesses and
 * larger ones widths (a range across both is not a dimension). A bound is inclusive (`>3` reads as
 * `≥3`: traders mean "from 3"). Returns null for anything else, so callers can read it as text.
 */
export function parseDimension(raw: string): DimensionWord | null {
  let text = raw.normalize('NFKC').toUpperCase().replace(/\s+/g, '');
  let forced: Dimension | null = null;
  const prefix = /^(厚度?|宽度?)[:：]?/.exec(text);
  if (prefix) {
    forced = prefix[1]!.startsWith('厚') ? 'thickness' : 'width';
    text = text.slice(prefix[0].length);
  }
  text = text.replace(/(\d)(?:MM|毫米)/g, '$1');
  const bounds = readBounds(text);
  if (!bounds) return null;
  const { min, max } = bounds;
  const values = [min, max].filter((v): v is number => v !== null);
  if (values.some((v) => !(v > 0) || v > WIDTH_UP_TO_MM)) return null;
  const dimension =
    forced ??
    (values.every((v) => v < WIDTH_FROM_MM)
      ? 'thickness'
      : values.every((v) => v >= WIDTH_FROM_MM)
        ? 'width'
        : null);
  if (dimension === null) return null;
  if (dimension === 'width' && values.some((v) => !Number.isInteger(v))) return null;
  if (dimension === 'thickness' && values.some((v) => v > 500)) return null;
  const exact = min !== null && min === max;
  const canonical = exact
    ? String(min)
    : min !== null && max !== null
      ? `${min}-${max}`
      : min !== null
        ? `≥${min}`
        : `≤${max}`;
  return { dimension, min, max, exact, text: canonical };
}

const first = (patterns: RegExp[], text: string) => patterns.map((r) => r.exec(text)).find(Boolean) ?? null;

/** The bounds a number, range or bound word states (units already removed). */
function readBounds(text: string): { min: number | null; max: number | null } | null {
  const exact = EXACT.exec(text);
  if (exact) return { min: Number(exact[1]), max: Number(exact[1]) };
  const between = BETWEEN.exec(text);
  if (between) {
    const a = Number(between[1]);
    const b = Number(between[2]);
    return { min: Math.min(a, b), max: Math.max(a, b) };
  }
  const atLeast = first(AT_LEAST, text);
  if (atLeast) return { min: Number(atLeast[1]), max: null };
  const atMost = first(AT_MOST, text);
  if (atMost) return { min: null, max: Number(atMost[1]) };
  return null;
}
