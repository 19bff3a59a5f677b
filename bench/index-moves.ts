/**
 * The index's largest one-day moves over the demo history (issue 10): seeds the demo into an
 * in-memory PGlite (no cargo or surplus, 30 days of quotations, two years of warehouse daily
 * figures, the real index job over them) and prints, per index, the largest day-over-day price
 * move, the day it happened and how the day was priced, how many days are provisional and how
 * many moves beyond 3% the next day took back by more than half.
 *
 *   npx tsx bench/index-moves.ts                    # now = 2026-11-23 (Shanghai)
 *   npx tsx bench/index-moves.ts --now 2026-03-02   # another demo
 *   npx tsx bench/index-moves.ts --json             # one JSON line instead of the table
 *
 * A measurement, not a test: the property test in apps/server/src/modules/steel-index checks
 * the rules; this shows the numbers.
 */
import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { indexDays, indexDefinitions } from '../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../apps/server/src/seed/index.ts';

const { values } = parseArgs({
  options: {
    now: { type: 'string', default: '2026-11-23' },
    days: { type: 'string', default: '731' },
    json: { type: 'boolean', default: false },
  },
});

const database = await openDatabase({});
await database.migrate();
const now = new Date(`${values.now}T00:00:00+08:00`);
await seedDemo(database.db, { cargo: 0, surplus: 0, indexDays: Number(values.days), now });

const defs = await database.db.select().from(indexDefinitions).orderBy(asc(indexDefinitions.sort));
const out = [];
let provisionalDays = 0;
let totalDays = 0;
for (const def of defs) {
  const rows = (await database.db
    .select()
    .from(indexDays)
    .where(eq(indexDays.indexId, def.id))
    .orderBy(asc(indexDays.day))) as (typeof indexDays.$inferSelect & {
    source?: string;
    provisional?: boolean;
  })[];
  totalDays += rows.length;
  let worst = { day: '', changeFen: 0, ratio: 0, source: '', sampleCount: 0, provisional: false };
  let provisional = 0;
  // days moving more than 3% that the next day takes back by more than half
  let reverted = 0;
  rows.forEach((r, i) => {
    const next = rows[i + 1];
    const before = r.priceFen - r.changeFen;
    if (next && before > 0 && Math.abs(r.changeFen) > 0.03 * before) {
      if (
        Math.sign(next.changeFen) === -Math.sign(r.changeFen) &&
        Math.abs(next.changeFen) > Math.abs(r.changeFen) / 2
      )
        reverted++;
    }
  });
  for (const r of rows) {
    if (r.provisional) provisional++;
    const previousFen = r.priceFen - r.changeFen;
    if (Math.abs(r.changeFen) > Math.abs(worst.changeFen)) {
      worst = {
        day: r.day,
        changeFen: r.changeFen,
        ratio: previousFen > 0 ? r.changeFen / previousFen : 0,
        source: r.source ?? (r.sampleCount > 0 ? '' : 'carried'),
        sampleCount: r.sampleCount,
        provisional: r.provisional ?? false,
      };
    }
  }
  provisionalDays += provisional;
  out.push({ index: def.name, days: rows.length, provisionalDays: provisional, reverted, ...worst });
}
await database.close();

if (values.json) {
  console.log(JSON.stringify({ now: values.now, totalDays, provisionalDays, indexes: out }));
} else {
  console.log(`demo of ${values.now}: ${totalDays} index days, ${provisionalDays} provisional`);
  console.log(
    '| index | largest one-day move (元) | % | day | source | samples | that day provisional | provisional days | >3% moves reverted next day |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of out) {
    const yuan = (r.changeFen / 100).toFixed(2);
    const pct = (r.ratio * 100).toFixed(2);
    console.log(
      `| ${r.index} | ${yuan} | ${pct} | ${r.day} | ${r.source || '-'} | ${r.sampleCount} | ${r.provisional} | ${r.provisionalDays} / ${r.days} | ${r.reverted} |`,
    );
  }
}
