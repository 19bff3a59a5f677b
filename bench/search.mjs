#!/usr/bin/env node
/**
 * Search at scale (issue: warehouse spot stock): seeds N cargo rows, then measures
 * searchCargo/page, page-total and Menu with autocannon at 20 connections with a realistic
 * mix of filters and keywords, and the same SQL behind a bare Fastify route as the baseline.
 * Loopback only. Each request comes from a different X-Forwarded-For address, as real traffic
 * does, so the per-client anti-scraping window does not throttle the benchmark.
 *
 *   node bench/search.mjs --engine postgres --rows 1000000   # throwaway DB steelport_bench_search
 *   node bench/search.mjs --engine pglite --rows 200000      # .tmp/bench-search-pglite
 *   add --keep to reuse an already seeded database
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
  },
});
const engine = values.engine;
const rows = Number(values.rows);
const seconds = Number(values.seconds);
const pgAdmin = 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'steelport_bench_search';
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const dataDir = path.join(root, '.tmp/bench-search-pglite');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function sh(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

const dbEnv = engine === 'postgres' ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
if (!values.keep) {
  const started = Date.now();
  if (engine === 'postgres') {
    sh('psql', [pgAdmin, '-qc', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
    sh('psql', [
      pgAdmin,
      '-qc',
      `CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    ]);
  }
  sh(tsx, ['apps/server/src/seed/cli.ts', '--reset', '--cargo', String(rows), '--days', '3'], dbEnv);
  if (engine === 'postgres') sh('psql', [databaseUrl, '-qc', 'VACUUM ANALYZE']);
  console.log(`seeded ${rows} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// A realistic mix: what traders type and click.
const bodies = [
  {},
  { keyword: '热卷' },
  { keyword: '热卷 Q235B' },
  { keyword: '热卷 Q235B 2.75*1250 日照 乐从' },
  { keyword: '冷轧 SPCC 1.0' },
  { keyword: '镀锌 上海' },
  { keyword: '中厚板 Q355B 20' },
  { keyword: '日照' },
  { keyword: '宝钢 1250' },
  { keyword: '3.75*1500' },
  { products: ['热轧卷板'], cities: ['乐从'] },
  { products: ['热轧卷板'], thicknessMin: 2, thicknessMax: 4, sort: 'price', order: 'asc' },
  { products: ['冷轧卷板'], materials: ['SPCC'], sort: 'price', order: 'desc' },
  { origins: ['鞍钢'], widthMin: 1500 },
  { cities: ['天津'], sort: 'weight', order: 'desc' },
  { keyword: '酸洗 SPHC', page: 3 },
  { callForPrice: true },
  { priceMin: 3300, priceMax: 3500, products: ['热轧卷板'] },
];
const qs = (body) =>
  new URLSearchParams(
    Object.entries(body).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, String(v)]])),
  ).toString();

let ipCounter = 0;
const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

function run(url, makeRequests) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      { url, connections: 20, duration: seconds, requests: makeRequests() },
      (err, result) => {
        if (err) return reject(err);
        if (latencies.length === 0)
          return reject(
            new Error(
              `no responses from ${url}: ${JSON.stringify({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx })}`,
            ),
          );
        latencies.sort((a, b) => a - b);
        const pct = (p) =>
          latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
        resolve({
          reqPerSec: Math.round(result.requests.average),
          p50: +pct(50).toFixed(1),
          p95: +pct(95).toFixed(1),
          p99: +pct(99).toFixed(1),
          errors: result.errors + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

const post = (path_, bodyOf) => () => [
  {
    method: 'POST',
    path: path_,
    setupRequest: (req) => ({
      ...req,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify(bodyOf()),
    }),
  },
];
const get = (pathOf) => () => [
  {
    method: 'GET',
    setupRequest: (req) => ({ ...req, path: pathOf(), headers: { 'x-forwarded-for': nextIp() } }),
  },
];
let i = 0;
const nextBody = () => bodies[i++ % bodies.length];
const postInit = (body) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
});

async function waitFor(url, proc) {
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${url}: server exited`);
    try {
      const res = await fetch(url, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
}

// Production runs PostgreSQL with Redis (DESIGN §7): counters and caches go there, not to the
// database. A private Redis database, emptied first, keeps runs independent.
const redisUrl =
  engine === 'postgres' ? (process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/5') : undefined;
if (redisUrl) spawnSync('redis-cli', ['-u', redisUrl, 'flushdb'], { stdio: 'ignore' });
const serverEnv = {
  ...process.env,
  ...dbEnv,
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  PORT: '3301',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SKIP_WEB_BUILD: '1',
  // The load comes from one loopback address; each simulated visitor names its own address in
  // X-Forwarded-For, which the server believes only from a configured proxy (here: loopback).
  TRUST_PROXY: '1',
};
const server = spawn(tsx, ['apps/server/src/main.ts'], { cwd: root, env: serverEnv, stdio: 'inherit' });
const results = { engine, redis: Boolean(redisUrl), rows, connections: 20, seconds };
try {
  await waitFor('http://127.0.0.1:3301/api/web/2.0/searchCargo/page', server);
  const base = 'http://127.0.0.1:3301';
  // Cold pass: each filter once, one at a time, before anything is cached. Counts, totals and
  // menus are then cached for 60 s per filter (the API says so), which the timed runs measure.
  results.cold = {};
  for (const [name, call] of [
    ['page', (b) => fetch(`${base}/api/web/2.0/searchCargo/page`, postInit(b))],
    ['pageTotal', (b) => fetch(`${base}/api/web/2.0/searchCargo/page-total`, postInit(b))],
    [
      'menu',
      (b) =>
        fetch(`${base}/api/web/2.0/searchCargo/Menu?${qs(b)}`, { headers: { 'x-forwarded-for': nextIp() } }),
    ],
  ]) {
    const times = [];
    for (const body of bodies) {
      const t0 = performance.now();
      const res = await call(body);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results.cold[name] = {
      medianMs: +times[Math.floor(times.length / 2)].toFixed(1),
      maxMs: +times[times.length - 1].toFixed(1),
    };
  }
  results.page = await run(base, post('/api/web/2.0/searchCargo/page', nextBody));
  results.pageTotal = await run(base, post('/api/web/2.0/searchCargo/page-total', nextBody));
  results.menu = await run(
    base,
    get(() => `/api/web/2.0/searchCargo/Menu?${qs(nextBody())}`),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
}

const baseline = spawn(tsx, ['bench/baseline-server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    ...(engine === 'postgres' ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: path.join(dataDir, 'pglite') }),
    PORT: '3302',
  },
  stdio: 'inherit',
});
try {
  await waitFor('http://127.0.0.1:3302/page', baseline);
  results.baselinePage = await run('http://127.0.0.1:3302', post('/page', nextBody));
} finally {
  baseline.kill('SIGTERM');
  await new Promise((r) => baseline.on('exit', r));
}
results.pageVsBaseline = +(results.page.reqPerSec / results.baselinePage.reqPerSec).toFixed(2);
console.log(JSON.stringify(results, null, 2));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, `bench/results/search-${engine}-${rows}.json`),
  `${JSON.stringify(results, null, 2)}\n`,
);
