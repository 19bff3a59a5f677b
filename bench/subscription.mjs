#!/usr/bin/env node
/**
 * Subscription matching at scale (issue 19): 10,000 active saved searches x a 10,000-row stock
 * import, matched by the real code (modules/subscription: normalizeFilter for the searches'
 * terms, service.rowsWritten for the match, which runs one INSERT ... SELECT join per batch).
 * Target: <= 5 s on PostgreSQL.
 *
 * The database is seeded with the demo catalogue; then `--searches` members each save one
 * realistic search (see filterOf), and one trader imports `--rows` realistic rows in
 * one transaction (writeRows, as the Excel import and the ERP sync do). It prints the insert
 * time, the match time, and how many inbox items were made; then imports the same rows again
 * (new ids) and matches them: the second match must add no item (one per search and item).
 *
 *   node bench/subscription.mjs --engine postgres               # throwaway DB steelport_bench_subscription
 *   node bench/subscription.mjs --engine pglite --searches 2000 --rows 2000
 *   add --keep to reuse the seeded database
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { benchDatabase, root, saveResults } from './harness.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    searches: { type: 'string', default: '10000' },
    rows: { type: 'string', default: '10000' },
    keep: { type: 'boolean', default: false },
  },
});
if (!['postgres', 'pglite'].includes(values.engine)) throw new Error('--engine postgres|pglite');
const engine = values.engine;
const searchCount = Number(values.searches.replaceAll('_', ''));
const rows = Number(values.rows.replaceAll('_', ''));
const dataDir = path.join(root, '.tmp/bench-subscription-pglite');

const { serverEnv } = benchDatabase({
  engine,
  keep: values.keep,
  dbName: 'steelport_bench_subscription',
  dataDir,
  seedArgs: ['--cargo', '2000', '--days', '2'],
  label: 'demo catalogue and 2000 stock rows',
});

register();
const src = (p) => import(path.join(root, 'apps/server/src', p));
const { openDatabase } = await src('db/client.ts');
const { tradeDictionary } = await src('modules/search/dictionary.ts');
const { understandRows, writeRows } = await src('modules/trader-import/service.ts');
const { normalizeFilter } = await src('modules/subscription/normalize.ts');
const { priceBoundsFen } = await src('modules/subscription/present.ts');
const { subscriptionService } = await src('modules/subscription/service.ts');
const { openInboxBus } = await src('modules/subscription/bus.ts');
const { sql } = await import('drizzle-orm');

const database = await openDatabase(
  engine === 'postgres' ? { url: serverEnv.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') },
);
const { db } = database;
const rowsOf = async (query) => {
  const r = await db.execute(query);
  return Array.isArray(r) ? r : r.rows;
};

// A deterministic generator, so runs compare.
let state = 19;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
const THICK = [1.5, 1.8, 2.0, 2.5, 2.75, 3.0, 3.5, 4.0, 4.75, 5.75, 7.75, 9.75, 11.5, 14.5, 19.5];
const WIDTH = [1000, 1050, 1250, 1500, 1510, 1800, 2000];

const products = await rowsOf(sql`select name, aliases from products order by id`);
const materials = (await rowsOf(sql`select name from materials order by id`)).map((r) => r.name);
const mills = (await rowsOf(sql`select name from mills order by id`)).map((r) => r.name);
const warehouses = await rowsOf(sql`select name, city from warehouses where active order by id`);
const cities = [...new Set(warehouses.map((w) => w.city))];
const [trader] = await rowsOf(
  sql`select u.company_id as "companyId" from users u where u.company_id is not null order by u.id limit 1`,
);
const dictionary = tradeDictionary({ db });
const dict = await dictionary.get();

// ---- the saved searches: one member each, inserted in bulk ----
await db.execute(sql`delete from saved_searches`);
await db.execute(sql`delete from users where phone like '166%'`);
const t = performance.now();
const userIds = (
  await rowsOf(sql`insert into users (phone, link_man, role)
    select '166' || lpad(g::text, 8, '0'), '订阅' || g, 'member' from generate_series(1, ${searchCount}) g
    returning id`)
).map((r) => Number(r.id));

/**
 * A buyer's saved search as the search screens make them: a product (5% none) and at least two
 * more conditions — the market (70%), material (50%), thickness range (50%), mill (30%) or a
 * price bound (30%) — like the issue's 热轧卷板 Q235B 5.75 in 上海.
 */
function filterOf() {
  const f = {};
  if (rand() < 0.95) {
    if (rand() < 0.5) f.products = [pick(products).name];
    else f.keyword = pick(products).name;
  }
  const extras = () =>
    ['cities', 'materials', 'origins', 'thicknessMin', 'priceMax'].filter((k) => k in f).length;
  const add = (which) => {
    if (which === 0) f.cities = [pick(cities)];
    else if (which === 1) f.materials = [pick(materials)];
    else if (which === 2) f.origins = [pick(mills)];
    else if (which === 3) {
      const lo = pick(THICK);
      f.thicknessMin = lo;
      f.thicknessMax = lo + 2;
    } else f.priceMax = 3400 + Math.round(rand() * 1200);
  };
  [0.7, 0.5, 0.3, 0.5, 0.3].forEach((p, which) => {
    if (rand() < p) add(which);
  });
  while (extras() < 2) add(Math.floor(rand() * 5));
  return f;
}

