/** SQL of the home page's own blocks: the newest spot stock on sale. */
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cargo, companies, homeAnnouncements, products } from '../../db/schema/index.ts';

/** The `limit` lots on sale updated last (walks cargo_updated_at_idx backwards). */
export async function newestCargo(db: DbOrTx, limit: number) {
  return db
    .select({
      id: cargo.id,
      product: products.name,
      material: cargo.material,
      spec: cargo.spec,
      origin: cargo.origin,
      city: cargo.city,
      warehouse: cargo.warehouseName,
      weightKg: cargo.weightKg,
      priceFen: cargo.priceFen,
      supplier: companies.shortName,
      updatedAt: cargo.updatedAt,
    })
    .from(cargo)
    .innerJoin(products, eq(products.id, cargo.productId))
    .innerJoin(companies, eq(companies.id, cargo.companyId))
    .where(eq(cargo.status, 'on_sale'))
    .orderBy(desc(cargo.updatedAt), desc(cargo.id))
    .limit(limit);
}
export type NewestCargoRow = Awaited<ReturnType<typeof newestCargo>>[number];

/**
 * The announcement the home page shows now: the newest active one whose window (open ends are
 * no limit) contains now, or null.
 */
export async function currentAnnouncement(db: DbOrTx) {
  const [row] = await db
    .select({
      id: homeAnnouncements.id,
      text: homeAnnouncements.text,
      linkUrl: homeAnnouncements.linkUrl,
      startsAt: homeAnnouncements.startsAt,
      endsAt: homeAnnouncements.endsAt,
    })
    .from(homeAnnouncements)
    .where(
      and(
        eq(homeAnnouncements.active, true),
        or(isNull(homeAnnouncements.startsAt), lte(homeAnnouncements.startsAt, sql`now()`)),
        or(isNull(homeAnnouncements.endsAt), gt(homeAnnouncements.endsAt, sql`now()`)),
      ),
    )
    .orderBy(desc(homeAnnouncements.id))
    .limit(1);
  return row ?? null;
}
export type AnnouncementRow = NonNullable<Awaited<ReturnType<typeof currentAnnouncement>>>;
