/**
 * Spec strings (规格) of flat steel: `thickness*width*length`, where the length part is a number
 * in mm (cut sheet or plate), `C` for coil (卷) or `L` for plate sold in mill lengths (定尺 not
 * fixed). Traders type `×`, `x`, `X`, `＊` or `*` between parts; the spec is parsed once when a
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

const SEPARATORS = /\s*[*×xX＊]\s*/g;
const NUMBER = /^\d{1,4}(\.\d{1,3})?$/;

/** Canonical separators: every accepted separator becomes `*`, blanks are removed. */
export function normalizeSpecText(raw: string): string {
  return raw.trim().replace(/．/g, '.').replace(SEPARATORS, '*').toUpperCase();
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
