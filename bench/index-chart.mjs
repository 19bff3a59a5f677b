#!/usr/bin/env node
/**
 * The index at scale (issue: the steel index): seeds 10 years x 20 indexes into a throwaway
 * PostgreSQL database (bench/index-seed.ts, which also times the job on one day), starts the
 * server on it, logs in the demo VIP (who may see all history) and measures
 * POST /api/web/index/chartData/all with autocannon (`--connections`, default 10) for typical
 * chart asks, each twice: as a browser asks (`Accept-Encoding: gzip, deflate, br, zstd`, Chrome's)
 * and without Accept-Encoding (what this bench sent before 2026-11-30), `--encodings` to choose.
 * Loopback only.
 *
 *   node bench/index-chart.mjs            # BENCH_YEARS=10, 15 s per case and encoding
 *   node bench/index-chart.mjs --keep     # reuse the seeded database
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    encodings: { type: 'string', default: 'browser,none' },
  },
});
/** What each measured client sends as Accept-Encoding: a browser's header, or none. */
const ACCEPT_ENCODINGS = { browser: 'gzip, deflate, br, zstd', none: null };
const encodings = values.encodings.split(',');
for (const e of encodings) if (!Object.hasOwn(ACCEPT_ENCODINGS, e)) throw new Error(`--encodings: ${e}?`);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const pgAdmin = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'steelport_bench_index';
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const tsx = path.join(root, 'node_modules/.bin/tsx');
const port = 3303;

function sh(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  return r.stdout.toString();
}

let seeded = null;
if (!values.keep) {
  sh('psql', [pgAdmin, '-qc', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
  sh('psql', [
    pgAdmin,
    '-qc',
    `CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  ]);
  const out = sh(tsx, ['bench/index-seed.ts'], { DATABASE_URL: databaseUrl });
  seeded = JSON.parse(out.trim().split('\n').pop());
  sh('psql', [databaseUrl, '-qc', 'VACUUM ANALYZE']);
  console.log('seed', seeded);
}

const server = spawn(tsx, ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  },
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 120) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

try {
  const login = await (
    await fetch(`${base}/api/uaa/login/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800000002', password: 'steel123' }),
    })
  ).json();
  const token = login.data.token;
  const info = (await (await fetch(`${base}/api/web/2.0/index/indexInfo`)).json()).data;
  const latest = info.latestDate;
  const back = (days) =>
    new Date(Date.parse(`${latest}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const ids = info.definitions.map((d) => d.id);
  const cases = {
    'two indexes, 3 months': { indexIds: ids.slice(0, 2), start: back(91) },
    'five indexes, 1 year': { indexIds: ids.slice(0, 5), start: back(365) },
    'cross-date, 20 indexes x 2 dates': { indexIds: ids, dates: [latest, back(365)] },
    'one index, all 10 years': { indexIds: ids.slice(0, 1), start: info.firstDate },
  };
  const results = {};
  for (const [name, body] of Object.entries(cases)) {
    for (const encoding of encodings) {
      const key = `${name} (${encoding === 'none' ? 'no Accept-Encoding' : 'browser'})`;
      results[key] = await run(body, token, ACCEPT_ENCODINGS[encoding]);
      console.log(key, results[key]);
    }
  }
  console.log(JSON.stringify({ seed: seeded, chartDataAll: results }, null, 2));
} finally {
  server.kill('SIGTERM');
}

function run(body, token, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let bytes = 0;
    const instance = autocannon(
      {
        url: `${base}/api/web/index/chartData/all`,
        connections,
        duration: seconds,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-token': token,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        body: JSON.stringify(body),
        // autocannon appends every chunk of every answer to a string (decoding it as UTF-8),
        // which cost the client on these shared cores more than the server spends on the answer
        // (2 ms for a 160 KB gzip body): the bench counts the bytes and keeps no body.
        setupClient: (client) => {
          client.pipelinedRequests.addBody = () => {};
        },
      },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        const pct = (p) =>
          latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
        resolve({
          bytesPerAnswer: Math.round(bytes / Math.max(1, latencies.length)),
          reqPerSec: Math.round(result.requests.average),
          p50: +pct(50).toFixed(1),
          p95: +pct(95).toFixed(1),
          p99: +pct(99).toFixed(1),
          errors: result.errors + result.non2xx,
          // The machine's load at the end (1, 5 and 15 min): other work on these cores shows here.
          load: os.loadavg().map((l) => +l.toFixed(1)),
        });
      },
    );
    instance.on('response', (_c, _s, answerBytes, responseTime) => {
      latencies.push(responseTime);
      bytes += answerBytes;
    });
  });
}
