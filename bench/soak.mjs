#!/usr/bin/env node
/**
 * The soak (issue 32): mixed traffic through nginx on two compiled instances on PostgreSQL and
 * Redis (the deployment test's stack, deploy/test/stack.mjs) for `--minutes` (30) at
 * `--connections` (20). It reports, per route and per five minutes, the p95 against the first
 * five minutes; the instances' resident memory after warm-up (the end of the first five
 * minutes) against the end; and every error. Targets: memory grows <= 10%, every route's p95
 * stays within 20% of its first five minutes, 0 errors. Results: bench/results/soak.json.
 *
 * To explain a window whose p95 moved, it also notes every minute: the requests answered and
 * their p95 over all routes, the machine's load average, and from each instance's /metrics its
 * event loop lag (p99), its garbage collection time and its database connections waiting.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/soak.mjs [--minutes 30]
 *     [--connections 20] [--cargo 20000] [--port 3291]
 *
 * Loopback only. It takes the machine: run it alone.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild, ensureNginx, httpClient, openStack, root, sleep } from '../deploy/test/stack.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    connections: { type: 'string', default: '20' },
    cargo: { type: 'string', default: '20000' },
    port: { type: 'string', default: '3291' },
  },
});
const MINUTES = Number(values.minutes);
const CONNECTIONS = Number(values.connections);
const WINDOW_MS = 5 * 60_000;
const WINDOW = Math.min(WINDOW_MS, (MINUTES * 60_000) / 2);
const MEMORY_SAMPLE_MS = 10_000;
/** One export per this many ms (the VIP may export 20 an hour). */
const EXPORT_EVERY_MS = 4 * 60_000;
const MEMBER = { phone: '13800000001', password: 'steel123' };
const VIP = { phone: '13800000002', password: 'steel123' };
const KEYWORDS = ['热卷', 'Q235B', '冷轧 1.0', '日照 热卷', '镀锌 DX51D', '上海 酸洗', ''];

