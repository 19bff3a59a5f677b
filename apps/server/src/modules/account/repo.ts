/**
 * Every query of the account module: users, their companies and sessions, the tables it owns and
 * alone writes (the bean ledger and the `beans` balance are the beans module's, the audit log the
 * audit module's). Each function takes `DbOrTx` so a
 * service can run several inside one transaction; queries run one after another (a transaction
 * is one connection).
 */
import type { Lang, Role } from '@steelport/contracts';
import { and, asc, eq, gt, isNull, lte, max, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  companies,
  companyNameKey,
  membershipPeriods,
  sessions,
  users,
  vipCommodities,
} from '../../db/schema/index.ts';

/** What login needs of a user. */
export async function findLoginByPhone(
  db: DbOrTx,
  phone: string,
): Promise<{ id: number; passwordHash: string | null; role: string; disabledAt: Date | null } | null> {
  const rows = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      role: users.role,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  return rows[0] ?? null;
}

/** What a login needs to know of a user: whether an operator disabled it, and its role. */
export async function loginStateOf(
  db: DbOrTx,
  userId: number,
): Promise<{ disabled: boolean; role: string } | undefined> {
  const rows = await db
    .select({ at: users.disabledAt, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] && { disabled: rows[0].at != null, role: rows[0].role };
}

/** Finds a user id by phone. */
export async function findUserIdByPhone(db: DbOrTx, phone: string): Promise<number | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0]?.id ?? null;
}

/** The language the user of `phone` chose, null for none or no such user. */
export async function langOfPhone(db: DbOrTx, phone: string): Promise<Lang | null> {
  const rows = await db.select({ lang: users.lang }).from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0]?.lang ?? null;
}

/** A whole user row (profile edits, operator promotion). */
export async function findUser(db: DbOrTx, userId: number) {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** A whole user row by phone (operator promotion). */
export async function findUserByPhone(db: DbOrTx, phone: string) {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0] ?? null;
}

/** The stored password hash of a user, or undefined when there is no such user. */
export async function passwordHashOf(db: DbOrTx, userId: number): Promise<string | null | undefined> {
  const rows = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.passwordHash;
}

/** Whether a company of that exact name exists. */
export async function companyNameTaken(db: DbOrTx, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companyNameKey(companies.name)} = ${companyNameKey(name)}`)
    .limit(1);
  return rows.length > 0;
}

/** The full name of a company, or null when there is none. */
export async function companyNameOf(db: DbOrTx, companyId: number): Promise<string | null> {
  const rows = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return rows[0]?.name ?? null;
}

/**
 * Creates a company with its contact; null when the name is taken (a unique-index race lets
 * one of two registrations through).
 */
export async function insertCompany(
  db: DbOrTx,
  input: { name: string; contactName: string; contactPhone: string },
): Promise<number | null> {
  const rows = await db
    .insert(companies)
    .values({
      name: input.name,
      // The short name is what search and the supplier panel show; an operator refines it later.
      shortName: input.name.slice(0, 30),
      city: '',
      contactName: input.contactName,
      contactPhone: input.contactPhone,
    })
    .onConflictDoNothing()
    .returning({ id: companies.id });
  return rows[0]?.id ?? null;
}

/** Sets the contact name of a company (its full name is fixed once set: an operator renames it). */
export async function updateCompanyContact(
  db: DbOrTx,
  companyId: number,
  contactName: string,
): Promise<void> {
  await db.update(companies).set({ contactName }).where(eq(companies.id, companyId));
}

/** Gives a company its new full name (an operator's change; a trader's own is refused). */
export async function renameCompany(db: DbOrTx, companyId: number, name: string): Promise<void> {
  await db.update(companies).set({ name }).where(eq(companies.id, companyId));
}

/** The fields of its company a trader edits on its profile (the full name is not one of them). */
export type CompanyProfileWrite = Partial<
  Pick<
    typeof companies.$inferSelect,
    'shortName' | 'city' | 'address' | 'contactName' | 'contactPhone' | 'mainProducts' | 'intro'
  >
>;

/** Updates a company's profile. */
export async function updateCompanyProfile(db: DbOrTx, id: number, v: CompanyProfileWrite): Promise<void> {
  await db.update(companies).set(v).where(eq(companies.id, id));
}

/** Creates a user; null when the phone is already registered. */
export async function insertUser(
  db: DbOrTx,
  input: {
    phone: string;
    passwordHash: string | null;
    linkMan: string;
    role: Role;
    companyId?: number | null;
  },
): Promise<number | null> {
  const rows = await db
    .insert(users)
    .values({
      phone: input.phone,
      passwordHash: input.passwordHash,
      linkMan: input.linkMan,
      role: input.role,
      companyId: input.companyId ?? null,
    })
    .onConflictDoNothing({ target: users.phone })
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

/** Changes some of a user's fields (and touches updated_at). */
export async function updateUser(
  db: DbOrTx,
  userId: number,
  fields: Partial<{
    linkMan: string;
    passwordHash: string;
    role: Role;
    companyId: number;
    lang: Lang;
    disabledAt: Date | null;
    disabledReason: string | null;
  }>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The rows behind a user's own profile (`present.ts#presentMyInfo` shapes them). */
