/**
 * Wider searches to offer when a search finds nothing (issue 29): any width, the thickness
 * widened by RELAX_THICKNESS_MM on either side, any mill. Each is the same request with its size
 * or mill words rewritten or dropped from the keyword (a spec 2.75*1250 keeps its thickness when
 * the width goes, and becomes 2.5-3 1250 when the thickness widens) and the explicit bounds set or
 * cleared. Pure: the searches count each candidate with their own cached count.
 */
import {
  parseDimension,
  parseSpec,
  type QueryToken,
  RELAX_THICKNESS_MM,
  type Relaxation,
} from '@steelport/contracts';

/** The fields a relaxation reads. */
export interface RelaxableFilter {
  thicknessMin?: number | undefined;
  thicknessMax?: number | undefined;
  widthMin?: number | undefined;
  widthMax?: number | undefined;
  origins?: string[] | undefined;
}

/** A candidate before it is counted. */
export type RelaxationCandidate = Omit<Relaxation, 'count'>;

const round = (n: number) => String(Math.round(n * 1000) / 1000);
const lower = (n: number) => Math.max(0, n - RELAX_THICKNESS_MM);
const upper = (n: number) => n + RELAX_THICKNESS_MM;

/** The keyword with each token's typed text replaced by what `rewrite` gives (null: unchanged). */
function rewriteKeyword(keyword: string, tokens: QueryToken[], rewrite: (t: QueryToken) => string | null) {
  let out = keyword;
  let changed = false;
  for (const token of tokens) {
    const next = rewrite(token);
    if (next === null) continue;
    const at = out.indexOf(token.text);
    if (at < 0) continue;
    out = `${out.slice(0, at)}${next ? ` ${next} ` : ' '}${out.slice(at + token.text.length)}`;
    changed = true;
  }
  return { keyword: out.replace(/\s+/g, ' ').trim(), changed };
}

/** The thickness part of a spec token (2.75*1250 → 2.75), or null. */
const specOf = (token: QueryToken) => (token.kind === 'spec' ? parseSpec(token.value) : null);

/** The relaxations that change something, in the order they are offered. */
export function relaxationsOf(
  filter: RelaxableFilter,
  keyword: string,
  tokens: QueryToken[],
): RelaxationCandidate[] {
  const out: RelaxationCandidate[] = [];

  const width = rewriteKeyword(keyword, tokens, (t) => {
    if (t.kind === 'width' || t.kind === 'widthRange') return '';
    const spec = specOf(t);
    return spec ? round(spec.thickness) : null;
  });
  const widthClear = (['widthMin', 'widthMax'] as const).filter((f) => filter[f] !== undefined);
  if (width.changed || widthClear.length > 0) {
    out.push({ kind: 'width', keyword: width.keyword, set: {}, clear: widthClear });
  }

  const thickness = rewriteKeyword(keyword, tokens, (t) => {
    if (t.kind === 'thickness') {
      const v = Number(t.value);
      return Number.isFinite(v) ? `${round(lower(v))}-${round(upper(v))}` : null;
    }
    if (t.kind === 'thicknessRange') {
      const range = parseDimension(t.value);
      if (!range) return null;
      if (range.min !== null && range.max !== null)
        return `${round(lower(range.min))}-${round(upper(range.max))}`;
      if (range.min !== null) return `≥${round(lower(range.min))}`;
      return range.max !== null ? `≤${round(upper(range.max))}` : null;
    }
    const spec = specOf(t);
    if (!spec) return null;
    const rest = spec.width !== null ? ` ${spec.width}` : '';
    return `${round(lower(spec.thickness))}-${round(upper(spec.thickness))}${rest}`;
  });
  const set: RelaxationCandidate['set'] = {};
  if (filter.thicknessMin !== undefined) set.thicknessMin = Number(round(lower(filter.thicknessMin)));
  if (filter.thicknessMax !== undefined) set.thicknessMax = Number(round(upper(filter.thicknessMax)));
  if (thickness.changed || Object.keys(set).length > 0) {
    out.push({ kind: 'thickness', keyword: thickness.keyword, set, clear: [] });
  }

  const origin = rewriteKeyword(keyword, tokens, (t) => (t.kind === 'origin' ? '' : null));
  const originClear = filter.origins?.length ? (['origins'] as const) : [];
  if (origin.changed || originClear.length > 0) {
    out.push({ kind: 'origin', keyword: origin.keyword, set: {}, clear: [...originClear] });
  }
  return out;
}

/** The request a relaxation makes of `filter` (its keyword under `keywordField`). */
export function applyRelaxation<F extends RelaxableFilter>(
  filter: F,
  keywordField: 'keyword' | 'indexSearch',
  relaxation: RelaxationCandidate,
): F {
  const next: Record<string, unknown> = { ...(filter as Record<string, unknown>) };
  Object.assign(next, relaxation.set, { [keywordField]: relaxation.keyword || undefined });
  for (const field of relaxation.clear) delete next[field];
  return next as F;
}

/**
 * The relaxations of an empty search that would find rows, each with its count (`count` runs the
 * search's own cached count of the wider request).
 */
export async function countedRelaxations<F extends RelaxableFilter>(
  filter: F,
  keywordField: 'keyword' | 'indexSearch',
  tokens: QueryToken[],
  count: (wider: F) => Promise<number>,
): Promise<Relaxation[]> {
  const keyword = (filter as Record<string, unknown>)[keywordField];
  const candidates = relaxationsOf(filter, typeof keyword === 'string' ? keyword : '', tokens);
  const counted = await Promise.all(
    candidates.map(async (c) => ({ ...c, count: await count(applyRelaxation(filter, keywordField, c)) })),
  );
  return counted.filter((r) => r.count > 0);
}
