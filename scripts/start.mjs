#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing or older than its sources, while it
 * runs the server (which migrates the database and seeds demo data on first start, then waits for
 * the build before it listens) IN THIS PROCESS.
 * One process means a stop signal — Ctrl-C, a service manager's SIGTERM to the process group,
 * npm forwarding it — reaches the server itself, which finishes requests in flight, closes the
 * database and releases its lock (apps/server/src/shutdown.ts). A wrapper that spawned the
 * server would have to relay signals and could be killed before its child had finished.
 * E2E_FRESH=1 wipes DATA_DIR first (end-to-end tests start from a clean database). WEB_DIST_DIR
 * builds and serves the portal from another directory (two e2e runs side by side, each its own).
 * With E2E_FRESH=1 and a DATABASE_URL named `<db>_e2e_<port>`, that database is created empty
 * first and dropped when the server exits (scripts/e2e-database.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const webDir = path.join(root, 'apps/web');
const distDir = path.resolve(root, process.env.WEB_DIST_DIR?.trim() || 'apps/web/dist');
const builtIndex = path.join(distDir, 'index.html');
// Vite's own command-line entry, run with this Node (no npx lookup, no shell).
const viteBin = path.join(
  path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('dist') || entry.name === 'e2e') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = Math.max(newestMtime(webDir), newestMtime(path.join(root, 'packages/contracts/src')));
  return sources > built;
}

/**
 * Builds the portal in a child process; resolves when it has built, rejects when it failed. It runs
 * beside the server's database work (open, migrate, seed: apps/server/src/startup-gate.ts holds
 * the app until it is done), so a first start pays for the longer of the two, not both.
 */
function buildWeb() {
  console.log('正在构建门户前端 (vite build)...');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [viteBin, 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
      { cwd: webDir, stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`门户前端构建失败 (vite build exit ${code})`));
      else {
        console.log(`门户前端已构建（${((Date.now() - started) / 1000).toFixed(1)} s）`);
        resolve();
      }
    });
  });
}
const webBuild = process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale() ? buildWeb() : null;

if (process.env.E2E_FRESH === '1' && process.env.DATA_DIR) {
  rmSync(path.resolve(root, process.env.DATA_DIR), { recursive: true, force: true });
}

// The e2e server on PostgreSQL (playwright.config.ts, when TEST_DATABASE_URL is set): a fresh
// empty database of its own, dropped again when the server exits (Playwright stops it with
// SIGTERM; after a SIGKILL .ci/run's cleanup or the next fresh start drops it).
const databaseUrl = process.env.DATABASE_URL;
if (process.env.E2E_FRESH === '1' && databaseUrl) {
  const { isE2eDatabase, recreateE2eDatabase } = await import('./e2e-database.mjs');
  if (isE2eDatabase(databaseUrl)) {
    await recreateE2eDatabase(databaseUrl);
    process.on('exit', () => {
      spawnSync(process.execPath, [path.join(root, 'scripts/e2e-database.mjs'), 'drop', databaseUrl], {
        stdio: 'inherit',
      });
    });
  }
}

// TypeScript sources run through tsx's loader, registered in this process.
register();

// E2E_WECHAT_PAY_DOUBLE=1 (the browser tests): WeChat Pay is offered after the sandbox, served by
// the local double of its API in this process (apps/server/src/doubles/wechat-pay.ts), which
// signs, encrypts and verifies like WeChat; its H5 pay page notifies this server.
if (process.env.E2E_WECHAT_PAY_DOUBLE === '1') {
  const { startWechatPayDouble } = await import(
    pathToFileURL(path.join(root, 'apps/server/src/doubles/wechat-pay.ts')).href
  );
  const double = await startWechatPayDouble();
  const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(
    /\/$/,
    '',
  );
  Object.assign(process.env, double.env, {
    PAYMENT_PROVIDERS: 'sandbox,wechat',
    WECHAT_PAY_NOTIFY_URL: `${publicUrl}/api/pay/notify/wechat`,
  });
}
if (webBuild) {
  const { holdAppUntil } = await import(
    pathToFileURL(path.join(root, 'apps/server/src/startup-gate.ts')).href
  );
  holdAppUntil(webBuild);
}
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