export async function loadMyInfoRows(db: DbOrTx, userId: number) {
  const now = new Date();
  const user = await db
    .select({
      id: users.id,
      linkMan: users.linkMan,
      phone: users.phone,
      role: users.role,
      beans: users.beans,
      lang: users.lang,
      companyId: companies.id,
      companyName: companies.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  const commodities = await db
    .select({ id: vipCommodities.id, name: vipCommodities.name, dataAccess: vipCommodities.dataAccess })
    .from(vipCommodities)
    .where(eq(vipCommodities.active, true))
    .orderBy(asc(vipCommodities.sort), asc(vipCommodities.id));
  // A renewal bought before expiry starts where the current period ends (vip/settlement.ts), so the
  // entry is active while a period covers now and runs to the end of the latest unexpired one.
  // Read from membership_periods: a colleague's 企业会员 seat counts as the owner's periods.
  const memberships = await db
    .select({ commodityId: membershipPeriods.commodityId, expiresAt: max(membershipPeriods.expiresAt) })
    .from(membershipPeriods)
    .where(and(eq(membershipPeriods.userId, userId), gt(membershipPeriods.expiresAt, now)))
    .groupBy(membershipPeriods.commodityId)
    .having(sql`bool_or(${lte(membershipPeriods.startsAt, now)})`);
  return { user: user[0] ?? null, commodities, memberships };
}

export type MyInfoRows = Awaited<ReturnType<typeof loadMyInfoRows>>;

// --- sessions ---------------------------------------------------------------------------------

/** Stores a new session (its token only as a hash). */
export async function insertSession(
  db: DbOrTx,
  input: {
    userId: number;
    tokenHash: string;
    clientId: number;
    expiresAt: Date;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  await db.insert(sessions).values(input);
}

/** The live-session lookup (findLiveSession), to be prepared once per database. */
function prepareLiveSession(db: Db) {
  return (
    db
      .select({
        sessionId: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        id: users.id,
        role: users.role,
        companyId: users.companyId,
        linkMan: users.linkMan,
        lang: users.lang,
        isVip: sql<boolean>`exists (
        select 1 from ${membershipPeriods} m join ${vipCommodities} c on c.id = m.commodity_id
        where m.user_id = ${users.id} and c.is_vip = 1 and m.starts_at <= now() and m.expires_at > now()
      )`,
        dataAccess: sql<boolean>`exists (
        select 1 from ${membershipPeriods} m join ${vipCommodities} c on c.id = m.commodity_id
        where m.user_id = ${users.id} and c.data_access and m.starts_at <= now() and m.expires_at > now()
      )`,
        freeUnlocks: sql<boolean>`exists (
        select 1 from ${membershipPeriods} m join ${vipCommodities} c on c.id = m.commodity_id
        where m.user_id = ${users.id} and c.free_unlocks and m.starts_at <= now() and m.expires_at > now()
      )`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A disabled user's sessions stop working at once (issue 18): they resolve to nothing.
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.disabledAt),
        ),
      )
      .limit(1)
      .prepare('find_live_session')
  );
}

/**
 * Every signed-in request looks its session up: built once per database and prepared (named),
 * so neither Drizzle builds the statement nor PostgreSQL plans it again on each request.
 */
const liveSessionQueries = new WeakMap<Db, ReturnType<typeof prepareLiveSession>>();

function liveSessionQuery(db: Db): ReturnType<typeof prepareLiveSession> {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = prepareLiveSession(db);
    liveSessionQueries.set(db, query);
  }
  return query;
}

/**
 * The live session of a token hash with its user, whether the 免豆会员 membership is active now,
 * whether any membership that opens data is and whether any that unlocks contacts free is: one
 * query, since every authenticated request asks it. Memberships are `membership_periods`, so a
 * held 企业会员 seat counts as its owner's periods.
 */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const rows = await liveSessionQuery(db).execute({ tokenHash, now: now.toISOString() });
  return rows[0] ?? null;
}

/** Pushes a session's expiry forward from `now`. */
export async function renewSession(db: DbOrTx, sessionId: number, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
}

/** Revokes one session (logout). */
export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Revokes every live session of a user except `keepSessionId` (after a password change; none kept
 * after a reset or when an operator disables the user), as of `at`.
 */
export async function revokeOtherSessions(
  db: DbOrTx,
  userId: number,
  keepSessionId: number | null,
  at = new Date(),
) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== null) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(...conditions));
}
