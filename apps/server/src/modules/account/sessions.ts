/**
 * Sessions: opaque random tokens handed out once and stored only as their SHA-256, with an
 * expiry that is pushed forward while the session is used. Revoking sets revoked_at, so a
 * logged-out token is told apart from one never issued only in the logs, never in the answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS, HOUR_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findLiveSession, insertSession, renewSession } from './repo.ts';

export const SESSION_TTL_MS = 7 * DAY_MS;
/** Renew (and write) at most this often, so a busy session does not write on every request. */
const RENEW_AFTER_MS = HOUR_MS;

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
  await insertSession(db, {
    userId: input.userId,
    tokenHash: hashToken(token),
    clientId: input.clientId ?? 1,
    expiresAt: new Date(Date.now() + (input.ttlMs ?? SESSION_TTL_MS)),
    ip: (input.ip ?? '').slice(0, 64),
    userAgent: (input.userAgent ?? '').slice(0, 300),
  });
  return token;
}

/** Resolves a token to its user, or null when the token is unknown, expired or revoked. */
export async function findSessionUser(db: Db, token: string): Promise<AuthUser | null> {
  const now = new Date();
  const row = await findLiveSession(db, hashToken(token), now);
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > RENEW_AFTER_MS) {
    await renewSession(db, row.sessionId, now, new Date(now.getTime() + SESSION_TTL_MS));
  }
  return {
    id: row.id,
    sessionId: row.sessionId,
    role: row.role,
    companyId: row.companyId,
    linkMan: row.linkMan,
    isVip: Boolean(row.isVip),
    dataAccess: Boolean(row.dataAccess),
    freeUnlocks: Boolean(row.freeUnlocks),
    lang: row.lang,
  };
}