const termRows = [];
const searches = userIds.map((userId) => ({ userId, filter: filterOf() }));
const searchIds = [];
for (let start = 0; start < searches.length; start += 1000) {
  const batch = searches.slice(start, start + 1000);
  const ids = await rowsOf(sql`insert into saved_searches (user_id, kind, name, filter)
    select x.user_id, 'cargo', '订阅', x.filter from json_to_recordset(${JSON.stringify(
      batch.map((s) => ({ user_id: s.userId, filter: s.filter })),
    )}::json) as x(user_id int, filter jsonb) returning id`);
  searchIds.push(...ids.map((r) => Number(r.id)));
}
searches.forEach((s, i) => {
  for (const term of normalizeFilter(
    { kind: 'cargo', filter: s.filter, ...priceBoundsFen(s.filter) },
    dict,
  )) {
    termRows.push({ ...term, savedSearchId: searchIds[i], userId: s.userId });
  }
});
const columns = [
  ['saved_search_id', 'savedSearchId', 'int'],
  ['user_id', 'userId', 'int'],
  ['product_id', 'productId', 'int'],
  ['material_ids', 'materialIds', 'int[]'],
  ['material_names', 'materialNames', 'text[]'],
  ['mill_ids', 'millIds', 'int[]'],
  ['origin_names', 'originNames', 'text[]'],
  ['warehouse_ids', 'warehouseIds', 'int[]'],
  ['warehouse_names', 'warehouseNames', 'text[]'],
  ['cities', 'cities', 'text[]'],
  ['company_id', 'companyId', 'int'],
  ['thickness_min', 'thicknessMin', 'numeric'],
  ['thickness_max', 'thicknessMax', 'numeric'],
  ['width_min', 'widthMin', 'int'],
  ['width_max', 'widthMax', 'int'],
  ['thicknesses', 'thicknesses', 'numeric[]'],
  ['widths', 'widths', 'int[]'],
  ['lengths', 'lengths', 'int[]'],
  ['price_min_fen', 'priceMinFen', 'int'],
  ['price_max_fen', 'priceMaxFen', 'int'],
  ['call_for_price', 'callForPrice', 'boolean'],
  ['texts', 'texts', 'text[]'],
  ['match_key', 'matchKey', 'text'],
];
for (let start = 0; start < termRows.length; start += 1000) {
  const batch = termRows.slice(start, start + 1000);
  await db.execute(
    sql`insert into saved_search_terms (kind, ${sql.raw(columns.map(([c]) => c).join(', '))})
      select 'cargo', ${sql.raw(columns.map(([, f]) => `"${f}"`).join(', '))}
      from json_to_recordset(${JSON.stringify(batch)}::json) as x(${sql.raw(columns.map(([, f, ty]) => `"${f}" ${ty}`).join(', '))})`,
  );
}
if (engine === 'postgres') await db.execute(sql`analyze saved_searches; analyze saved_search_terms`);
const setupMs = performance.now() - t;
console.log(
  `${searchCount} saved searches (${termRows.length} terms) stored in ${(setupMs / 1000).toFixed(1)} s`,
);

// ---- the import: realistic rows, written as the Excel import writes them ----
function sheetRow() {
  const p = pick(products);
  const t_ = pick(THICK);
  const w = pick(WIDTH);
  const wh = pick(warehouses);
  return {
    product: rand() < 0.3 && p.aliases.length ? pick(p.aliases) : p.name,
    material: pick(materials),
    spec: `${t_}*${w}*C`,
    origin: pick(mills),
    warehouse: wh.name,
    pieces: 1 + Math.floor(rand() * 30),
    weight: 25 + Math.round(rand() * 200),
    price: rand() < 0.06 ? 0 : 3200 + Math.round(rand() * 1800),
  };
}
const inputs = Array.from({ length: rows }, sheetRow);
const { values: understood, errors } = understandRows('cargo', inputs, dict);
if (errors.length) throw new Error(`generated rows have errors: ${JSON.stringify(errors[0])}`);

const subscriptions = subscriptionService({ db, dictionary, bus: openInboxBus({}) });
const countItems = async () => Number((await rowsOf(sql`select count(*)::int as n from inbox_items`))[0].n);
await db.execute(sql`delete from inbox_items`);

const importOnce = async () => {
  const started = performance.now();
  const { ids } = await db.transaction((tx) =>
    writeRows(tx, { companyId: trader.companyId, kind: 'cargo', mode: 'append', rows: understood, dict }),
  );
  const writeMs = performance.now() - started;
  const matchStart = performance.now();
  await subscriptions.rowsWritten({ kind: 'cargo', ids });
  return { writeMs, matchMs: performance.now() - matchStart };
};

const first = await importOnce();
const afterFirst = await countItems();
const second = await importOnce();
const afterSecond = await countItems();
await subscriptions.close();

const table = [
  {
    step: `import ${rows} rows (write, 1 tx)`,
    seconds: (first.writeMs / 1000).toFixed(2),
    inboxItems: '',
  },
  {
    step: `match ${rows} rows x ${searchCount} searches`,
    seconds: (first.matchMs / 1000).toFixed(2),
    inboxItems: afterFirst,
  },
  { step: 'same rows imported again: write', seconds: (second.writeMs / 1000).toFixed(2), inboxItems: '' },
  {
    step: 'same rows imported again: match (adds nothing)',
    seconds: (second.matchMs / 1000).toFixed(2),
    inboxItems: afterSecond - afterFirst,
  },
];
console.log(`\nsubscription matching on ${engine} (target: match <= 5 s on postgres)\n`);
console.log('| step | seconds | new inbox items |\n| --- | ---: | ---: |');
for (const r of table) console.log(`| ${r.step} | ${r.seconds} | ${r.inboxItems} |`);
if (afterSecond !== afterFirst) console.log('\nWARNING: the second import added inbox items');
saveResults(`subscription-${engine}`, {
  engine,
  searches: searchCount,
  rows,
  terms: termRows.length,
  steps: table,
});
await database.close();
