#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing or older than its sources, and runs
 * the server beside it (it migrates the database and seeds demo data on first start, then waits
 * for the build before it serves) IN THIS PROCESS.
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

// The portal's build runs beside the server's first steps (open, migrate, seed the database),
// and the server builds its app, which reads the build, once it is done (startup-gate.ts).
// On a quiet 2-core machine a fresh clone was ready in 24.5 s so, against 28.4-29.0 s with the
// build first (issue 36). Under heavy load from other work the two compete and one after the
// other was the faster (48 s against 56-60 s); a first start is on a newcomer's quiet machine.
let webBuild = null;
if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('正在构建门户前端 (vite build)...');
  webBuild = new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
      {
        cwd: webDir,
        stdio: 'inherit',
      },
    );
    // A server that stops first (a bad setting, say) takes the build with it.
    const stopBuild = () => child.kill();
    process.on('exit', stopBuild);
    child.on('exit', (code) => {
      process.off('exit', stopBuild);
      if (code === 0) resolve();
      else process.exit(code ?? 1);
    });
  });
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
if (webBuild) {
  const { holdAppUntil } = await import(
    pathToFileURL(path.join(root, 'apps/server/src/startup-gate.ts')).href
  );
  holdAppUntil(webBuild);
}
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
