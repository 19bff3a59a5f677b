/**
 * The portal's frame as HTML, rendered at build time (apps/web/prerenderFrames.ts), so a
 * first visit paints the header, menu, footer and the page's placeholder from the HTML itself,
 * before any script has loaded. The server puts the frame of the requested path into the shell's
 * `#root`; the app's first render (main.tsx, createRoot) replaces it.
 *
 * The frame takes no input (`inert`) until the app has replaced it.
 *
 * Only what is the same for everyone is rendered: public screens whose path has no parameters,
 * as a visitor on a desktop, with no data. The header leaves out the part that depends on the
 * session (login links or greeting), which the app fills in; the page itself is its loading
 * placeholder (the lazy screen suspends, and the server renderer sends the Suspense fallback).
 */

import './i18n/priceTable.ts';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { type Frame, type Frames, type HeadPattern, LANGUAGES, type Lang } from '@steelport/contracts';
import { QueryClient } from '@tanstack/react-query';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from './App.tsx';
import { i18n, initI18n, loadScreenEnglish } from './i18n/index.ts';
import { en } from './i18n/locales/en.ts';
import { pageHead } from './layout/pageHead.ts';
import { resolveRouteMeta } from './layout/routeMeta.ts';
import { routes } from './router.tsx';

/** The paths without parameters under `route`, as the router matches them (`/`, `/wareHouse`). */
function staticPaths(route: RouteObject, base: string): string[] {
  const path = !route.path
    ? base
    : route.path.startsWith('/')
      ? route.path
      : `${base.replace(/\/$/, '')}/${route.path}`;
  if (route.path?.includes(':') || route.path?.includes('*')) return [];
  const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
  return [...own, ...(route.children ?? []).flatMap((child) => staticPaths(child, path))];
}

type StaticHandler = ReturnType<typeof createStaticHandler>;

const ANTD_LOCALES: Record<Lang, Locale> = { 'zh-CN': zhCN, en: enUS };

/**
 * The frame of one path in the current language, or null when it has none to share (a redirect,
 * a gated screen).
 */
async function renderFrame(handler: StaticHandler, path: string, lang: Lang): Promise<Frame | null> {
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) return null;
  const meta = resolveRouteMeta(
    context.matches.map((match) => ({ handle: match.route.handle, params: match.params })),
  );
  if (meta.access !== 'public' || meta.page === 'notFound') return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // antd's stylesheet reads the theme from CSS variables that antd declares per render under a
  // `css-var-…` class: the frame carries its own declaration, as the app injects its own.
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <AppProviders queryClient={new QueryClient()} locale={ANTD_LOCALES[lang]}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StyleProvider>,
  );
  // Inert: until the app replaces it, the frame is a picture. A link clicked or text typed there
  // would act on markup that is about to go (the text typed would be lost with it).
  return {
    html: `<style>${extractStyle(cache, { plain: true })}</style><div inert style="display:contents">${html}</div>`,
    ...pageHead(i18n.t, meta.page),
  };
}

/**
 * The heads of the addresses that name what they show, in the current language, `{{product}}` and
 * `{{city}}` left for the server to fill in (as the screen's own useDocumentHead words them).
 */
function headPatterns(): HeadPattern[] {
  const t = i18n.t;
  const product = '{{product}}';
  const city = '{{city}}';
  const titled = (page: string) => t('app.documentTitle', { page });
  return [
    {
      pattern: '/priceTable/:product',
      frameOf: '/priceTable',
      title: titled(t('priceTable.head.productTitle', { product })),
      description: t('priceTable.head.productDesc', { product }),
    },
    {
      pattern: '/priceTable/:product/:city',
      frameOf: '/priceTable',
      title: titled(t('priceTable.head.cityTitle', { product, city })),
      description: t('priceTable.head.cityDesc', { product, city }),
    },
  ];
}

/** Per language, the site's head and the frame of every public screen without parameters. */
export async function renderFrames(): Promise<Frames> {
  initI18n('zh-CN', en);
  // The screens' texts it names (the price tables' heads) in English too.
  await loadScreenEnglish();
  const handler = createStaticHandler(routes);
  const paths = [...new Set(routes.flatMap((route) => staticPaths(route, '')))];
  const frames: Frames = {};
  for (const lang of LANGUAGES) {
    await i18n.changeLanguage(lang);
    const pages: Record<string, Frame> = {};
    for (const path of paths) {
      const frame = await renderFrame(handler, path, lang);
      if (frame) pages[path] = frame;
    }
    frames[lang] = { site: pageHead(i18n.t, null), pages, patterns: headPatterns() };
  }
  await i18n.changeLanguage('zh-CN');
  return frames;
}
