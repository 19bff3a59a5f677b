#!/usr/bin/env node
/**
 * `node bench/first-burst.mjs`: what the first visitors after a start feel (issue 9, item 8).
 * Starts the portal on a private data directory (seeded once, then reused), and the moment it
 * answers /healthz sends a burst of searches — the default spot-stock and surplus screens as
 * 40 visitors open them (page, totals, menu, suppliers) plus a handful of filtered ones — while
 * probing /healthz and a cached answer (the trade names every page loads) every 25 ms. Prints
 * their worst and p95 latency during the burst and how long the burst took, with WARM_UP off and
 * on, in the same run. The embedded database runs on a worker thread (issue 32, item 7); the
 * probes say whether the main thread answers while it works.
 *
 *   node bench/first-burst.mjs            # seeds .tmp/burst-data on the first run
 *   BURST_VISITORS=80 node bench/first-burst.mjs
 *   BURST_NODE_ARGS='--cpu-prof --cpu-prof-dir=.tmp/prof' node bench/first-burst.mjs
 *   DATABASE_URL=postgres://... BURST_DATA_DIR=.tmp/burst-pg node bench/first-burst.mjs
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 3310);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, process.env.BURST_DATA_DIR ?? '.tmp/burst-data');
const visitors = Number(process.env.BURST_VISITORS ?? 40);
/** node's own flags for the server, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof` to see what it does */
const nodeArgs = (process.env.BURST_NODE_ARGS ?? '').split(' ').filter(Boolean);

function start(warmUp) {
  const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WARM_UP: warmUp ? 'true' : 'false',
      SEARCHES_PER_MINUTE: '100000',
      SKIP_WEB_BUILD: '1',
      // 200 requests at once from one address, above the default ceiling of connections.
      CONNECTIONS_PER_ADDRESS: '10000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A failed run must not leave a server holding the data directory.
  process.on('exit', () => server.kill('SIGKILL'));
  return server;
}

async function waitReady(server) {
  for (;;) {
    if (server.exitCode !== null) throw new Error('server exited before it was ready');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
}

const post = (url, body) =>
  fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

function burst() {
  const calls = [];
  const filters = [{}, { products: ['热轧卷板'] }, { keyword: '日照 Q235B' }, { cities: ['上海'] }];
  for (let i = 0; i < visitors; i++) {
    const filter = filters[i % filters.length];
    calls.push(post('/api/web/2.0/searchCargo/page', { ...filter, page: 1, pageSize: 20 }));
    calls.push(post('/api/web/2.0/searchCargo/page-total', filter));
    calls.push(fetch(`${base}/api/web/2.0/searchCargo/Menu`));
    calls.push(fetch(`${base}/api/web/searchCargo/supplier/list?page=1&pageSize=10`));
    calls.push(fetch(`${base}/api/web/2.0/searchMaterial/page?page=1&pageSize=20`));
  }
  return Promise.all(calls.map((c) => c.then((r) => r.arrayBuffer())));
}

async function measure(warmUp) {
  const server = start(warmUp);
  await waitReady(server);
  const probes = { healthz: [], cached: [] };
  let done = false;
  const probe = async (name, url) => {
    while (!done) {
      const t0 = performance.now();
      await fetch(base + url).then((r) => r.arrayBuffer());
      probes[name].push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  // The cached answer is read once before the burst, as a first page view would have.
  await fetch(`${base}/api/web/tradeNames?lang=en`).then((r) => r.arrayBuffer());
  const probing = Promise.all([probe('healthz', '/healthz'), probe('cached', '/api/web/tradeNames?lang=en')]);
  const t0 = performance.now();
  await burst();
  const burstMs = performance.now() - t0;
  done = true;
  await probing;
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  const worst = (list) => list.toSorted((a, b) => a - b).at(-1) ?? 0;
  const p95 = (list) => list.toSorted((a, b) => a - b)[Math.floor(list.length * 0.95)] ?? 0;
  return {
    warmUp,
    requests: visitors * 5,
    burstMs,
    healthz: [worst(probes.healthz), p95(probes.healthz)],
    cached: [worst(probes.cached), p95(probes.cached)],
  };
}

if (!existsSync(dataDir)) {
  console.log('seeding .tmp/burst-data (first run only)...');
  const server = start(false);
  await waitReady(server);
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
}
const rows = [await measure(false), await measure(true)];
const ms = (n) => `${Math.round(n)} ms`;
console.log('\n| WARM_UP | requests | burst | /healthz max | /healthz p95 | cached max | cached p95 |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  const cells = [
    r.warmUp ? 'on' : 'off',
    r.requests,
    ms(r.burstMs),
    ...r.healthz.map(ms),
    ...r.cached.map(ms),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
