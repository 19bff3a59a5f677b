/**
 * What bench/search.mjs and bench/quotation.mjs share: options, the throwaway database and its
 * seed, starting and stopping a server, autocannon with percentiles from every response time,
 * the cold pass and the result table. Loopback only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

export const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const tsx = path.join(root, 'node_modules/.bin/tsx');
const pgAdmin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgBase = pgAdmin.slice(0, pgAdmin.lastIndexOf('/') + 1);

/** `--engine postgres|pglite --rows N --seconds S --connections C --keep`. */
export function benchOptions() {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'postgres' },
      rows: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '15' },
      connections: { type: 'string', default: '20' },
      keep: { type: 'boolean', default: false },
    },
  });
  if (!['postgres', 'pglite'].includes(values.engine)) throw new Error('--engine postgres|pglite');
  return {
    engine: values.engine,
    rows: Number(values.rows.replaceAll('_', '')),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    keep: values.keep,
  };
}

export function sh(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

/**
 * The bench's database: PostgreSQL `dbName` (dropped, created and seeded unless --keep) or PGlite
 * under `dataDir`, migrated to the code's schema either way. Returns the portal's env naming it and
 * the baseline's: the same PostgreSQL database, or for PGlite (one process per directory) a copy
 * made now, so portal and baseline can run side by side on the same data.
 */
export function benchDatabase({ engine, keep, dbName, dataDir, seedArgs, label }) {
  if (engine === 'postgres' && !dbName.startsWith('steelport_bench_'))
    throw new Error('bench databases are named steelport_bench_*');
  const databaseUrl = `${pgBase}${dbName}`;
  const serverEnv = engine === 'postgres' ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  const started = Date.now();
  if (!keep && engine === 'postgres') {
    sh('psql', [pgAdmin, '-qc', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
    sh('psql', [
      pgAdmin,
      '-qc',
      `CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    ]);
    // The seed builds its indexes after the load (seed/indexes.ts); with the default 64 MB each
    // build spills its sort to disk. Ten million rows: 92 minutes with 64 MB on a busy machine,
    // 15 with 3 GB on a quiet one. Only this throwaway database gets it.
    sh('psql', [pgAdmin, '-qc', `ALTER DATABASE ${dbName} SET maintenance_work_mem = '3GB'`]);
  }
  // Without --reset the seed only migrates a database that already holds data.
  sh(tsx, ['apps/server/src/seed/cli.ts', ...(keep ? [] : ['--reset', ...seedArgs])], serverEnv);
  if (!keep) {
    if (engine === 'postgres') sh('psql', [databaseUrl, '-qc', 'VACUUM ANALYZE']);
    console.log(`seeded ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  if (engine === 'postgres') return { serverEnv, bareEnv: { DATABASE_URL: databaseUrl } };
  const copy = `${dataDir}-baseline/pglite`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
  return { serverEnv, bareEnv: { PGLITE_DIR: copy } };
}

/**
 * Production runs PostgreSQL with Redis (docs/architecture.md#shared-state): counters and caches
 * go there, not to the database. A private Redis database, emptied first, keeps runs
 * independent. PGlite: none.
 */
export function benchRedis(engine, db) {
  if (engine !== 'postgres') return {};
  const url = process.env.BENCH_REDIS_URL ?? `redis://127.0.0.1:6379/${db}`;
  spawnSync('redis-cli', ['-u', url, 'flushdb'], { stdio: 'ignore' });
  return { REDIS_URL: url };
}

/** The portal's environment for a bench: quiet, no demo seed, no web build, no warm-up. */
export function portalEnv(port, env) {
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SKIP_WEB_BUILD: '1',
    // The cold pass measures uncached queries; warming would fill the caches first.
    WARM_UP: 'false',
    // The load comes from one loopback address; each simulated visitor names its own address in
    // X-Forwarded-For, which the server believes only from a configured proxy (here: loopback).
    TRUST_PROXY: '1',
  };
}

/**
 * Starts `script` (run by tsx) and resolves once `readyUrl` answers below 500: a GET for
 * /healthz (so no search is cached by the probe), else a POST of {}.
 */
export async function startServer(script, env, readyUrl) {
  const proc = spawn(tsx, [script], { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script}: exited before answering ${readyUrl}`);
    try {
      const res = readyUrl.endsWith('/healthz')
        ? await fetch(readyUrl)
        : await fetch(readyUrl, {
            method: 'POST',
            body: '{}',
            headers: { 'content-type': 'application/json' },
          });
      await res.arrayBuffer();
      if (res.status < 500) return proc;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function stopServer(proc) {
  if (proc.exitCode !== null) return;
  proc.kill('SIGTERM');
  await new Promise((r) => proc.on('exit', r));
}

let ipCounter = 0;
/** A new visitor's address for X-Forwarded-For (the anti-scraping window is per client). */
export const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

/** The nearest-rank percentile of ascending `sorted`. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** autocannon requests: POST `path` with the next body, from the next visitor. */
export const post = (path_, bodyOf) => [
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
/** autocannon requests: GET the next path, from the next visitor. */
export const get = (pathOf) => [
  {
    method: 'GET',
    setupRequest: (req) => ({ ...req, path: pathOf(), headers: { 'x-forwarded-for': nextIp() } }),
  },
];

/** Round-robin over `bodies`, each caller from its own position. */
export function cycle(bodies) {
  let i = 0;
  return () => bodies[i++ % bodies.length];
}

/** One autocannon run: every response time, the responses and how long it ran. */
function sample(url, requests, { connections, seconds, allowNone = false }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon({ url, connections, duration: seconds, requests }, (err, result) => {
      if (err) return reject(err);
      if (latencies.length === 0 && !allowNone)
        return reject(
          new Error(
            `no responses from ${url}: ${JSON.stringify({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx })}`,
          ),
        );
      resolve({ latencies, seconds: result.duration, errors: result.errors + result.non2xx });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Req/s and percentiles over samples (all their response times together). */
function summarize(samples) {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const pct = (p) => (latencies.length ? +percentile(latencies, p).toFixed(1) : null);
  return {
    reqPerSec: +(latencies.length / seconds).toFixed(latencies.length / seconds < 10 ? 1 : 0),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

/**
 * One autocannon run; req/s and percentiles from every response time. `allowNone`: a run may
 * end before its first answer (an uncached baseline slower than the run), percentiles null.
 */
export async function measure(url, requests, run) {
  return summarize([await sample(url, requests, run)]);
}

/**
 * The portal and its baseline measured in turns, `slices` each of seconds/slices, in the order
 * ABBA ABBA...: on a machine others share, a burst of their load falls on both sides alike, so
 * the ratio holds even when the absolute figures move.
 */
export async function measurePair(portal, baseline, { connections, seconds, slices = 4 }) {
  const slice = { connections, seconds: Math.max(1, Math.round(seconds / slices)), allowNone: true };
  const a = [];
  const b = [];
  for (let i = 0; i < slices; i++) {
    const order = i % 2 === 0 ? [portal, baseline] : [baseline, portal];
    for (const side of order) (side === portal ? a : b).push(await sample(side.url, side.requests(), slice));
  }
  return { portal: summarize(a), baseline: summarize(b) };
}

/** Times each body once, one at a time (cold: nothing cached yet); median and max per call. */
export async function coldPass(calls, bodies) {
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
      medianMs: +percentile(times, 50).toFixed(1),
      maxMs: +times[times.length - 1].toFixed(1),
    };
  }
  return out;
}

/** A JSON POST from a new visitor, for fetch. */
export const postInit = (body) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
});

/**
 * The table of a run: per endpoint the portal's req/s and p95 beside the baseline's (the same
 * SQL on a bare connection) and the portal's share of the baseline's throughput.
 */
export function printTable(title, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const out = [
    title,
    '',
    line(['endpoint', 'portal req/s', 'portal p95 ms', 'baseline req/s', 'baseline p95 ms', 'ratio']),
    line(['---', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const { name, portal, baseline } of rows) {
    out.push(
      line([
        name,
        portal.reqPerSec,
        portal.p95,
        baseline ? baseline.reqPerSec : '-',
        baseline ? (baseline.p95 ?? '-') : '-',
        baseline?.reqPerSec ? (portal.reqPerSec / baseline.reqPerSec).toFixed(2) : '-',
      ]),
    );
  }
  console.log(`\n${out.join('\n')}\n`);
}

/** Writes bench/results/<name>.json (not committed). */
export function saveResults(name, results) {
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, `bench/results/${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
}
