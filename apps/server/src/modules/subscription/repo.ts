/**
 * All SQL of subscriptions: saved searches and their terms, index alerts, the inbox, and the
 * matcher — one INSERT ... SELECT per batch of written rows that joins them to every active term
 * (see db/schema/subscription.ts), never a query per saved search.
 */
import type { IndexAlertKind, Lang, SavedSearchKind } from '@steelport/contracts';
import { and, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  inboxItems,
  indexAlerts,
  indexDays,
  indexDefinitions,
  products,
  savedSearches,
  savedSearchTerms,
  subscriptionSettings,
  users,
} from '../../db/schema/index.ts';
import type { Term } from './normalize.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type IndexAlertRow = typeof indexAlerts.$inferSelect & { indexName: string };
export type InboxRow = typeof inboxItems.$inferSelect & { source: string };

// ---- saved searches ----

/** How many saved searches the user keeps. */
export async function countSearches(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/** Stores a saved search and its terms; returns its id. */
export async function insertSearch(
  db: DbOrTx,
  search: { userId: number; kind: SavedSearchKind; name: string; filter: Record<string, unknown> },
  terms: Term[],
): Promise<number> {
  const [row] = await db.insert(savedSearches).values(search).returning({ id: savedSearches.id });
  const id = row!.id;
  if (terms.length) {
    await db
      .insert(savedSearchTerms)
      .values(terms.map((t) => ({ ...t, savedSearchId: id, userId: search.userId, kind: search.kind })));
  }
  return id;
}

/** The user's saved searches, newest first, with how many items each found and when last. */
export async function listSearches(
  db: DbOrTx,
  userId: number,
): Promise<(SavedSearchRow & { matchCount: number; lastMatchAt: Date | null })[]> {
  const matches = db
    .select({
      savedSearchId: inboxItems.savedSearchId,
      n: count().as('n'),
      last: max(inboxItems.createdAt).as('last'),
    })
    .from(inboxItems)
    .where(eq(inboxItems.userId, userId))
    .groupBy(inboxItems.savedSearchId)
    .as('m');
  const rows = await db
    .select({ s: savedSearches, n: matches.n, last: matches.last })
    .from(savedSearches)
    .leftJoin(matches, eq(matches.savedSearchId, savedSearches.id))
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
  return rows.map((r) => ({
    ...r.s,
    matchCount: Number(r.n ?? 0),
    lastMatchAt: r.last ? new Date(r.last as unknown as string) : null,
  }));
}

/** One saved search of the user, or undefined (another user's id looks like no id at all). */
export async function findSearch(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return row;
}

/** Renames, pauses or resumes; the terms follow the pause so the matcher reads one table. */
export async function updateSearch(
  db: DbOrTx,
  id: number,
  change: { name?: string; pausedAt?: Date | null },
): Promise<void> {
  await db
    .update(savedSearches)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(savedSearches.id, id));
  if (change.pausedAt !== undefined) {
    await db
      .update(savedSearchTerms)
      .set({ active: change.pausedAt === null })
      .where(eq(savedSearchTerms.savedSearchId, id));
  }
}

/** Deletes a saved search (its terms and inbox items go with it). */
export async function deleteSearch(db: DbOrTx, id: number): Promise<void> {
  await db.delete(savedSearches).where(eq(savedSearches.id, id));
}

/** Locks the user's row for the transaction: its saves then run one after another. */
export async function lockUser(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The company of a user (a quotation filter names its trader by user id), or null. */
export async function companyOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.companyId ?? null;
}

// ---- matching ----

const TABLE_OF: Record<SavedSearchKind, string> = {
  cargo: 'cargo',
  surplus: 'surplus',
  quotation: 'quotations',
};

/**
 * Matches written rows of one kind against every active term in one statement and stores an
 * inbox item per (saved search, item): `ON CONFLICT DO NOTHING` keeps a row imported twice (or
 * re-imported under a new id) to one item. With `moveFen` the rows were repriced by that much:
 * only searches with a price bound the old price failed and the new one meets match, and such a
 * match notifies again (a new id, unread) even if the item was found before. Returns the users
 * who got items, once per item.
 */
