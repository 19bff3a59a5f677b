/**
 * Route metadata kept in the route table (`handle`): which parts of the layout a screen shows,
 * which menu entry it belongs to and its page title. The layout reads it from the matched
 * routes instead of testing paths.
 */
import type { Access } from '@steelport/contracts';
import type { zhCN } from '../i18n/locales/zh-CN.ts';

export interface LayoutFlags {
  /** Top strip (welcome, login, VIP) plus the logo and search row. */
  header: boolean;
  menu: boolean;
  footer: boolean;
}

export type PageKey = keyof typeof zhCN.pages;

type Params = Readonly<Record<string, string | undefined>>;

export interface RouteHandle {
  /** Fixed flags, or flags that depend on the URL parameters (/firminfo/:userId/embed). */
  layout?: Partial<LayoutFlags> | ((params: Params) => Partial<LayoutFlags>);
  /** Path of the menu entry to highlight; child screens name their section's entry. */
  menuKey?: string;
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

/** Merges the handles of the matched routes, outermost first, so the deepest route wins. */
export function resolveRouteMeta(matches: readonly MatchLike[]): RouteMeta {
  const meta: RouteMeta = { layout: { ...FULL_LAYOUT }, menuKey: null, page: null, access: 'public' };
  for (const match of matches) {
    const handle = (match.handle ?? {}) as RouteHandle;
    if (handle.layout) {
      const flags = typeof handle.layout === 'function' ? handle.layout(match.params) : handle.layout;
      Object.assign(meta.layout, flags);
    }
    if (handle.menuKey !== undefined) meta.menuKey = handle.menuKey;
    if (handle.page !== undefined) meta.page = handle.page;
    if (handle.access !== undefined) meta.access = handle.access;
  }
  return meta;
}
