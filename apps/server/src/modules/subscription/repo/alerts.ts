/**
 * Index alerts: their rows, the ones to evaluate after the index job, and the inbox items they fire
 * (price crossings and market daily reports).
 */
import type { IndexAlertKind, Lang } from '@steelport/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { inboxItems, indexAlerts, indexDays, indexDefinitions, products } from '../../../db/schema/index.ts';

export type IndexAlertRow = typeof indexAlerts.$inferSelect & { indexName: string };

/** How many index alerts the user keeps. */
export async function countAlerts(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(indexAlerts).where(eq(indexAlerts.userId, userId));
  return row?.n ?? 0;
}

/** An index definition's name and its newest day, or undefined when there is no such index. */
export async function indexWithLatestDay(
  db: DbOrTx,
  indexId: number,
): Promise<{ name: string; day: { priceFen: number; changeFen: number } | null } | undefined> {
  const [def] = await db
    .select({ name: indexDefinitions.name })
    .from(indexDefinitions)
    .where(eq(indexDefinitions.id, indexId));
  if (!def) return undefined;
  const [day] = await db
    .select({ priceFen: indexDays.priceFen, changeFen: indexDays.changeFen })
    .from(indexDays)
    .where(eq(indexDays.indexId, indexId))
    .orderBy(desc(indexDays.day))
    .limit(1);
  return { name: def.name, day: day ?? null };
}

/** Stores an index alert; returns its id. */
export async function insertAlert(db: DbOrTx, alert: typeof indexAlerts.$inferInsert): Promise<number> {
  const [row] = await db.insert(indexAlerts).values(alert).returning({ id: indexAlerts.id });
  return row!.id;
}

const alertColumns = { alert: indexAlerts, indexName: indexDefinitions.name };

/** The user's index alerts, newest first. */
export async function listAlerts(db: DbOrTx, userId: number): Promise<IndexAlertRow[]> {
  const rows = await db
    .select(alertColumns)
    .from(indexAlerts)
    .innerJoin(indexDefinitions, eq(indexDefinitions.id, indexAlerts.indexId))
    .where(eq(indexAlerts.userId, userId))
    .orderBy(desc(indexAlerts.id));
  return rows.map((r) => ({ ...r.alert, indexName: r.indexName }));
}

/** One index alert of the user, or undefined. */
export async function findAlert(db: DbOrTx, userId: number, id: number): Promise<IndexAlertRow | undefined> {
  const [row] = await db
    .select(alertColumns)
    .from(indexAlerts)
    .innerJoin(indexDefinitions, eq(indexDefinitions.id, indexAlerts.indexId))
    .where(and(eq(indexAlerts.id, id), eq(indexAlerts.userId, userId)));
  return row ? { ...row.alert, indexName: row.indexName } : undefined;
}

/** Pauses or resumes an index alert. */
export async function setAlertPaused(db: DbOrTx, id: number, pausedAt: Date | null): Promise<void> {
  await db.update(indexAlerts).set({ pausedAt, updatedAt: sql`now()` }).where(eq(indexAlerts.id, id));
}

/** Deletes an index alert (its inbox items go with it). */
export async function deleteAlert(db: DbOrTx, id: number): Promise<void> {
  await db.delete(indexAlerts).where(eq(indexAlerts.id, id));
}

/** An active alert with the newest day of its index. */
export interface AlertToEvaluate {
  id: number;
  userId: number;
  indexId: number;
  indexName: string;
  /** the index's English name ('' when it has none) */
  indexNameEn: string;
  /** the language the alert's owner chose (users.lang), null for none */
  lang: Lang | null;
  kind: Exclude<IndexAlertKind, 'report'>;
  levelFen: number | null;
  movePercent: number | null;
  armed: boolean;
  day: string;
  priceFen: number;
  changeFen: number;
}

