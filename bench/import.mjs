#!/usr/bin/env node
/**
 * Excel import at scale (issue 17): generates a realistic 100,000-row stock sheet (.xlsx, the
 * template's columns, words from the seeded dictionary, a few unknown warehouses and mills,
 * 电议 rows), then times, IN PROCESS, the real code of modules/trader-import:
 *
 *   parse     readSheet (exceljs streaming reader)
 *   validate  understandSheet (understandLotRow per row, dictionary Maps)
 *   commit    service.commit in replace mode until done (one transaction, multi-row INSERTs,
 *             GIN trigram and btree index maintenance included)
 *   total     service.preview (parse + validate + staging the file) + service.commit
 *
 * and prints rows/s for each. The database is seeded first with the demo catalogue and
 * `--cargo` existing stock rows (default 20,000), so the indexes are not empty.
 *
 *   node bench/import.mjs --engine pglite --rows 100000      # .tmp/bench-import-pglite
 *   node bench/import.mjs --engine postgres --rows 100000    # throwaway DB steelport_bench_import
 *   add --keep to reuse the seeded database (the import replaces the same trader's stock)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { register } from 'tsx/esm/api';
import { benchDatabase, root, saveResults } from './harness.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    rows: { type: 'string', default: '100000' },
    cargo: { type: 'string', default: '20000' },
    keep: { type: 'boolean', default: false },
  },
});
if (!['postgres', 'pglite'].includes(values.engine)) throw new Error('--engine postgres|pglite');
const engine = values.engine;
const rows = Number(values.rows.replaceAll('_', ''));
const dataDir = path.join(root, '.tmp/bench-import-pglite');

const { serverEnv } = benchDatabase({
  engine,
  keep: values.keep,
  dbName: 'steelport_bench_import',
  dataDir,
  seedArgs: ['--cargo', values.cargo, '--days', '2'],
  label: `demo catalogue and ${values.cargo} stock rows`,
});

register();
const src = (p) => import(path.join(root, 'apps/server/src', p));
const { openDatabase } = await src('db/client.ts');
const { tradeDictionary } = await src('modules/search/dictionary.ts');
const { memoryStore } = await src('store/index.ts');
const { readSheet } = await src('modules/trader-import/sheet.ts');
const { traderImportService, understandSheet } = await src('modules/trader-import/service.ts');
const { sql } = await import('drizzle-orm');

const database = await openDatabase(
  engine === 'postgres' ? { url: serverEnv.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') },
);
const { db } = database;
const rowsOf = async (query) => {
  const r = await db.execute(query);
  return Array.isArray(r) ? r : r.rows;
};

// The trader: the one with the most stock, so replace also removes a real book.
const [trader] = await rowsOf(
  sql`select u.id as "userId", u.company_id as "companyId", count(c.id)::int as lots
      from users u join cargo c on c.company_id = u.company_id and c.status <> 'deleted'
      where u.company_id is not null group by u.id, u.company_id order by lots desc limit 1`,
);
const products = await rowsOf(sql`select name, aliases from products order by id`);
const materials = (await rowsOf(sql`select name from materials order by id`)).map((r) => r.name);
const mills = (await rowsOf(sql`select name from mills order by id`)).map((r) => r.name);
const warehouses = await rowsOf(sql`select name, city from warehouses where active order by id`);

// A deterministic generator, so runs compare.
let state = 17;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
const THICK = [1.5, 1.8, 2.0, 2.5, 2.75, 3.0, 3.5, 4.0, 4.75, 5.75, 7.75, 9.75, 11.5, 14.5, 19.5];
const WIDTH = [1000, 1050, 1250, 1500, 1510, 1800, 2000];
const REMARKS = ['', '', '', '可开平', '现货充足', '欢迎来电', '价格可谈', '卷重约25吨', '质保书齐全'];

function sheetRow() {
  const p = pick(products);
  const product = rand() < 0.3 && p.aliases.length ? pick(p.aliases) : p.name;
  const t = pick(THICK);
  const w = pick(WIDTH);
  const tail = rand() < 0.75 ? 'C' : t >= 6 ? 'L' : String(pick([2000, 2438, 2500, 3000, 6000]));
  const known = rand() < 0.9;
  const wh = known
    ? pick(warehouses)
    : { name: `某某库${Math.floor(rand() * 50)}`, city: pick(warehouses).city };
  const pieces = 1 + Math.floor(rand() * 30);
  const weight = Math.round(pieces * (20 + rand() * 8) * 1000) / 1000;
  const price = rand() < 0.06 ? '电议' : 3200 + Math.round(rand() * 1800);
  return [
    product,
    rand() < 0.97 ? pick(materials) : 'SAPH440',
    `${t}*${w}*${tail}`,
    rand() < 0.97 ? pick(mills) : '某钢厂',
    wh.name,
    known ? '' : wh.city,
    pieces,
    weight,
    price,
    pick(REMARKS),
  ];
}

async function makeSheet(n) {
  const chunks = [];
  const { PassThrough } = await import('node:stream');
  const stream = new PassThrough();
  stream.on('data', (c) => chunks.push(c));
  const done = new Promise((r) => stream.on('end', r));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true });
  const sheet = book.addWorksheet('现货');
  sheet
    .addRow(['品名', '材质', '规格', '产地/钢厂', '仓库', '城市', '件数', '重量(吨)', '单价(元/吨)', '备注'])
    .commit();
  for (let i = 0; i < n; i++) sheet.addRow(sheetRow()).commit();
  sheet.commit();
  await book.commit();
  await done;
  return Buffer.concat(chunks);
}

const t0 = performance.now();
const bytes = await makeSheet(rows);
console.log(
  `generated ${rows} rows: ${(bytes.length / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s; trader company ${trader.companyId} holds ${trader.lots} lots`,
);

const dictionary = tradeDictionary({ db });
const dict = await dictionary.get();
const secs = (ms) => ms / 1000;
const rate = (ms) => Math.round(rows / secs(ms));

let t = performance.now();
const sheet = await readSheet(bytes);
const parseMs = performance.now() - t;
t = performance.now();
const understood = understandSheet('cargo', sheet, dict);
const validateMs = performance.now() - t;
if (understood.errorCount > 0)
  throw new Error(`generated sheet has errors: ${JSON.stringify(understood.errors[0])}`);

const service = traderImportService({ db, store: memoryStore(), dictionary });
const user = { id: trader.userId, companyId: trader.companyId };
t = performance.now();
const preview = await service.preview(user, 'cargo', { filename: 'bench.xlsx', bytes });
const previewMs = performance.now() - t;
t = performance.now();
await service.commit(user, preview.importId, 'replace');
await service.settle();
const commitMs = performance.now() - t;
const status = await service.status(user, preview.importId);
if (status.state !== 'done') throw new Error(`import ${status.state}: ${status.message}`);

const totalMs = previewMs + commitMs;
const table = [
  { step: 'parse (readSheet)', seconds: secs(parseMs).toFixed(2), rowsPerSec: rate(parseMs) },
  { step: 'validate (understandSheet)', seconds: secs(validateMs).toFixed(2), rowsPerSec: rate(validateMs) },
  {
    step: 'preview (parse+validate+stage)',
    seconds: secs(previewMs).toFixed(2),
    rowsPerSec: rate(previewMs),
  },
  { step: 'commit (replace, 1 tx)', seconds: secs(commitMs).toFixed(2), rowsPerSec: rate(commitMs) },
  { step: 'total (preview+commit)', seconds: secs(totalMs).toFixed(2), rowsPerSec: rate(totalMs) },
];
console.log(
  `\nimport of ${rows} stock rows on ${engine} (inserted ${status.inserted}, removed ${status.removed})\n`,
);
console.log('| step | seconds | rows/s |\n| --- | ---: | ---: |');
for (const r of table) console.log(`| ${r.step} | ${r.seconds} | ${r.rowsPerSec} |`);
saveResults(`import-${engine}`, { engine, rows, removed: status.removed, steps: table });
await database.close();
