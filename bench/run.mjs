#!/usr/bin/env node
/**
 * `npm run bench`: starts the portal on a private data directory (loopback only), measures the
 * time from start to ready, the gzip weight of the entry page, and throughput/latency of the
 * public API with autocannon. Results go to stdout and bench/results/latest.json.
 *
 *   npm run bench                 # fresh embedded database
 *   npm run bench -- --keep-data  # reuse the previous run's database (no seeding)
 *   BENCH_DATABASE_URL=postgres://... npm run bench   # against PostgreSQL
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, '.tmp/bench-data');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

if (!process.argv.includes('--keep-data')) rmSync(dataDir, { recursive: true, force: true });

const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
};
const started = Date.now();
const server = spawn('node', [path.join(root, 'scripts/start.mjs')], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitReady() {
  for (;;) {
    if (server.exitCode !== null) throw new Error('server exited before it was ready');
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
}

function pageWeight() {
  const html = readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const size = (files) =>
    files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(root, 'apps/web/dist', f))).length, 0);
  return {
    entryJsGzipKB: +(size(scripts) / 1024).toFixed(1),
    initialJsGzipKB: +(size([...scripts, ...preloads]) / 1024).toFixed(1),
    cssGzipKB: +(size(styles) / 1024).toFixed(1),
  };
}

function load(url, connections = 20) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (err, result) => {
      if (err) return reject(err);
      resolve({
        url: url.replace(base, ''),
        connections,
        reqPerSec: Math.round(result.requests.average),
        p50ms: result.latency.p50,
        p97_5ms: result.latency.p97_5,
        p99ms: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

try {
  await waitReady();
  const readyMs = Date.now() - started;
  const results = {
    engine: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
    startToReadyMs: readyMs,
    page: pageWeight(),
    load: [
      await load(`${base}/healthz`),
      await load(`${base}/api/web/2.0/common/productMap`),
      await load(`${base}/`),
    ],
  };
  console.log(JSON.stringify(results, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  stop();
}
