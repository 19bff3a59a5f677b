#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs
 * the server (which migrates the database and seeds demo data on first start) IN THIS PROCESS.
 * One process means a stop signal — Ctrl-C, a service manager's SIGTERM to the process group,
 * npm forwarding it — reaches the server itself, which finishes requests in flight, closes the
 * database and releases its lock (apps/server/src/shutdown.ts). A wrapper that spawned the
 * server would have to relay signals and could be killed before its child had finished.
 * E2E_FRESH=1 wipes DATA_DIR first (end-to-end tests start from a clean database). WEB_DIST_DIR
 * builds and serves the portal from another directory (two e2e runs side by side, each its own).
 * With E2E_FRESH=1 and a DATABASE_URL named `<db>_e2e_<port>`, that database is created empty
 * first and dropped when the server exits (scripts/e2e-database.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const webDir = path.join(root, 'apps/web');
const distDir = path.resolve(root, process.env.WEB_DIST_DIR?.trim() || 'apps/web/dist');
const builtIndex = path.join(distDir, 'index.html');

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

// Before the server, not beside it: on two cores the build beside the first start's migrate and
// seed took 56-60 s to ready, one after the other 48 s (14 s build, 34 s server; issue 36).
if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('正在构建门户前端 (vite build)...');
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

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
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