export async function matchRows(
  db: DbOrTx,
  kind: SavedSearchKind,
  ids: readonly number[],
  moveFen?: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = sql.raw(TABLE_OF[kind]);
  const live = kind === 'quotation' ? sql`r.deleted_at is null` : sql`r.status = 'on_sale'`;
  const grade = kind === 'surplus' ? sql`and (t.grades is null or r.grade = any(t.grades))` : sql``;
  const within = (price: ReturnType<typeof sql>) =>
    sql`(${price} > 0 and (t.price_min_fen is null or ${price} >= t.price_min_fen) and (t.price_max_fen is null or ${price} <= t.price_max_fen))`;
  const repriced =
    moveFen === undefined
      ? sql``
      : sql`and (t.price_min_fen is not null or t.price_max_fen is not null) and not ${within(sql`(r.price_fen - ${moveFen}::int)`)}`;
  const conditions = sql`
    r.id = any(${`{${ids.join(',')}}`}::int[]) and ${live}
    and t.kind = ${kind} and t.active
    and (t.material_ids is null or r.material_id = any(t.material_ids) or r.material = any(t.material_names))
    and (t.mill_ids is null or r.mill_id = any(t.mill_ids) or r.origin = any(t.origin_names))
    and (t.warehouse_ids is null or r.warehouse_id = any(t.warehouse_ids) or r.warehouse_name = any(t.warehouse_names))
    and (t.cities is null or r.city = any(t.cities))
    and (t.company_id is null or r.company_id = t.company_id)
    and (t.thickness_min is null or r.thickness >= t.thickness_min)
    and (t.thickness_max is null or r.thickness <= t.thickness_max)
    and (t.width_min is null or r.width >= t.width_min)
    and (t.width_max is null or r.width <= t.width_max)
    and (t.thicknesses is null or r.thickness = any(t.thicknesses))
    and (t.widths is null or r.width = any(t.widths))
    and (t.lengths is null or r.length = any(t.lengths))
    and (t.price_min_fen is null and t.price_max_fen is null or ${within(sql`r.price_fen`)})
    and (not t.call_for_price or r.price_fen = 0)
    and (t.texts is null or r.search_text ilike all(t.texts))
    and not exists (select 1 from users u where u.id = t.user_id and u.company_id = r.company_id)
    ${grade} ${repriced}`;
  // Each row probes the 16 keys of its product, city, material and mill or `*`
  // (normalize.ts#matchKey): only terms that agree on all four reach the other conditions.
  // A trader is not told about its own company's rows: it published them.
  // A batch may hold one item twice (a sheet listing the same lot twice): DO NOTHING skips the
  // second; DO UPDATE may not touch a row twice, so a reprice first keeps one row per item.
  const distinct = moveFen === undefined ? sql`` : sql`distinct on (x.saved_search_id, x.item_key)`;
  const onConflict =
    moveFen === undefined
      ? sql`on conflict do nothing`
      : sql`on conflict (saved_search_id, item_key) do update set
          id = nextval(pg_get_serial_sequence('inbox_items', 'id')), target_id = excluded.target_id,
          title = excluded.title, price_fen = excluded.price_fen, created_at = now(), read_at = null`;
  const result = await db.execute(sql`
    insert into inbox_items (user_id, kind, saved_search_id, target_id, item_key, title, price_fen)
    select ${distinct} x.user_id, ${kind}, x.saved_search_id, x.id, x.item_key,
      left(concat_ws(' ', p.name, nullif(x.material, ''), x.spec, nullif(x.origin, ''), x.city,
        nullif(x.warehouse_name, '')), 200), x.price_fen
    from (
      select t.saved_search_id, t.user_id, r.id, r.price_fen, r.product_id, r.material, r.spec,
        r.origin, r.city, r.warehouse_name,
        concat_ws('|', r.company_id, r.product_id, r.material, r.spec, r.origin, r.city, r.warehouse_name) as item_key
      from ${table} r
      cross join lateral (values (r.product_id::text), ('*')) kp(k)
      cross join lateral (values (r.city), ('*')) kc(k)
      cross join lateral (values (coalesce(r.material_id::text, '-')), ('*')) km(k)
      cross join lateral (values (coalesce(r.mill_id::text, '-')), ('*')) ko(k)
      join saved_search_terms t on t.match_key = kp.k || ':' || kc.k || ':' || km.k || ':' || ko.k
      where ${conditions}
    ) x
    join products p on p.id = x.product_id
    ${moveFen === undefined ? sql`` : sql`order by x.saved_search_id, x.item_key, x.id desc`}
    ${onConflict}
    returning user_id`);
  return (result as unknown as { rows: { user_id: number }[] }).rows.map((r) => Number(r.user_id));
}

// ---- inbox ----

const inboxColumns = {
  item: inboxItems,
  searchName: savedSearches.name,
  indexName: indexDefinitions.name,
};

/** A page of the user's inbox, newest first. */
export async function inboxPage(
  db: DbOrTx,
  userId: number,
  opts: { unreadOnly: boolean; limit: number; offset: number },
): Promise<InboxRow[]> {
  const rows = await db
    .select(inboxColumns)
    .from(inboxItems)
    .leftJoin(savedSearches, eq(savedSearches.id, inboxItems.savedSearchId))
    .leftJoin(indexAlerts, eq(indexAlerts.id, inboxItems.alertId))
    .leftJoin(indexDefinitions, eq(indexDefinitions.id, indexAlerts.indexId))
    .where(and(eq(inboxItems.userId, userId), opts.unreadOnly ? isNull(inboxItems.readAt) : undefined))
    .orderBy(desc(inboxItems.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({ ...r.item, source: r.searchName ?? r.indexName ?? '' }));
}

/** The latest items one saved search found. */
export async function matchesOf(db: DbOrTx, userId: number, savedSearchId: number, limit: number) {
  const rows = await db
    .select(inboxColumns)
    .from(inboxItems)
    .leftJoin(savedSearches, eq(savedSearches.id, inboxItems.savedSearchId))
    .leftJoin(indexAlerts, eq(indexAlerts.id, inboxItems.alertId))
    .leftJoin(indexDefinitions, eq(indexDefinitions.id, indexAlerts.indexId))
    .where(and(eq(inboxItems.userId, userId), eq(inboxItems.savedSearchId, savedSearchId)))
    .orderBy(desc(inboxItems.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.item, source: r.searchName ?? r.indexName ?? '' }));
}

