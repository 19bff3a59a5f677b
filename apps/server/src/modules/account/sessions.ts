/**
 * Sessions: opaque random tokens handed out once and stored only as their SHA-256, with an
 * expiry that is pushed forward while the session is used. Revoking sets revoked_at, so a
 * logged-out token is told apart from one never issued only in the logs, never in the answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions, userMemberships, users, vipCommodities } from '../../db/schema/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** Renew (and write) at most this often, so a busy session does not write on every request. */
const RENEW_AFTER_MS = 3600 * 1000;

/** SHA-256 hex of a token: the only form a token is stored in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  userId: number;
  clientId?: number;
  ip?: string;
  userAgent?: string;
  /** Defaults to SESSION_TTL_MS; tests pass a negative value for an already expired session. */
  ttlMs?: number;
}

/** Creates a session and returns its token; the token is not kept anywhere on the server. */
export async function createSession(db: DbOrTx, input: NewSession): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    clientId: input.clientId ?? 1,
    expiresAt: new Date(Date.now() + (input.ttlMs ?? SESSION_TTL_MS)),
    ip: (input.ip ?? '').slice(0, 64),
    userAgent: (input.userAgent ?? '').slice(0, 300),
  });
  return token;
}

/**
 * Resolves a token to its user, or null when the token is unknown, expired or revoked.
 * One query: session, user and whether the 免豆会员 membership is active now.
 */
export async function findSessionUser(db: Db, token: string): Promise<AuthUser | null> {
  const now = new Date();
  const rows = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      id: users.id,
      role: users.role,
      companyId: users.companyId,
      linkMan: users.linkMan,
      isVip: sql<boolean>`exists (
        select 1 from ${userMemberships} m join ${vipCommodities} c on c.id = m.commodity_id
        where m.user_id = ${users.id} and c.is_vip = 1 and m.starts_at <= now() and m.expires_at > now()
      )`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    sessionId: row.sessionId,
    role: row.role,
    companyId: row.companyId,
    linkMan: row.linkMan,
    isVip: Boolean(row.isVip),
  };
}

/** Revokes one session (logout). */
export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}
