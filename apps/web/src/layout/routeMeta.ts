/**
 * Route metadata kept in the route table (`handle`): which parts of the layout a screen shows,
 * which menu entry it belongs to and its page title. The layout reads it from the matched
 * routes instead of testing paths.
 */
import type { Access } from '@steelport/contracts';
import type { signedInPagesZhCN } from '../i18n/locales/signed-in-pages.zh-CN.ts';
import type { zhCN } from '../i18n/locales/zh-CN.ts';
import { MENU_ITEMS } from './menuItems.ts';

export interface LayoutFlags {
  /** Top strip (welcome, login, VIP) plus the logo and search row. */
  header: boolean;
  menu: boolean;
  footer: boolean;
}

/** A screen's entry in `pages`: the public screens' (the frame's bundle) or a signed-in area's. */
export type PageKey = keyof typeof zhCN.pages | keyof typeof signedInPagesZhCN.pages;

type Params = Readonly<Record<string, string | undefined>>;

export interface RouteHandle {
  /** Fixed flags, or flags that depend on the URL parameters (/firminfo/:userId/embed). */
  layout?: Partial<LayoutFlags> | ((params: Params) => Partial<LayoutFlags>);
  /** Path of the menu entry to highlight; child screens name their section's entry. */
  menuKey?: string;
  /**
   * The screen is opened from several sections (a firm page from 现货, 余料 or 今日报价): a
   * `?from=` naming a menu entry's path (without its slash, `from=wareHouse`) lights that entry
   * instead of `menuKey`, so the menu stays where the user came from.
   */
  menuFromQuery?: boolean;
  page?: PageKey;
  /** Who may open the screen (auth/access.ts); set on a section, it covers its children. */
  access?: Access;
}

export interface RouteMeta {
  layout: LayoutFlags;
  menuKey: string | null;
  page: PageKey | null;
  access: Access;
}

interface MatchLike {
  handle: unknown;
  params: Params;
}

const FULL_LAYOUT: LayoutFlags = { header: true, menu: true, footer: true };

/** The menu entry a `?from=` names, if it names one (`wareHouse` -> `/wareHouse`). */
export function menuKeyFrom(from: string | null): string | null {
  if (!from) return null;
  return MENU_ITEMS.find((item) => item.path === `/${from}`)?.path ?? null;
}

/**
 * Merges the handles of the matched routes, outermost first, so the deepest route wins; `search`
 * (the URL's query) lets a `menuFromQuery` screen light the entry its `?from=` names.
 */
export function resolveRouteMeta(matches: readonly MatchLike[], search?: URLSearchParams): RouteMeta {
  const meta: RouteMeta = { layout: { ...FULL_LAYOUT }, menuKey: null, page: null, access: 'public' };
  for (const match of matches) {
    const handle = (match.handle ?? {}) as RouteHandle;
    if (handle.layout) {
      const flags = typeof handle.layout === 'function' ? handle.layout(match.params) : handle.layout;
      Object.assign(meta.layout, flags);
    }
    if (handle.menuKey !== undefined) meta.menuKey = handle.menuKey;
    if (handle.menuFromQuery) meta.menuKey = menuKeyFrom(search?.get('from') ?? null) ?? meta.menuKey;
    if (handle.page !== undefined) meta.page = handle.page;
    if (handle.access !== undefined) meta.access = handle.access;
  }
  return meta;
}