/** How many items the user has (all, or unread only). */
export async function countInbox(db: DbOrTx, userId: number, unreadOnly: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, userId), unreadOnly ? isNull(inboxItems.readAt) : undefined));
  return row?.n ?? 0;
}

/** Unread counts of several users (those a batch of matches reached). */
export async function unreadCounts(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: inboxItems.userId, n: count() })
    .from(inboxItems)
    .where(and(inArray(inboxItems.userId, [...userIds]), isNull(inboxItems.readAt)))
    .groupBy(inboxItems.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** Marks the user's items read: the given ids, or all of them. Returns how many changed. */
export async function markRead(db: DbOrTx, userId: number, ids: number[] | 'all'): Promise<number> {
  const rows = await db
    .update(inboxItems)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(inboxItems.userId, userId),
        isNull(inboxItems.readAt),
        ids === 'all' ? undefined : inArray(inboxItems.id, ids),
      ),
    )
    .returning({ id: inboxItems.id });
  return rows.length;
}

// ---- index alerts ----

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

// ---- daily digest ----

export type SettingsRow = typeof subscriptionSettings.$inferSelect;

/** The user's digest settings, or undefined before the first change. */
export async function findSettings(db: DbOrTx, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(subscriptionSettings).where(eq(subscriptionSettings.userId, userId));
  return row;
}

/** Stores the user's digest settings (the token is kept once made). */
export async function saveSettings(
  db: DbOrTx,
  userId: number,
  change: { digest?: boolean; quietStart?: number | null; quietEnd?: number | null },
  newToken: string,
): Promise<void> {
  await db
    .insert(subscriptionSettings)
    .values({ userId, unsubscribeToken: newToken, ...change })
    .onConflictDoUpdate({ target: subscriptionSettings.userId, set: { ...change, updatedAt: sql`now()` } });
}

/** Turns the digest off for the link's token; returns whether the token is known. */
export async function unsubscribeByToken(db: DbOrTx, token: string): Promise<boolean> {
  const rows = await db
    .update(subscriptionSettings)
    .set({ digest: false, updatedAt: sql`now()` })
    .where(eq(subscriptionSettings.unsubscribeToken, token))
    .returning({ userId: subscriptionSettings.userId });
  return rows.length > 0;
}

/** A member due a digest: unread items since the last one, and no digest since `cutoff`. */
export interface DigestDue {
  userId: number;
  phone: string;
  quietStart: number | null;
  quietEnd: number | null;
  token: string;
  unread: number;
  latestTitle: string;
  /** the language the member chose (users.lang), null for none */
  lang: Lang | null;
}

/** Opted-in members with unread items newer than their last digest, none sent since `cutoff`. */
export async function digestsDue(db: DbOrTx, cutoff: Date): Promise<DigestDue[]> {
  const result = await db.execute(sql`
    select st.user_id, u.phone, u.lang, st.quiet_start, st.quiet_end, st.unsubscribe_token,
      n.unread, n.latest_title
    from subscription_settings st
    join users u on u.id = st.user_id and u.disabled_at is null
    cross join lateral (
      select count(*)::int as unread, (array_agg(i.title order by i.id desc))[1] as latest_title
      from inbox_items i
      where i.user_id = st.user_id and i.read_at is null
        and i.created_at > coalesce(st.last_digest_at, '-infinity'::timestamptz)
    ) n
    where st.digest and (st.last_digest_at is null or st.last_digest_at < ${cutoff.toISOString()}::timestamptz)
      and n.unread > 0`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    userId: Number(r.user_id),
    phone: String(r.phone),
    quietStart: r.quiet_start === null ? null : Number(r.quiet_start),
    quietEnd: r.quiet_end === null ? null : Number(r.quiet_end),
    token: String(r.unsubscribe_token),
    unread: Number(r.unread),
    latestTitle: String(r.latest_title ?? ''),
    lang: r.lang === 'en' || r.lang === 'zh-CN' ? r.lang : null,
  }));
}

/** Claims a member's digest (one instance sends it): false when another sent it since `cutoff`. */
export async function claimDigest(db: DbOrTx, userId: number, cutoff: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptionSettings)
    .set({ lastDigestAt: sql`now()` })
    .where(
      and(
        eq(subscriptionSettings.userId, userId),
        sql`(${subscriptionSettings.lastDigestAt} is null or ${subscriptionSettings.lastDigestAt} < ${cutoff.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ userId: subscriptionSettings.userId });
  return rows.length > 0;
}
