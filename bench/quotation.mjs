#!/usr/bin/env node
/**
 * Today's quotations at scale (issue 11): seeds N quotation rows over 60 days (the demo's ~150
 * quoting traders with larger books), then measures quotation/list-index, list-index-total and
 * getMenus with autocannon at 20 connections over a realistic mix of filters and header
 * keywords, in turns with the page's own SQL on bench/baseline-server.ts (a bare connection: no
 * plugins, guard, count or cache) as the baseline. Loopback only. Each request
 * comes from a different X-Forwarded-For address, as real traffic does, so the per-client
 * anti-scraping window does not throttle the benchmark.
 *
 *   node bench/quotation.mjs --engine postgres --rows 1000000   # throwaway DB steelport_bench_quote
 *   node bench/quotation.mjs --engine pglite --rows 200000      # .tmp/bench-quote-pglite
 *   add --keep to reuse an already seeded database
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
  dbName: 'steelport_bench_quote',
  dataDir: path.join(root, '.tmp/bench-quote-pglite'),
  seedArgs: ['--cargo', '2000', '--days', '60', '--quotations', String(rows)],
  label: `${rows} quotation rows`,
});

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

const run = { connections: opts.connections, seconds: opts.seconds };
const results = { engine, rows, ...run };
const portal = 'http://127.0.0.1:3332';
const bare = 'http://127.0.0.1:3333';
const api = '/api/web/2.0/quotation';
const servers = [];
try {
  servers.push(
    await startServer(
      'apps/server/src/main.ts',
      portalEnv(3332, { ...serverEnv, ...benchRedis(engine, 6) }),
      `${portal}/healthz`,
    ),
  );
  servers.push(
    await startServer(
      'bench/baseline-server.ts',
      { ...bareEnv, PORT: '3333' },
      `${bare}/quotation/list-index`,
    ),
  );

  // Cold: each filter once, one at a time, before anything is cached (no warm-up).
  results.cold = await coldPass(
    [
      ['listIndex', (b) => fetch(`${portal}${api}/list-index`, postInit(b))],
      ['listIndexTotal', (b) => fetch(`${portal}${api}/list-index-total`, postInit(b))],
      [
        'getMenus',
        (b) => fetch(`${portal}${api}/getMenus?${qs(b)}`, { headers: { 'x-forwarded-for': nextIp() } }),
      ],
    ],
    bodies,
  );

  const shown = bodies[10];
  const plans = await (await fetch(`${bare}/explain`, postInit({ kind: 'quotation', body: shown }))).json();
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
  const [listP, listB, totalP, totalB, menuP, menuB] = [1, 2, 3, 4, 5, 6].map(() => cycle(bodies));
  const list = await pair(
    () => post(`${api}/list-index`, listP),
    () => post('/quotation/list-index', listB),
  );
  // The baseline's uncached totals and menus last: what they leave running must not slow the portal.
  const total = {};
  const menus = {};
  total.portal = await measure(portal, post(`${api}/list-index-total`, totalP), run);
  menus.portal = await measure(
    portal,
    get(() => `${api}/getMenus?${qs(menuP())}`),
    run,
  );
  total.baseline = await measure(bare, post('/quotation/list-index-total', totalB), {
    ...run,
    allowNone: true,
  });
  menus.baseline = await measure(
    bare,
    get(() => `/quotation/getMenus?${qs(menuB())}`),
    { ...run, allowNone: true },
  );
  Object.assign(results, {
    listIndex: list.portal,
    baselineListIndex: list.baseline,
    listIndexTotal: total.portal,
    baselineListIndexTotal: total.baseline,
    getMenus: menus.portal,
    baselineGetMenus: menus.baseline,
  });
} finally {
  for (const server of servers) await stopServer(server);
}

results.listIndexVsBaseline = +(results.listIndex.reqPerSec / results.baselineListIndex.reqPerSec).toFixed(2);
console.log(JSON.stringify(results, null, 2));
printTable(
  `quotation, ${engine}, ${rows} rows, ${run.connections} connections, ${run.seconds} s each side (baseline totals/menus: uncached SQL)`,
  [
    { name: 'quotation/list-index', portal: results.listIndex, baseline: results.baselineListIndex },
    {
      name: 'quotation/list-index-total',
      portal: results.listIndexTotal,
      baseline: results.baselineListIndexTotal,
    },
    { name: 'quotation/getMenus', portal: results.getMenus, baseline: results.baselineGetMenus },
  ],
);
console.log(
  `cold median (max) ms: list-index ${results.cold.listIndex.medianMs} (${results.cold.listIndex.maxMs}), total ${results.cold.listIndexTotal.medianMs} (${results.cold.listIndexTotal.maxMs}), menus ${results.cold.getMenus.medianMs} (${results.cold.getMenus.maxMs})`,
);
saveResults(`quotation-${engine}-${rows}`, results);
