/**
 * The URL of the trader's own lists (/account/stock, /account/surplus, /account/quotations):
 * page, keyword, status tab and the quote day live in the query string, so a reload or the back
 * button restores the list. Values a hand-edited URL gets wrong are dropped, not sent: the server
 * would refuse the whole list for one bad field. Also the row -> input mapping of the inline edit.
 */
import {
  LOT_STATUSES,
  type LotStatusName,
  type OwnLot,
  type OwnQuotation,
  type OwnQuotationQuery,
  type OwnSurplus,
  type QuotationInput,
  SURPLUS_GRADE_NAMES,
  type SurplusGradeName,
  TRADER_LIMITS,
} from '@steelport/contracts';
import dayjs from 'dayjs';
import type { OwnLotParams, SurplusRowInput } from '../../api/trader.ts';

/** Rows per page of a workspace list. */
export const OWN_PAGE_SIZE = 20;
/**
 * Placeholder rows while a list loads; the list keeps at least their height (trader.css
 * `.sp-trader__list`), so a short list does not pull the footer up into view when it arrives.
 * Twelve rows reach the fold of a 900 px desktop: a longer list grows below what is seen.
 */
export const SKELETON_ROWS = 12;
const MAX_PAGE = 10_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

function readKeyword(value: string | null): string | undefined {
  const keyword = value?.trim().slice(0, TRADER_LIMITS.keywordLength);
  return keyword || undefined;
}

/** The list of /account/stock or /account/surplus as its URL says: ?page=2&keyword=热卷&status=on_sale. */
export function parseOwnLotQuery(params: URLSearchParams): OwnLotParams {
  const query: OwnLotParams = { page: readPage(params.get('page')), pageSize: OWN_PAGE_SIZE };
  const keyword = readKeyword(params.get('keyword'));
  if (keyword) query.keyword = keyword;
  const status = params.get('status');
  if ((LOT_STATUSES as readonly string[]).includes(status ?? '')) query.status = status as LotStatusName;
  return query;
}

/** The list of /account/quotations: ?date=2026-11-24&keyword=...&page=2 (no date: the server's default day). */
export function parseOwnQuotationQuery(params: URLSearchParams): OwnQuotationQuery {
  const query: OwnQuotationQuery = { page: readPage(params.get('page')), pageSize: OWN_PAGE_SIZE };
  const keyword = readKeyword(params.get('keyword'));
  if (keyword) query.keyword = keyword;
  const date = params.get('date');
  if (date && DAY.test(date) && dayjs(date).format('YYYY-MM-DD') === date) query.date = date;
  return query;
}

/**
 * The query string after a change: a changed filter starts again at page 1, and defaults
 * (page 1, no keyword, 全部) are left out so the URL stays short.
 */
export function patchOwnParams(
  params: URLSearchParams,
  patch: Partial<Record<'page' | 'keyword' | 'status' | 'date', string | number | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** What a lot's PUT sends: the row as listed, with the edited fields over it. */
export function lotToInput(row: OwnLot | OwnSurplus): SurplusRowInput {
  const input: SurplusRowInput = {
    product: row.product,
    material: row.material,
    spec: row.spec,
    origin: row.origin,
    warehouse: row.warehouse,
    city: row.city,
    pieces: row.pieces,
    weight: row.weight,
    price: row.callForPrice ? 0 : row.price,
    remark: row.remark,
  };
  if ('grade' in row) {
    if ((SURPLUS_GRADE_NAMES as readonly string[]).includes(row.grade)) {
      input.grade = row.grade as SurplusGradeName;
    }
    input.defects = row.defects;
  }
  return input;
}

/** What a quote's PUT sends: the row as listed, with the edited fields over it. */
export function quotationToInput(row: OwnQuotation): QuotationInput {
  return {
    product: row.product,
    material: row.material,
    spec: row.spec,
    origin: row.origin,
    warehouse: row.warehouse,
    city: row.city,
    price: row.callForPrice ? 0 : row.price,
    weight: row.weight,
    remark: row.remark,
  };
}