/** Every active (not paused) price alert with its index's newest day (report alerts: reportItems). */
export async function alertsToEvaluate(db: DbOrTx): Promise<AlertToEvaluate[]> {
  const result = await db.execute(sql`
    select a.id, a.user_id, a.index_id, d.name as index_name, d.name_en as index_name_en, u.lang,
      a.kind, a.level_fen, a.move_percent, a.armed, l.day, l.price_fen, l.change_fen
    from index_alerts a
    join index_definitions d on d.id = a.index_id
    join users u on u.id = a.user_id
    cross join lateral (select day::text as day, price_fen, change_fen from index_days
      where index_id = a.index_id order by day desc limit 1) l
    where a.paused_at is null and a.kind <> 'report'`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    indexId: Number(r.index_id),
    indexName: String(r.index_name),
    indexNameEn: String(r.index_name_en ?? ''),
    lang: r.lang === 'en' || r.lang === 'zh-CN' ? r.lang : null,
    kind: r.kind as AlertToEvaluate['kind'],
    levelFen: r.level_fen === null ? null : Number(r.level_fen),
    movePercent: r.move_percent === null ? null : Number(r.move_percent),
    armed: Boolean(r.armed),
    day: String(r.day),
    priceFen: Number(r.price_fen),
    changeFen: Number(r.change_fen),
  }));
}

/** Sets alerts armed or disarmed (the fired ones also get their time). */
export async function setArmed(db: DbOrTx, ids: number[], armed: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(indexAlerts)
    .set(armed ? { armed } : { armed, lastFiredAt: sql`now()` })
    .where(inArray(indexAlerts.id, ids));
}

/** Inbox items of fired alerts; one per alert and day. Returns the users reached. */
export async function insertAlertItems(
  db: DbOrTx,
  items: { userId: number; alertId: number; indexId: number; day: string; title: string; priceFen: number }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(inboxItems)
    .values(
      items.map((i) => ({
        userId: i.userId,
        kind: 'index' as const,
        alertId: i.alertId,
        targetId: i.indexId,
        itemKey: i.day,
        title: i.title,
        priceFen: i.priceFen,
        day: i.day,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: inboxItems.userId });
  return rows.map((r) => r.userId);
}

/**
 * Inbox items of report alerts (issue 19): each active alert on an index of a product whose
 * 市场日报 appeared (published, after the alert was set) gets the newest report once. `reports`
 * names the products that have reports and the prefix of their articles' generated key.
 * Returns the users reached.
 */
export async function insertReportItems(
  db: DbOrTx,
  reports: readonly { productName: string; keyPrefix: string }[],
): Promise<number[]> {
  if (reports.length === 0) return [];
  const names = `{${reports.map((r) => `"${r.productName}"`).join(',')}}`;
  const prefixes = `{${reports.map((r) => `"${r.keyPrefix}"`).join(',')}}`;
  const result = await db.execute(sql`
    insert into inbox_items (user_id, kind, alert_id, target_id, item_key, title, price_fen, day)
    select a.user_id, 'article', a.id, ar.id, 'report:' || ar.day,
      -- the owner's language (users.lang); the report's title itself is Chinese, like its body
      left(case when u.lang = 'en' then 'Published: ' || ar.title else ar.title || ' 已发布' end, 200), 0,
      ar.day::date
    from index_alerts a
    join users u on u.id = a.user_id
    join index_definitions d on d.id = a.index_id
    join products p on p.id = d.product_id
    join unnest(${names}::text[], ${prefixes}::text[]) as rp(name, prefix) on rp.name = p.name
    cross join lateral (
      select x.id, x.title, split_part(x.generated_key, ':', 3) as day
      from articles x
      where x.generated_key like rp.prefix || '%' and x.status = 'published'
        and x.published_at <= now() and x.published_at > a.created_at
      order by x.published_at desc
      limit 1
    ) ar
    where a.kind = 'report' and a.paused_at is null
    on conflict do nothing
    returning user_id`);
  return (result as unknown as { rows: { user_id: number }[] }).rows.map((r) => Number(r.user_id));
}

/** The product of an index: its name, null for a composite index, undefined for no such index. */
export async function indexProductName(db: DbOrTx, indexId: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ name: products.name })
    .from(indexDefinitions)
    .leftJoin(products, eq(products.id, indexDefinitions.productId))
    .where(eq(indexDefinitions.id, indexId));
  return row ? row.name : undefined;
}
