/**
 * Cloud-warehouse demo goods (云仓): coils of the demo member, the VIP demo user and the demo
 * trader's firm in the cloud-partner warehouses, some of them already gone out, so /beginClound
 * shows stock, totals per warehouse and an in/out history. Deterministic given the rng.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import { cloudCoils, users, warehouses } from '../db/schema/index.ts';
import type { Catalog } from './catalog.ts';
import { lotFields } from './catalog.ts';
import { type ProductKey, productByKey } from './dictionaries.ts';
import { makeLot } from './lots.ts';
import { millsMaking } from './mills.ts';
import type { Rng } from './random.ts';
import { DEMO_ACCOUNTS } from './users.ts';

/** Coil products and the letters their coil numbers start with. */
const COIL_PRODUCTS: [ProductKey, string][] = [
  ['hrc', 'HR'],
  ['crc', 'CR'],
  ['gi', 'GI'],
  ['po', 'PO'],
  ['gl', 'GL'],
];

/** Whose goods and how many coils: [phone, coils, share already gone out]. */
const DEPOSITORS: [phone: string, coils: number, outShare: number][] = [
  [DEMO_ACCOUNTS.member.phone, 36, 0.3],
  [DEMO_ACCOUNTS.vip.phone, 14, 0.25],
  [DEMO_ACCOUNTS.trader.phone, 24, 0.35],
];

/** Inserts the demo coils; returns how many. */
export async function seedCloudCoils(
  tx: Tx,
  rng: Rng,
  ctx: { catalog: Catalog; now: Date },
): Promise<number> {
  const partners = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.cloudPartner, true), eq(warehouses.active, true)))
    .orderBy(warehouses.id);
  if (partners.length === 0) return 0;
  const owners = await tx
    .select({ id: users.id, phone: users.phone, companyId: users.companyId })
    .from(users)
    .where(
      inArray(
        users.phone,
        DEPOSITORS.map(([phone]) => phone),
      ),
    );
  const byPhone = new Map(owners.map((u) => [u.phone, u]));
  const rows: (typeof cloudCoils.$inferInsert)[] = [];
  let serial = 0;
  for (const [phone, count, outShare] of DEPOSITORS) {
    const owner = byPhone.get(phone);
    if (!owner) continue;
    // each depositor uses two to four of the partner warehouses
    const used = rng.sample(partners, Math.min(partners.length, rng.int(2, 4)));
    for (let i = 0; i < count; i++) {
      const [key, letters] = rng.pick(COIL_PRODUCTS);
      const product = productByKey(key);
      const lot = makeLot(rng, product, rng.pick(millsMaking(key)));
      const inAt = new Date(ctx.now.getTime() - rng.int(2, 120) * DAY_MS + rng.int(8, 17) * HOUR_MS);
      const gone = rng.chance(outShare);
      const outAt = gone
        ? new Date(Math.min(ctx.now.getTime() - HOUR_MS, inAt.getTime() + rng.int(1, 40) * DAY_MS))
        : null;
      serial += 1;
      const yymm = inAt.toISOString().slice(2, 7).replace('-', '');
      rows.push({
        userId: owner.id,
        companyId: owner.companyId,
        warehouseId: rng.pick(used).id,
        coilNo: `${letters}${yymm}-${String(1000 + serial * 7 + rng.int(0, 6)).padStart(5, '0')}`,
        ...lotFields(ctx.catalog, lot),
        weightKg: rng.int(product.pieceKg[0], product.pieceKg[1]),
        inAt,
        outAt: outAt && outAt > inAt ? outAt : null,
        status: outAt && outAt > inAt ? 'out' : 'in_stock',
        remark: rng.chance(0.15) ? rng.pick(['待质检', '已过户', '客户自提', '待开平']) : '',
      });
    }
  }
  if (rows.length > 0) await tx.insert(cloudCoils).values(rows);
  return rows.length;
}
