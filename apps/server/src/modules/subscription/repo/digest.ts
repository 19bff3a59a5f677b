/**
 * The daily digest: a member's settings, who is due one, and the claim that sends it once.
 */
import type { Lang } from '@steelport/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { subscriptionSettings } from '../../../db/schema/index.ts';

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
