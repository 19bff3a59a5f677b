#!/usr/bin/env node
/**
 * `npm run size`: the JavaScript each screen's first visit downloads, gzip, from a production
 * build (apps/web/dist, or the directory given): the entry index.html loads (its module script
 * and modulepreloads) plus the screen's own chunks, as route-chunks.json lists them (the build's
 * routePreload.ts; the server preloads exactly these). Sizes are of the .gz files the server
 * sends (precompress.ts), or gzip -9 of the file when there is none.
 *
 * Prints one line per screen, largest first, and the entry alone. `--check` exits 1 when a
 * public screen is over the budget (issue 36: 250 KB gzip); signed-in areas (account, admin)
 * are printed but not held to it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 250;
/** Screens behind a login: the budget is for what a first visitor downloads. */
const SIGNED_IN = new Set(['account', 'admin']);

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Gzip bytes of one built file, as served. */
function gzipBytes(dist, file) {
  const full = path.join(dist, file);
  if (existsSync(`${full}.gz`)) return statSync(`${full}.gz`).size;
  return gzipSync(readFileSync(full), { level: 9 }).length;
}

/** The scripts index.html loads before any screen's own: its module entry and modulepreloads. */
export function entryScripts(html) {
  const files = [];
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)) files.push(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g))
    files.push(match[1]);
  return [...new Set(files)];
}

/** Each screen's first-load JavaScript in bytes (gzip): { entry, routes: [{ route, bytes, own }] }. */
export function firstLoadSizes(dist) {
  const entry = entryScripts(readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const routeChunks = JSON.parse(readFileSync(path.join(dist, 'route-chunks.json'), 'utf8'));
  const entryBytes = entry.reduce((sum, file) => sum + gzipBytes(dist, file), 0);
  const routes = Object.entries(routeChunks).map(([route, { scripts }]) => {
    const own = scripts
      .filter((file) => !entry.includes(file))
      .reduce((sum, f) => sum + gzipBytes(dist, f), 0);
    return { route, own, bytes: entryBytes + own, public: !SIGNED_IN.has(route) };
  });
  routes.sort((a, b) => b.bytes - a.bytes);
  return { entry: entryBytes, routes };
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dist = path.resolve(root, args.find((arg) => !arg.startsWith('--')) ?? 'apps/web/dist');
  if (!existsSync(path.join(dist, 'route-chunks.json'))) {
    console.error(`no production build in ${dist}: run npm run build first`);
    process.exit(2);
  }
  const { entry, routes } = firstLoadSizes(dist);
  console.log(`first-load JavaScript, gzip (budget ${BUDGET_KB} KB for public screens)`);
  console.log(`${kb(entry)} KB  entry alone (index.html's scripts)`);
  for (const r of routes) {
    const over = r.public && r.bytes > BUDGET_KB * 1024;
    console.log(
      `${kb(r.bytes)} KB  /${r.route === 'home' ? '' : r.route}  (own ${kb(r.own).trim()} KB)${r.public ? '' : '  signed in'}${over ? '  OVER' : ''}`,
    );
  }
  const over = routes.filter((r) => r.public && r.bytes > BUDGET_KB * 1024);
  if (args.includes('--check') && over.length > 0) {
    console.error(`${over.length} public screen(s) over ${BUDGET_KB} KB`);
    process.exit(1);
  }
}
