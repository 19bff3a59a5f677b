import { INT4_MAX } from './envelope.ts';
import type { Lang } from './trade-names.ts';

/**
 * A public screen's first data in its page (issue 36): the server answers the calls a first,
 * logged-out visit of the screen makes and puts the answers into the page it sends, in a
 * `<script type="application/json">` element; the portal's request module (apps/web/src/api)
 * answers those calls from it instead of the network, once each. The screen's data is there as
 * soon as its code runs: no second round trip after the scripts.
 *
 * Only the screen's own address without a query (the language's `?lang=en` aside): a filtered or
 * paged address asks the server as before. A call the portal no longer makes costs a wasted
 * answer, never a wrong one: it is matched by method, address and body.
 */

/** The id of the element holding the answers. */
export const FIRST_DATA_ID = 'sp-first-data';

/** How long after the page loaded an answer may still be used, in ms. */
export const FIRST_DATA_FRESH_MS = 30_000;

/** One call a screen's first visit makes: method, address with its query, and JSON body. */
export interface FirstCall {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** A call with the server's answer (its whole envelope) in the language it was asked in. */
export interface FirstAnswer extends FirstCall {
  lang: Lang;
  answer: unknown;
}

/** Site-wide settings every framed screen reads on its first visit. */
const EVERY_SCREEN: FirstCall[] = [
  { method: 'GET', url: '/api/web/2.0/common/site' },
  { method: 'GET', url: '/api/ma/common/openCheck' },
];

/**
 * Per screen path, the calls of a first visit whose answers do not depend on the day's date
 * (those asking for a date range are left to the portal): what lib/prefetch.ts and the screen's
 * first render ask for. Reads only: a call that writes (a login QR code) is never answered ahead.
 * A screen not listed gets no data in its page.
 */
export const FIRST_CALLS: Readonly<Record<string, readonly FirstCall[]>> = {
  '/': [
    ...EVERY_SCREEN,
    { method: 'GET', url: '/api/web/2.0/ad/getByPositionName?positionName=homeBanner' },
    { method: 'GET', url: '/api/web/2.0/ad/getByPositionName?positionName=floatAd' },
    { method: 'GET', url: '/api/web/2.0/home/announcement' },
    { method: 'GET', url: '/api/web/2.0/index/indexInfo' },
    { method: 'POST', url: '/api/web/2.0/quotation/list-index-three', body: { page: 1, pageSize: 4 } },
    { method: 'GET', url: '/api/web/2.0/userActivityRecord/getRank?days=7' },
    { method: 'GET', url: '/api/web/2.0/home/newestCargo' },
    { method: 'GET', url: '/api/web/commercialAffairs/findPageWithoutLogin?page=1&pageSize=8' },
    { method: 'GET', url: '/api/web/2.0/article/index?size=5' },
    { method: 'GET', url: '/api/web/2.0/common/productMap' },
  ],
  '/wareHouse': [
    ...EVERY_SCREEN,
    { method: 'POST', url: '/api/web/2.0/searchCargo/page', body: { page: 1, pageSize: 20 } },
    { method: 'POST', url: '/api/web/2.0/searchCargo/page-total', body: {} },
    { method: 'GET', url: '/api/web/2.0/searchCargo/Menu' },
  ],
  '/surplus': [
    ...EVERY_SCREEN,
    { method: 'GET', url: '/api/web/2.0/searchMaterial/page?page=1&pageSize=20' },
    { method: 'GET', url: '/api/web/2.0/searchMaterial/page-total' },
    { method: 'GET', url: '/api/web/2.0/searchMaterial/Menu' },
  ],
  '/beginMain': [
    ...EVERY_SCREEN,
    { method: 'POST', url: '/api/web/2.0/quotation/list-index', body: { page: 1, pageSize: 20 } },
    { method: 'POST', url: '/api/web/2.0/quotation/list-index-total', body: {} },
    { method: 'GET', url: '/api/web/2.0/quotation/getMenus' },
    { method: 'GET', url: '/api/web/2.0/userActivityRecord/getRank?days=7' },
  ],
  '/moreInfo': [
    ...EVERY_SCREEN,
    { method: 'GET', url: '/api/web/2.0/article/index?size=5' },
    { method: 'GET', url: '/api/common/tag/list' },
    { method: 'GET', url: '/api/web/2.0/article/page?page=1&pageSize=10' },
  ],
  '/exponentMain': [
    ...EVERY_SCREEN,
    { method: 'GET', url: '/api/web/2.0/index/indexInfo' },
    { method: 'GET', url: '/api/web/2.0/index/dataDeal-information' },
  ],
};

/**
 * Screens whose address carries an id: a pattern of the path, and the calls of a first visit made
 * from what it matched. An id must be a whole number the API takes (a positive int4), or the
 * address gets no data. Not an article: its detail counts a view, and a signed-in visitor, whose
 * portal asks again, would be counted twice.
 */
const FIRST_CALL_PATTERNS: readonly { path: RegExp; calls: (id: string) => readonly FirstCall[] }[] = [
  {
    // A firm's page (any tab: a firm without quotes opens on another, which asks for itself).
    path: /^\/firminfo\/(\d{1,10})\/[^/]+$/,
    calls: (id) => [
      ...EVERY_SCREEN,
      { method: 'POST', url: `/api/web/2.0/quotation/list-user/${id}`, body: { page: 1, pageSize: 20 } },
    ],
  },
];

/** The first calls of a screen's path: FIRST_CALLS, then the patterns; none for any other. */
export function firstCallsOf(pathname: string): readonly FirstCall[] {
  if (Object.hasOwn(FIRST_CALLS, pathname)) return FIRST_CALLS[pathname] ?? [];
  for (const pattern of FIRST_CALL_PATTERNS) {
    const id = pattern.path.exec(pathname)?.[1];
    if (id !== undefined && Number(id) >= 1 && Number(id) <= INT4_MAX) return pattern.calls(id);
  }
  return [];
}

/** A JSON value with its objects' keys sorted: two bodies equal as data give the same text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/**
 * What a call is matched by: the language, the method, the path with its query parameters in
 * order of name and the body as canonical JSON (no body and `{}` differ: the portal sends `{}`).
 */
export function firstCallKey(lang: Lang, method: string, url: string, body: unknown): string {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.sort();
  const search = params.toString();
  const data = body === undefined ? '' : JSON.stringify(canonical(body));
  return `${lang} ${method.toUpperCase()} ${path}${search ? `?${search}` : ''} ${data}`;
}
