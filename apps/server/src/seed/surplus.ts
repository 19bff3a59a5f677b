/**
 * Surplus material (余料): lots left over from processing or orders, sold below the spot price
 * according to their quality grade. Rows come from the same lot generator as stock, then get a
 * grade, defect notes and a discount; about 10% are 电议 since off-spec lots are often haggled.
 */
import type { Tx } from '../db/client.ts';
import { buildSearchText, type SurplusGrade, surplus } from '../db/schema/index.ts';
import type { ActivityCounter } from './activity.ts';
import { BATCH_ROWS, insertBatched } from './batch.ts';
import { cargoGenerator, type StockContext } from './cargo.ts';
import { type Rng, weightedPicker } from './random.ts';

/** Grade, its share of listings and the discount against spot, 元/吨. */
const GRADES: { grade: SurplusGrade; share: number; discount: [number, number] }[] = [
  { grade: '正品', share: 0.45, discount: [30, 120] },
  { grade: '协议品', share: 0.3, discount: [150, 350] },
  { grade: '次品', share: 0.18, discount: [350, 700] },
  { grade: '等外品', share: 0.07, discount: [700, 1200] },
];

const DEFECTS: Record<SurplusGrade, string[]> = {
  正品: ['尾卷', '订单余量', '定尺剩余', '包装轻微破损', '多余库存'],
  协议品: ['边浪', '轻微镰刀弯', '厚度公差超标', '宽度不足', '卷形不良'],
  次品: ['表面锈蚀', '表面划伤', '边裂', '夹杂', '压痕'],
  等外品: ['严重锈蚀', '严重边损', '塔形卷', '性能不合格', '水渍锈'],
};

const CALL_FOR_PRICE_SHARE = 0.1;

/** Generates and inserts `count` surplus rows from the stock generator's lots. */
export async function seedSurplus(
  tx: Tx,
  rng: Rng,
  ctx: StockContext,
  count: number,
  activity: ActivityCounter,
): Promise<number> {
  const next = cargoGenerator(rng.fork('lots'), ctx);
  const pickGrade = weightedPicker(
    GRADES,
    GRADES.map((g) => g.share),
  );
  let done = 0;
  while (done < count) {
    const rows: (typeof surplus.$inferInsert)[] = [];
    for (let i = 0; i < BATCH_ROWS && done + i < count; i++) {
      const { row, lot, trader, day } = next();
      const grade = pickGrade(rng);
      const defects = rng.pick(DEFECTS[grade.grade]);
      const discountFen = Math.round(rng.int(grade.discount[0], grade.discount[1]) / 10) * 1000;
      const priced = (row.priceFen ?? 0) > 0 && !rng.chance(CALL_FOR_PRICE_SHARE);
      rows.push({
        ...row,
        priceFen: priced ? Math.max(100_000, (row.priceFen ?? 0) - discountFen) : 0,
        grade: grade.grade,
        defects,
        remark: row.remark ?? '',
        searchText: buildSearchText({
          product: lot.product.name,
          material: row.material,
          spec: row.spec,
          mill: row.origin,
          warehouse: row.warehouseName,
          city: row.city,
          supplier: trader.shortName,
          remark: `${grade.grade} ${defects}`,
        }),
      });
      activity.add(trader.userId, trader.companyId, 'stock', day);
    }
    await insertBatched(tx, surplus, rows);
    done += rows.length;
  }
  return done;
}
