/**
 * Seeds the index benchmark database (bench/index-chart.mjs): the demo seed with `years` of
 * warehouse daily figures (the real index job computes them), eight more definitions so there
 * are 20 indexes, the whole history recomputed for all 20, then the job timed on one day.
 * Prints one JSON line with the timings.
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { indexDefinitions, products } from '../apps/server/src/db/schema/index.ts';
import { computeIndexes, runIndexJob } from '../apps/server/src/modules/steel-index/service.ts';
import { seedDemo } from '../apps/server/src/seed/index.ts';

const years = Number(process.env.BENCH_YEARS ?? 10);
const database = await openDatabase({ url: process.env.DATABASE_URL as string });
await database.migrate();
const t0 = performance.now();
const summary = await seedDemo(database.db, { cargo: 0, quotationDays: 3, indexDays: years * 365 });
const seedMs = Math.round(performance.now() - t0);

const ids = new Map((await database.db.select().from(products)).map((p) => [p.name, p.id]));
const [first] = await database.db.select().from(indexDefinitions).where(eq(indexDefinitions.code, 'lc_hrc'));
const more: [string, string, string][] = [
  ['gz_crc', '广州冷轧', '冷轧卷板'],
  ['hz_hrc', '杭州热卷', '热轧卷板'],
  ['hd_hrc', '邯郸热卷', '热轧卷板'],
  ['ts_hrc', '唐山热卷', '热轧卷板'],
  ['wx_hrc', '无锡热卷', '热轧卷板'],
  ['sh_plate', '上海中厚板', '中厚板'],
  ['lc_gi', '乐从镀锌', '镀锌卷'],
  ['tj_gi', '天津镀锌', '镀锌卷'],
];
const market: Record<string, string> = {
  gz: '广州',
  hz: '杭州',
  hd: '邯郸',
  ts: '唐山',
  wx: '无锡',
  sh: '上海',
  lc: '乐从',
  tj: '天津',
};
await database.db.insert(indexDefinitions).values(
  more.map(([code, name, product], i) => ({
    code,
    name,
    productId: ids.get(product) ?? ids.get('热轧卷板') ?? null,
    market: market[code.split('_')[0] as string] as string,
    baseDate: first!.baseDate,
    basePriceFen: 1,
    sort: 20 + i,
  })),
);
const t1 = performance.now();
const full = await database.db.transaction((tx) => computeIndexes(tx, first!.baseDate, summary.today));
const fullMs = Math.round(performance.now() - t1);
const oneDay: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await runIndexJob(database, { from: summary.today, to: summary.today });
  oneDay.push(Math.round(performance.now() - t));
}
oneDay.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    years,
    warehouseDailyRows: summary.warehouseDaily,
    indexes: 20,
    indexDays: full.rows,
    seedMs,
    fullRecomputeMs: fullMs,
    oneDayJobMs: { median: oneDay[2], max: oneDay[4] },
    first: first!.baseDate,
    today: summary.today,
  }),
);
await database.close();