const started = Date.now();
const say = (line) => console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A figure of Prometheus text: the value of the first line for `name` with `labels` in it. */
function metric(text, name, labels = '') {
  const line = text.split('\n').find((l) => l.startsWith(name) && l.includes(labels) && !l.startsWith('#'));
  return line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** What an instance says of itself: event loop lag p99 (ms), GC seconds so far, pool waiting. */
async function instanceFigures(port) {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
  return {
    lagP99Ms: metric(text, 'steelport_nodejs_eventloop_lag_p99_seconds') * 1000,
    gcS: text
      .split('\n')
      .filter((l) => l.startsWith('steelport_nodejs_gc_duration_seconds_sum'))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0),
    poolWaiting: metric(text, 'steelport_db_pool_connections', 'state="waiting"'),
  };
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function main() {
  ensureNginx(say);
  ensureBuild(say);
  const stack = await openStack({ name: 'soak', nginxPort: Number(values.port), redisDb: 8, say });
  try {
    stack.startInstances();
    await stack.waitInstancesReady();
    stack.seed(['--cargo', values.cargo]);
    // Restarted after the seed: they warm their caches from the data, as after a deployment.
    await stack.stopInstances();
    stack.startInstances();
    await stack.waitInstancesReady();
    await stack.startNginx();
    const { call, login } = httpClient(stack.base);
    const tokens = { member: await login(MEMBER), vip: await login(VIP) };
    const built = path.join(root, 'apps/web/dist/assets');
    const asset = `/assets/${readdirSync(built).find((f) => f.endsWith('.js'))}`;
    const json = { 'accept-encoding': 'identity' };

    let n = 0;
    const kinds = [
      ['page /wareHouse', () => call('GET', '/wareHouse')],
      ['asset', () => call('GET', asset)],
      [
        'searchCargo/page',
        () =>
          call('POST', '/api/web/2.0/searchCargo/page', {
            body: { keyword: KEYWORDS[n++ % KEYWORDS.length], page: 1 + (n % 5), pageSize: 20 },
          }),
      ],
      [
        'searchCargo/Menu',
        () =>
          call(
            'GET',
            `/api/web/2.0/searchCargo/Menu?keyword=${encodeURIComponent(KEYWORDS[n++ % KEYWORDS.length])}`,
            {
              headers: json,
            },
          ),
      ],
      [
        'quotation/list-index',
        () =>
          call('POST', '/api/web/2.0/quotation/list-index', { body: { page: 1 + (n++ % 5), pageSize: 20 } }),
      ],
      ['index/indexInfo', () => call('GET', '/api/web/2.0/index/indexInfo', { headers: json })],
      [
        'user/myInfo',
        () => call('GET', '/api/web/user/myInfo', { headers: { ...json, 'x-token': tokens.member } }),
      ],
    ];
    const loginKind = [
      'uaa/login/password',
      () => call('POST', '/api/uaa/login/password', { body: MEMBER, headers: json }),
    ];
    const exportKind = [
      'searchCargo/export',
      () =>
        call('GET', '/api/web/2.0/searchCargo/export?keyword=%E7%83%AD%E5%8D%B7', {
          headers: { 'x-token': tokens.vip },
        }),
    ];

    /** latencies[route][window] = ms[]; errors as text */
    const latencies = {};
    const errors = [];
    const windows = Math.ceil((MINUTES * 60_000) / WINDOW);
    // A request still running at the end counts in the last window.
    /** this minute's latencies over all routes */
    let minuteMs = [];
    const record = (route, ms) => {
      const w = Math.min(windows - 1, Math.floor((Date.now() - soakStart) / WINDOW));
      latencies[route] ??= [];
      latencies[route][w] ??= [];
      latencies[route][w].push(ms);
      minuteMs.push(ms);
    };
    say(`soaking ${MINUTES} min at ${CONNECTIONS} connections through nginx (${stack.base})`);
    const soakStart = Date.now();
    const soakEnd = soakStart + MINUTES * 60_000;
    let lastExport = 0;
    const send = async ([route, fn]) => {
      const t0 = performance.now();
      try {
        const res = await fn();
        const bad = res.status !== 200 || (res.json && res.json.code !== 0);
        if (bad) errors.push(`${route}: ${res.status} ${res.buffer.toString('utf8').slice(0, 160)}`);
      } catch (err) {
        errors.push(`${route}: ${err.message}`);
      }
      record(route, performance.now() - t0);
    };
    const loops = Array.from({ length: CONNECTIONS }, async (_, i) => {
      for (let k = i; Date.now() < soakEnd; k++) {
        if (i === 0 && k % 10 === 0) await send(loginKind);
        else if (i === 1 && Date.now() - lastExport > EXPORT_EVERY_MS) {
          lastExport = Date.now();
          await send(exportKind);
        } else await send(kinds[k % kinds.length]);
      }
    });
    const memory = [];
    const sampler = (async () => {
      while (Date.now() < soakEnd) {
        memory.push({ at: Date.now() - soakStart, mb: stack.ports.map((p) => rssMb(stack.pid(p))) });
        const minute = Math.floor((Date.now() - soakStart) / 60_000);
        if (memory.length % 6 === 1)
          say(
            `minute ${minute}: ${memory
              .at(-1)
              .mb.map((m) => `${m.toFixed(0)} MB`)
              .join(' / ')}, ${errors.length} errors`,
          );
        await sleep(MEMORY_SAMPLE_MS);
      }
    })();
    const minutes = [];
    const minuteSampler = (async () => {
      let gcBefore = await Promise.all(stack.ports.map(instanceFigures)).then((f) => f.map((x) => x.gcS));
      while (Date.now() < soakEnd) {
        await sleep(Math.min(60_000, Math.max(0, soakEnd - Date.now())));
        const done = minuteMs.sort((a, b) => a - b);
        minuteMs = [];
        const figures = await Promise.all(stack.ports.map(instanceFigures)).catch(() => null);
        const sample = {
          minute: minutes.length + 1,
          requests: done.length,
          p95Ms: Math.round(percentile(done, 95) * 10) / 10,
          load1: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
          lagP99Ms: figures?.map((f) => Math.round(f.lagP99Ms)),
          gcMs: figures?.map((f, i) => Math.round((f.gcS - gcBefore[i]) * 1000)),
          poolWaiting: figures?.map((f) => f.poolWaiting),
        };
        if (figures) gcBefore = figures.map((f) => f.gcS);
        minutes.push(sample);
        say(
          `minute ${sample.minute}: ${sample.requests} requests, p95 ${sample.p95Ms} ms, load ${sample.load1}, lag p99 ${sample.lagP99Ms?.join('/')} ms, GC ${sample.gcMs?.join('/')} ms`,
        );
      }
    })();
    await Promise.all([...loops, sampler, minuteSampler]);

    // Memory: the end against the end of the warm-up window, per instance.
    const warm = memory.filter((m) => m.at <= WINDOW).at(-1) ?? memory[0];
    const last = memory.at(-1);
    const growth = warm.mb.map((mb, i) => ((last.mb[i] - mb) / mb) * 100);
    const routes = Object.entries(latencies).map(([route, windows]) => {
      const p95s = windows.map((w) =>
        percentile(
          [...(w ?? [])].sort((a, b) => a - b),
          95,
        ),
      );
      const worst = Math.max(...p95s.slice(1).filter(Number.isFinite));
      return {
        route,
        requests: windows.reduce((sum, w) => sum + (w?.length ?? 0), 0),
        p95ByWindow: p95s.map((v) => Math.round(v * 10) / 10),
        worstRatio: Number.isFinite(worst) ? worst / p95s[0] : null,
      };
    });
    console.log('');
    console.log(
      `route                      requests   p95 per ${WINDOW / 60_000} min (ms)                 worst/first`,
    );
    for (const r of routes) {
      console.log(
        `${r.route.padEnd(26)} ${String(r.requests).padStart(8)}   ${r.p95ByWindow.join(' / ').padEnd(40)} ${
          r.worstRatio === null ? '-' : `${((r.worstRatio - 1) * 100).toFixed(0)}%`
        }`,
      );
    }
    console.log(
      `memory after warm-up → end: ${warm.mb.map((m, i) => `${m.toFixed(0)} → ${last.mb[i].toFixed(0)} MB (${growth[i] >= 0 ? '+' : ''}${growth[i].toFixed(1)}%)`).join(', ')}`,
    );
    console.log(
      `errors: ${errors.length}${errors.length ? `\n  ${[...new Set(errors)].slice(0, 10).join('\n  ')}` : ''}`,
    );
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench/results/soak.json'),
      JSON.stringify(
        {
          minutes: MINUTES,
          connections: CONNECTIONS,
          routes,
          memory,
          growth,
          errors: errors.length,
          byMinute: minutes,
        },
        null,
        2,
      ),
    );
  } finally {
    await stack.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`soak failed: ${err.message}`);
    process.exit(1);
  },
);
