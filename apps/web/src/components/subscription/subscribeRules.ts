/**
 * The pure parts of 保存搜索 and 指数提醒 (issue 19): which filter is saved, the name it is
 * offered under, and what a click leads to (log in, the form, or the limit and what opens more).
 * The server decides every save anyway (code 1 when the limit is reached); this only lets the
 * screen explain itself before sending anyone away.
 */
import {
  INDEX_ALERT_KINDS,
  type IndexAlertCreate,
  type IndexAlertKind,
  SAVED_SEARCH_KINDS,
  type SavedFilter,
  SUBSCRIPTION_LIMITS,
  savedRefusals,
} from '@steelport/contracts';
import { formatPrice, UNIT } from '../../lib/numbers.ts';

/** Fields a screen has but saved searches refuse (the quotation day): left out of what is saved. */
const NOT_SAVED = new Set(SAVED_SEARCH_KINDS.flatMap((kind) => Object.keys(savedRefusals(kind))));

/**
 * The filter a screen saves: its search filter without empty fields and, for quotations, without
 * the day (a subscription watches every day). Fields left undefined or empty lists are dropped,
 * so what is saved is exactly what the search API is sent.
 */
export function savedFilterOf(filter: Record<string, unknown>): SavedFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (NOT_SAVED.has(key)) continue;
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as SavedFilter;
}

/** Whether the filter has a condition (the server refuses a search with none). */
export function hasCondition(filter: SavedFilter): boolean {
  return Object.keys(savedFilterOf(filter as Record<string, unknown>)).length > 0;
}

/** `2-3` for a range, `≥2` / `≤3` for one bound, null for none. */
function range(min: number | undefined, max: number | undefined, format = (n: number) => String(n)) {
  if (min === undefined && max === undefined) return null;
  if (min !== undefined && max !== undefined)
    return min === max ? format(min) : `${format(min)}-${format(max)}`;
  return min !== undefined ? `≥${format(min)}` : `≤${format(max as number)}`;
}

/**
 * The words of a filter, in the order a trader says them: keyword, 品名, 材质, 规格 and sizes,
 * 产地, 城市, 仓库, grades, price. Repeated words are said once.
 */
export function filterWords(filter: SavedFilter): string[] {
  const price = (n: number) => formatPrice(n) ?? '0';
  const parts: (string | null | undefined)[] = [
    filter.keyword,
    filter.indexSearch,
    ...(filter.products ?? []),
    ...(filter.materials ?? []),
    filter.spec,
    (() => {
      const r = range(filter.thicknessMin, filter.thicknessMax);
      return r && `厚${r}mm`;
    })(),
    (() => {
      const r = range(filter.widthMin, filter.widthMax);
      return r && `宽${r}mm`;
    })(),
    ...(filter.origins ?? []),
    ...(filter.cities ?? []),
    ...(filter.warehouses ?? []),
    ...(filter.grades ?? []),
    (() => {
      const r = range(filter.priceMin, filter.priceMax, price);
      return r && `${r}${UNIT.pricePerTonne}`;
    })(),
    filter.callForPrice ? '电议' : null,
  ];
  const words: string[] = [];
  for (const part of parts) {
    for (const word of (part ?? '').split(/\s+/)) {
      if (word && !words.includes(word)) words.push(word);
    }
  }
  return words;
}

/**
 * The name a saved search is offered under: its filter's words (热轧卷板 Q235B 上海), cut to
 * SUBSCRIPTION_LIMITS.nameLength at a word where possible, or `fallback` when the filter says
 * nothing nameable (only a supplier id, say).
 */
export function nameFromFilter(filter: SavedFilter, fallback: string): string {
  const max = SUBSCRIPTION_LIMITS.nameLength;
  let name = '';
  for (const word of filterWords(filter)) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > max) {
      if (!name) name = word.slice(0, max);
      break;
    }
    name = next;
  }
  return name || fallback.slice(0, max);
}

/** How many saved searches or index alerts a membership keeps (SUBSCRIPTION_LIMITS). */
export function limitOf(what: 'searches' | 'alerts', vip: boolean): number {
  const L = SUBSCRIPTION_LIMITS;
  if (what === 'searches') return vip ? L.vipSearches : L.memberSearches;
  return vip ? L.vipAlerts : L.memberAlerts;
}

/** What a click on 保存搜索 / 提醒 leads to. */
export type SubscribeStep =
  /** a visitor: the gate notice offers the login */
  | { step: 'login' }
  /** a member with room: the form, with how many it has and may keep */
  | { step: 'form'; used: number; limit: number }
  /** the limit is reached; a member without VIP is offered the membership that opens more */
  | { step: 'full'; used: number; limit: number; offerVip: boolean };

/**
 * Decides the dialog from the session and the caller's subscriptions (`used` of `limit`, as the
 * list endpoint answers; undefined while it loads, when the form shows and the server decides).
 */
export function subscribeStep(input: {
  what: 'searches' | 'alerts';
  loggedIn: boolean;
  vip: boolean;
  used: number | undefined;
  limit: number | undefined;
}): SubscribeStep {
  if (!input.loggedIn) return { step: 'login' };
  const used = input.used ?? 0;
  const limit = input.limit ?? limitOf(input.what, input.vip);
  if (input.used !== undefined && used >= limit) return { step: 'full', used, limit, offerVip: !input.vip };
  return { step: 'form', used, limit };
}

/**
 * The alert kinds an index offers: the price ones always, 市场日报 only for an index of one
 * product (a composite has no product; the server refuses a product without a report, code 1).
 */
export function alertKindsOf(product: string): IndexAlertKind[] {
  return INDEX_ALERT_KINDS.filter((kind) => kind !== 'report' || product.trim() !== '');
}

/** The body of an index alert from the dialog's fields; null when the needed figure is missing. */
export function alertBody(
  indexId: number,
  kind: IndexAlertKind,
  level: number | null | undefined,
  percent: number | null | undefined,
): IndexAlertCreate | null {
  if (kind === 'report') return { indexId, kind };
  if (kind === 'move') {
    if (typeof percent !== 'number' || !(percent > 0) || percent > SUBSCRIPTION_LIMITS.movePercentMax)
      return null;
    return { indexId, kind, percent };
  }
  if (typeof level !== 'number' || !(level > 0) || level > SUBSCRIPTION_LIMITS.levelMax) return null;
  return { indexId, kind, level };
}
