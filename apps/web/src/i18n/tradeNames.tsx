/**
 * The trade vocabulary in the UI's language (issue 31). Rows, facets and filters carry the
 * Chinese names (the URL, saved searches and the database use them); an English session reads
 * each through the map of `GET /api/web/tradeNames?lang=en`, fetched once per page load. A name
 * the map lacks is shown as it is and marked `lang="zh"` (`TradeName`), so screen readers and
 * the English check (e2e/english.spec.ts) know it is Chinese.
 */
import type { TradeNames } from '@steelport/contracts';
import { QueryClient, QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api/client.ts';
import { i18n as i18nInstance } from './index.ts';

/** Which map a name is read from; markets share the city map (上海 is both). */
export type TradeNameKind = Exclude<keyof TradeNames, 'lang'>;

/** The languages that have a map (Chinese is the data's own language). */
type NamedLang = TradeNames['lang'];

export const tradeNameKeys = {
  all: ['tradeNames'] as const,
  lang: (lang: NamedLang) => [...tradeNameKeys.all, lang] as const,
};

/** GET /api/web/tradeNames?lang=en */
export function fetchTradeNames(lang: NamedLang): Promise<TradeNames> {
  // Silent: without the map every name reads in Chinese, marked as such; no toast for that.
  return get<TradeNames>('/api/web/tradeNames', { lang }, { silent: true });
}

/** The vocabulary changes with a migration or an operator's alias: an hour is fresh enough. */
const TRADE_NAMES_STALE_MS = 60 * 60_000;

export const tradeNamesQuery = (lang: NamedLang) =>
  queryOptions({
    queryKey: tradeNameKeys.lang(lang),
    queryFn: () => fetchTradeNames(lang),
    staleTime: TRADE_NAMES_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

/** A name as shown: `zh` when the Chinese name stands in for a missing English one. */
export interface ShownName {
  text: string;
  zh: boolean;
}

/** Whether a language tag is English (`en`, `en-GB`). */
export function isEnglish(language: string | undefined): boolean {
  return language?.toLowerCase().startsWith('en') ?? false;
}

/** Reads `name` of `kind` in English when `names` (the map) is given, else as it is. */
export function nameIn(names: TradeNames | undefined | null, kind: TradeNameKind, name: string): ShownName {
  if (!names || !name) return { text: name, zh: false };
  const english = names[kind][name];
  return english ? { text: english, zh: false } : { text: name, zh: true };
}

/**
 * The map of the current language, or null in Chinese. Follows a live language change
 * (`i18n.changeLanguage`): the map is fetched when the session turns English.
 */
export function useTradeNames(): TradeNames | null {
  const { i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  // A tree without the app's query client (a widget's unit test) still renders its names.
  const client = useContext(QueryClientContext) ?? standaloneClient();
  const { data } = useQuery({ ...tradeNamesQuery('en'), enabled: english }, client);
  if (!english) return null;
  // Until the map arrives (or when it failed) an English session reads the Chinese names, marked.
  return data ?? EMPTY_NAMES;
}

let standalone: QueryClient | undefined;

function standaloneClient(): QueryClient {
  if (!standalone) standalone = new QueryClient();
  return standalone;
}

const EMPTY_NAMES: TradeNames = {
  lang: 'en',
  categories: {},
  families: {},
  products: {},
  mills: {},
  cities: {},
  warehouses: {},
};

/** `(kind, chineseName) => ShownName` in the current language. */
export function useShownName(): (kind: TradeNameKind, name: string) => ShownName {
  const names = useTradeNames();
  // Stable while the map and language stay: a chart's option can depend on it.
  return useCallback((kind, name) => nameIn(names, kind, name), [names]);
}

/**
 * `(kind, chineseName) => string` in the current language: the English name in English (the
 * Chinese one when the map lacks it), the Chinese name in Chinese. For texts that cannot carry
 * a `lang` (a select's search, an aria-label, a chart's canvas); elements use `TradeName`.
 */
export function useTradeName(): (kind: TradeNameKind, name: string) => string {
  const shown = useShownName();
  return (kind, name) => shown(kind, name).text;
}

/** A shown name as an element: a Chinese stand-in is marked `lang="zh"`. */
export function renderShown(name: ShownName): ReactNode {
  return name.zh ? <span lang="zh">{name.text}</span> : name.text;
}

/** One vocabulary name in the current language, marked `lang="zh"` when it stays Chinese. */
export function TradeName({ kind, name }: { kind: TradeNameKind; name: string }): ReactNode {
  const shown = useShownName();
  return renderShown(shown(kind, name));
}

/**
 * Text that stays Chinese in every language (company and people's names, addresses, article
 * titles, trader remarks): marked so screen readers read it as Chinese.
 */
export function Zh({ children, className }: { children: ReactNode; className?: string }): ReactNode {
  return (
    <span lang="zh" className={className}>
      {children}
    </span>
  );
}

/** The map a search chip's value is read from (contracts `QUERY_TOKEN_KINDS`); null: not a name. */
export function tokenNameKind(kind: string): TradeNameKind | null {
  switch (kind) {
    case 'family':
      return 'families';
    case 'product':
      return 'products';
    case 'origin':
      return 'mills';
    case 'city':
      return 'cities';
    case 'warehouse':
      return 'warehouses';
    default:
      return null;
  }
}

/**
 * Whether the names can be shown as they will stay: always in Chinese; in English once the map
 * has answered (or failed). A list waits for it with its skeleton, so rows do not grow when
 * longer English names replace the Chinese ones (the layout-shift check of e2e/english.spec.ts).
 */
export function useTradeNamesReady(): boolean {
  const { i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  const client = useContext(QueryClientContext) ?? standaloneClient();
  const { isPending } = useQuery({ ...tradeNamesQuery('en'), enabled: english }, client);
  return !english || !isPending;
}

/** Starts the map with a screen's first reads (a page's `prefetch`) in an English session. */
export function prefetchTradeNames(queryClient: QueryClient): void {
  const { language } = i18nInstance;
  if (isEnglish(language)) void queryClient.prefetchQuery(tradeNamesQuery('en'));
}
