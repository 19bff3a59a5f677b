/**
 * Serves the built portal (apps/web/dist) from the API process: hashed assets with a year-long
 * immutable cache, index.html never cached, and the SPA fallback so /wareHouse or
 * /firminfo/12/embed load the app. Unknown /api and /ma paths answer the code-6 envelope instead.
 *
 * The shell of a page names that screen's own chunks (route-chunks.json, written by the build)
 * as preload links, so the browser fetches them with the entry instead of after it has run, and
 * carries the page's frame (frames.json: header, menu, footer, placeholder) in `#root`, so the
 * page paints before its scripts have run.
 *
 * A route with parameters that names what it shows (`/priceTable/:product/:city`) has head
 * patterns in frames.json: its address gets its own title and description, parameters put in.
 *
 * A page is answered in the language its URL names (`?lang=en`; Chinese otherwise, issue 31):
 * `<html lang>`, the title and description of that screen in that language, the frame rendered in
 * it, and `hreflang` alternates naming the page's Chinese and English addresses for search engines.
 *
 * A public screen's plain address also carries the answers of its first calls (first-data.ts), so
 * the screen has its data as soon as its scripts run.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  Code,
  escapeMarkup,
  FRAMES_FILE,
  type Frame,
  type Frames,
  headOfPattern,
  type Lang,
  type PageHead,
  ROUTE_CHUNKS_FILE,
  type RouteChunks,
  screenSegmentOf,
} from '@steelport/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { say } from '../text.ts';
import { sendError } from './envelope.ts';
import { firstAnswers, firstDataElement, isPlainAddress } from './first-data.ts';

const API_PREFIXES = ['/api/', '/ma/', '/api', '/healthz'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`));
}

/** The language a page's URL names: `?lang=en` is English, anything else Chinese. */
export function shellLanguage(url: string): Lang {
  const query = url.split('?')[1] ?? '';
  return new URLSearchParams(query).get('lang')?.toLowerCase() === 'en' ? 'en' : 'zh-CN';
}

/**
 * The page's addresses in each language (`hreflang`), Chinese the default: only the path, so a
 * filtered or paged address names the screen itself.
 */
export function alternateLinks(publicUrl: string, pathname: string): string {
  const base = escapeMarkup(`${publicUrl}${pathname}`);
  return (
    `<link rel="alternate" hreflang="zh-CN" href="${base}">` +
    `<link rel="alternate" hreflang="en" href="${base}?lang=en">` +
    `<link rel="alternate" hreflang="x-default" href="${base}">`
  );
}

/** index.html with the language, title and description of one screen. */
function withHead(template: string, lang: Lang, head: PageHead | undefined): string {
  let html = template.replace(/<html[^>]*>/, `<html lang="${lang}">`);
  if (!head) return html;
  // Replacement functions, not strings: a title may hold `$&`, which a string would expand.
  html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(head.title)}</title>`);
  return html.replace(
    /<meta name="description" content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${escapeMarkup(head.description)}" />`,
  );
}

/** One page folder's shell: its HTML and that HTML's ETag. */
interface Shell {
  html: string;
  etag: string;
}

/** The link tags that preload a screen's own files (`page` is a folder of `routes`, or ''). */
function preloadLinks(routes: RouteChunks, page: string): string {
  const files = routes[page];
  if (!files) return '';
  const scripts = files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const styles = files.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  return [...scripts, ...styles].join('');
}

/** Reads a JSON file of the build, or `{}` when this build has none. */
function readBuildJson<T extends object>(file: string): T | Record<string, never> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : {};
}

/**
 * index.html per page and language: that screen's head and preload links, and, for a public screen
 * without parameters, its prerendered frame inside `#root`. Built on first use and again when the
 * build changes (index.html's mtime), so a rebuild needs no restart.
 */
function shellSource(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  let builtAt = -1;
  let template = '';
  let routes: RouteChunks = {};
  let frames: Frames = {};
  const shells = new Map<string, Shell>();
  return (pathname: string, lang: Lang): Shell => {
    const mtime = statSync(indexFile).mtimeMs;
    if (mtime !== builtAt) {
      template = readFileSync(indexFile, 'utf8');
      routes = readBuildJson<RouteChunks>(path.join(distDir, ROUTE_CHUNKS_FILE));
      frames = readBuildJson<Frames>(path.join(distDir, FRAMES_FILE));
      shells.clear();
      builtAt = mtime;
    }
    const segment = screenSegmentOf(pathname);
    const page = Object.hasOwn(routes, segment) ? segment : '';
    const built = frames[lang];
    // Only the screens the build prerendered: the key stays one of a fixed set of paths.
    const framed = built && Object.hasOwn(built.pages, pathname) ? pathname : '';
    // A route whose address names what it shows (/priceTable/热轧卷板/上海) gets its own head and
    // its parameterless path's frame. Not kept: the key would be any address a client makes up.
    const patterned = !framed && built?.patterns ? headOfPattern(built.patterns, pathname) : null;
    // One shell: this screen's head, its preload links and its frame (if the build made one).
    const shellOf = (head: PageHead | undefined, frame: Frame | undefined): Shell => {
      const html = withHead(template, lang, head)
        .replace('</head>', () => `${preloadLinks(routes, page)}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${frame?.html ?? ''}</div>`);
      return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
    };
    if (patterned) return shellOf(patterned.head, built?.pages[patterned.frameOf]);
    const key = `${lang} ${page} ${framed}`;
    let shell = shells.get(key);
    if (!shell) {
      const frame = framed ? built?.pages[framed] : undefined;
      shell = shellOf(frame ?? built?.site, frame);
      shells.set(key, shell);
    }
    return shell;
  };
}

async function webPlugin(app: FastifyInstance, opts: { distDir: string; publicUrl: string }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexFile);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: true,
      index: false,
      cacheControl: false,
      // The build writes x.js.br and x.js.gz beside x.js (apps/web/precompress.ts): sent as they
      // are, instead of compressing the same file again on every request.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const shellFor = shellSource(opts.distDir);
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const lang = shellLanguage(request.url);
    const shell = shellFor(pathname, lang);
    // The alternates name this path, and the first data (first-data.ts) is of this moment and
    // this visitor, so both join the shell here rather than in its cache.
    const alternates = alternateLinks(opts.publicUrl, pathname);
    const data =
      request.method === 'GET' && isPlainAddress(request.url)
        ? firstDataElement(await firstAnswers(app, request, pathname, lang))
        : '';
    const etag = `"${createHash('sha1').update(shell.etag).update(alternates).update(data).digest('base64url')}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .type('text/html; charset=utf-8')
      .send(
        shell.html
          .replace('</head>', () => `${alternates}</head>`)
          .replace('<div id="root">', () => `${data}<div id="root">`),
      );
  };
  // `/` is a directory to the static handler; the shell answers it directly.
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendShell);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !wantsPage || !hasWeb) {
      return sendError(reply, Code.NotFound, say('接口不存在', 'No such API'));
    }
    return sendShell(request, reply);
  });
}

export default fp(webPlugin, { name: 'web' });
