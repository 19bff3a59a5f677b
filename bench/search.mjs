#!/usr/bin/env node
/**
 * Search at scale (issue 12): seeds N cargo rows, times 18 realistic filters once each cold on
 * searchCargo/page, page-total and Menu, then measures each with autocannon at 20 connections (each
 * request from its own X-Forwarded-For) in turns with the same filters on bench/baseline-server.ts
 * (the page's own SQL on a bare connection), and prints the table with the ratio. Loopback only.
 *
 *   node bench/search.mjs --engine postgres --rows 1000000   # throwaway DB steelport_bench_search
 *   node bench/search.mjs --engine pglite --rows 200000      # .tmp/bench-search-pglite
 *   add --keep to reuse an already seeded database; --seconds S per run (default 15)
 */
import path from 'node:path';
import {
  benchDatabase,
  benchOptions,
  benchRedis,
  coldPass,
  cycle,
  get,
  measure,
  measurePair,
  nextIp,
  portalEnv,
  post,
  postInit,
  printTable,
  root,
  saveResults,
  startServer,
  stopServer,
} from './harness.mjs';

const opts = benchOptions();
const { engine, rows } = opts;
const { serverEnv, bareEnv } = benchDatabase({
  engine,
  keep: opts.keep,
  dbName: 'steelport_bench_search',
  dataDir: path.join(root, '.tmp/bench-search-pglite'),
  seedArgs: ['--cargo', String(rows), '--days', '3'],
  label: `${rows} cargo rows`,
});

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
/** The filter as the Menu's query string (it takes no paging or sort). */
const qs = (body) =>
  new URLSearchParams(
    Object.entries(body)
      .filter(([k]) => !['sort', 'order', 'page'].includes(k))
      .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, String(v)]])),
  ).toString();

const run = { connections: opts.connections, seconds: opts.seconds };
const results = { engine, rows, ...run };
const portal = 'http://127.0.0.1:3330';
const bare = 'http://127.0.0.1:3331';
const api = '/api/web/2.0/searchCargo';
const servers = [];
try {
  servers.push(
    await startServer(
      'apps/server/src/main.ts',
      portalEnv(3330, { ...serverEnv, ...benchRedis(engine, 5) }),
      `${portal}/healthz`,
    ),
  );
  servers.push(
    await startServer('bench/baseline-server.ts', { ...bareEnv, PORT: '3331' }, `${bare}/cargo/page`),
  );

  // Cold: each filter once, one at a time, before anything is cached (no warm-up).
  results.cold = await coldPass(
    [
      ['page', (b) => fetch(`${portal}${api}/page`, postInit(b))],
      ['pageTotal', (b) => fetch(`${portal}${api}/page-total`, postInit(b))],
      ['menu', (b) => fetch(`${portal}${api}/Menu?${qs(b)}`, { headers: { 'x-forwarded-for': nextIp() } })],
    ],
    bodies,
  );

  // The page's statements, from the portal's service and from the baseline, with their plans.
  const shown = bodies[11];
  const plans = await (await fetch(`${bare}/explain`, postInit({ kind: 'cargo', body: shown }))).json();
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${JSON.stringify(shown)}`);
  for (const side of ['portal', 'baseline'])
    for (const s of plans[side])
      console.log(`-- ${side}: ${s.sql}\n-- params ${JSON.stringify(s.params)}\n${s.plan}\n`);
  console.log(`same statements: ${plans.sameStatements}, same plans: ${plans.samePlans}`);
  results.sameStatements = plans.sameStatements;
  results.samePlans = plans.samePlans;

  // The page: portal and baseline in turns (harness measurePair) over the 18 filters. Totals and
  // menus: the portal (cached), then the baseline's uncached SQL, which may answer nothing in time.
  const pair = async (portalRequests, bareRequests) =>
    measurePair({ url: portal, requests: portalRequests }, { url: bare, requests: bareRequests }, run);
  const [pageP, pageB, totalP, totalB, menuP, menuB] = [1, 2, 3, 4, 5, 6].map(() => cycle(bodies));
  const page = await pair(
    () => post(`${api}/page`, pageP),
    () => post('/cargo/page', pageB),
  );
  // The baseline's uncached totals and menus last: what they leave running must not slow the portal.
  const total = {};
  const menu = {};
  total.portal = await measure(portal, post(`${api}/page-total`, totalP), run);
  menu.portal = await measure(
    portal,
    get(() => `${api}/Menu?${qs(menuP())}`),
    run,
  );
  total.baseline = await measure(bare, post('/cargo/page-total', totalB), { ...run, allowNone: true });
  menu.baseline = await measure(
    bare,
    get(() => `/cargo/Menu?${qs(menuB())}`),
    { ...run, allowNone: true },
  );
  Object.assign(results, {
    page: page.portal,
    baselinePage: page.baseline,
    pageTotal: total.portal,
    baselinePageTotal: total.baseline,
    menu: menu.portal,
    baselineMenu: menu.baseline,
  });
} finally {
  for (const server of servers) await stopServer(server);
}

results.pageVsBaseline = +(results.page.reqPerSec / results.baselinePage.reqPerSec).toFixed(2);
console.log(JSON.stringify(results, null, 2));
printTable(
  `search, ${engine}, ${rows} rows, ${run.connections} connections, ${run.seconds} s each side (baseline totals/menu: uncached SQL)`,
  [
    { name: 'searchCargo/page', portal: results.page, baseline: results.baselinePage },
    { name: 'searchCargo/page-total', portal: results.pageTotal, baseline: results.baselinePageTotal },
    { name: 'searchCargo/Menu', portal: results.menu, baseline: results.baselineMenu },
  ],
);
console.log(
  `cold median (max) ms: page ${results.cold.page.medianMs} (${results.cold.page.maxMs}), total ${results.cold.pageTotal.medianMs} (${results.cold.pageTotal.maxMs}), menu ${results.cold.menu.medianMs} (${results.cold.menu.maxMs})`,
);
saveResults(`search-${engine}-${rows}`, results);
