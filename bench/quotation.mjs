#!/usr/bin/env node
/**
 * Today's quotations at scale (issue 11): seeds N quotation rows over 60 days (the demo's ~150
 * quoting traders with larger books), then measures quotation/list-index, list-index-total and
 * getMenus with autocannon at 20 connections over a realistic mix of filters and header
 * keywords, and the same queries behind bare Fastify routes (bench/quotation-baseline.ts: no
 * plugins, no guard, no cache) as the baseline, in the same run. Loopback only. Each request
 * comes from a different X-Forwarded-For address, as real traffic does, so the per-client
 * anti-scraping window does not throttle the benchmark.
 *
 *   node bench/quotation.mjs --engine postgres --rows 1000000   # throwaway DB steelport_bench_quote
 *   node bench/quotation.mjs --engine pglite --rows 200000      # .tmp/bench-quote-pglite
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
const dbName = 'steelport_bench_quote';
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const dataDir = path.join(root, '.tmp/bench-quote-pglite');
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
  sh(
    tsx,
    [
      'apps/server/src/seed/cli.ts',
      '--reset',
      '--cargo',
      '2000',
      '--days',
      '60',
      '--quotations',
      String(rows),
    ],
    dbEnv,
  );
  if (engine === 'postgres') sh('psql', [databaseUrl, '-qc', 'VACUUM ANALYZE']);
  console.log(`seeded ${rows} quotation rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** A Shanghai calendar day `offset` days from today, as the seed counts them. */
const shanghaiDay = (offset) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

// A realistic mix: what traders type in the header search and click on /beginMain.
const bodies = [
  {},
  { indexSearch: '热卷' },
  { indexSearch: '热卷 Q235B' },
  { indexSearch: '热卷 Q235B 2.75*1250 日照' },
  { indexSearch: '冷轧 SPCC 1.0' },
  { indexSearch: '镀锌 上海' },
  { indexSearch: '中厚板 Q355B 20' },
  { indexSearch: '日照' },
  { indexSearch: '宝钢 1250' },
  { products: ['热轧卷板'], cities: ['乐从'] },
  { products: ['热轧卷板'], thicknessMin: 2, thicknessMax: 4, sort: 'price', order: 'asc' },
  { products: ['冷轧卷板'], sort: 'change', order: 'desc' },
  { origins: ['鞍钢'], widthMin: 1500 },
  { cities: ['天津'], sort: 'price', order: 'desc' },
  { indexSearch: '酸洗 SPHC', page: 3 },
  { date: shanghaiDay(-1) },
  { spec: '2.75*1250' },
  { traderId: 3, sort: 'price', order: 'asc' },
];
const qs = (body) =>
  new URLSearchParams(
    Object.entries(body)
      .filter(([k]) => !['sort', 'order', 'page'].includes(k))
      .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, String(v)]])),
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

/** Times each body once, one at a time: cold (nothing cached) on the real server. */
async function coldPass(calls) {
  const out = {};
  for (const [name, call] of calls) {
    const times = [];
    for (const body of bodies) {
      const t0 = performance.now();
      const res = await call(body);
      if (!res.ok) throw new Error(`${name} ${JSON.stringify(body)}: HTTP ${res.status}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    out[name] = {
      medianMs: +times[Math.floor(times.length / 2)].toFixed(1),
      maxMs: +times[times.length - 1].toFixed(1),
    };
  }
  return out;
}

// Production runs PostgreSQL with Redis (DESIGN §7): counters and caches go there. A private
// Redis database, emptied first, keeps runs independent.
const redisUrl =
  engine === 'postgres' ? (process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/6') : undefined;
if (redisUrl) spawnSync('redis-cli', ['-u', redisUrl, 'flushdb'], { stdio: 'ignore' });
const serverEnv = {
  ...process.env,
  ...dbEnv,
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  PORT: '3304',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SKIP_WEB_BUILD: '1',
  // The cold pass measures uncached queries; warming would fill the caches first.
  WARM_UP: 'false',
  TRUST_PROXY: '1',
};
const server = spawn(tsx, ['apps/server/src/main.ts'], { cwd: root, env: serverEnv, stdio: 'inherit' });
const results = { engine, redis: Boolean(redisUrl), rows, connections: 20, seconds };
const base = 'http://127.0.0.1:3304';
const api = '/api/web/2.0/quotation';
try {
  await waitFor(`${base}${api}/list-index`, server);
  results.cold = await coldPass([
    ['listIndex', (b) => fetch(`${base}${api}/list-index`, postInit(b))],
    ['listIndexTotal', (b) => fetch(`${base}${api}/list-index-total`, postInit(b))],
    [
      'getMenus',
      (b) => fetch(`${base}${api}/getMenus?${qs(b)}`, { headers: { 'x-forwarded-for': nextIp() } }),
    ],
  ]);
  results.listIndex = await run(base, post(`${api}/list-index`, nextBody));
  results.listIndexTotal = await run(base, post(`${api}/list-index-total`, nextBody));
  results.getMenus = await run(
    base,
    get(() => `${api}/getMenus?${qs(nextBody())}`),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
}

const baseline = spawn(tsx, ['bench/quotation-baseline.ts'], {
  cwd: root,
  env: {
    ...process.env,
    ...(engine === 'postgres' ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: path.join(dataDir, 'pglite') }),
    PORT: '3305',
  },
  stdio: 'inherit',
});
const bare = 'http://127.0.0.1:3305';
try {
  await waitFor(`${bare}/list-index`, baseline);
  results.baselineListIndex = await run(bare, post('/list-index', nextBody));
  results.baselineListIndexTotal = await run(bare, post('/list-index-total', nextBody));
  results.baselineGetMenus = await run(
    bare,
    get(() => `/getMenus?${qs(nextBody())}`),
  );
} finally {
  baseline.kill('SIGTERM');
  await new Promise((r) => baseline.on('exit', r));
}
results.listIndexVsBaseline = +(results.listIndex.reqPerSec / results.baselineListIndex.reqPerSec).toFixed(2);
console.log(JSON.stringify(results, null, 2));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, `bench/results/quotation-${engine}-${rows}.json`),
  `${JSON.stringify(results, null, 2)}\n`,
);
