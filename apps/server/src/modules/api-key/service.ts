/**
 * API keys for ERP sync (issue 17): a trader creates a key (shown once, stored as its SHA-256
 * like session tokens), lists its company's keys and revokes them. The auth plugin resolves the
 * `X-Api-Key` of a sync request through `findCaller`, which also records the key's last use.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_SCOPES,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyInfo,
  type ApiKeyList,
  TRADER_LIMITS,
} from '@steelport/contracts';
import { MINUTE_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, Forbidden, NotFound } from '../../errors.ts';
import type { ApiKeyCaller, AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import { knownScopes, presentApiKey } from './present.ts';
import {
  findLiveKey,
  insertKey,
  keysOf,
  liveKeyCount,
  lockCompany,
  revokeKey,
  revokeKeysOfUser,
  touchKey,
} from './repo.ts';

/** What every key starts with, so a leaked one is recognizable (and greppable in a repository). */
export const API_KEY_MARK = 'spk_';
/** Characters of the key the list shows: the mark and eight random ones. */
const PREFIX_LENGTH = API_KEY_MARK.length + 8;
/** last_used_at is written at most this often per key. */
const TOUCH_EVERY_MS = MINUTE_MS;

/** SHA-256 hex of a key: the only form a key is stored in. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The company of a trader; an operator without one has no keys to manage (code 5). */
function companyOf(user: AuthUser | null): number {
  if (user?.companyId == null)
    throw new Forbidden(
      say(
        '该账户未关联企业，无法管理 API 密钥',
        'This account is not linked to a company and cannot manage API keys',
      ),
    );
  return user.companyId;
}

/**
 * Resolves a key from `X-Api-Key` to its company and scopes, or null when it is unknown or
 * revoked; records the use at most once a minute, so a busy ERP does not write on every call.
 * app.ts hands it to the auth plugin.
 */
export async function findApiKeyCaller(db: Db, key: string, at = new Date()): Promise<ApiKeyCaller | null> {
  const row = await findLiveKey(db, hashApiKey(key));
  if (!row) return null;
  if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await touchKey(db, row.id, at, new Date(at.getTime() - TOUCH_EVERY_MS));
  }
  return { keyId: row.id, companyId: row.companyId, scopes: knownScopes(row.scopes) };
}

/**
 * Revokes, inside an operator's write that disables or demotes `user`, the keys that user created
 * and, once its company has no enabled trader left, all of the company's keys: the ids, for the
 * write's audit row. (`findLiveKey` already refuses them; revoking makes it last and shows it.)
 */
export function revokeKeysOf(tx: DbOrTx, user: { id: number; companyId: number | null }, at = new Date()) {
  return revokeKeysOfUser(tx, user, at);
}

/** The API key service over the database. */
export function apiKeyService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** The company's keys, newest first; revoked ones carry revokedAt. */
    async list(user: AuthUser | null): Promise<ApiKeyList> {
      const rows = await keysOf(db, companyOf(user));
      return { list: rows.map(presentApiKey) };
    },

    /** Creates a key and returns it in full, the only time it is shown. Code 1 beyond the limit. */
    async create(user: AuthUser | null, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
      const companyId = companyOf(user);
      const key = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
      const scopes = API_KEY_SCOPES.filter((s) => body.scopes.includes(s));
      const row = await db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        if ((await liveKeyCount(tx, companyId)) >= TRADER_LIMITS.apiKeysMax) {
          throw new BusinessError(
            say(
              `每家企业最多 ${TRADER_LIMITS.apiKeysMax} 个有效的 API 密钥，请先停用不再使用的密钥`,
              `A company may have at most ${TRADER_LIMITS.apiKeysMax} live API keys; revoke the ones you no longer use first`,
            ),
          );
        }
        return insertKey(tx, {
          companyId,
          createdBy: user!.id,
          name: body.name,
          prefix: key.slice(0, PREFIX_LENGTH),
          keyHash: hashApiKey(key),
          scopes: [...scopes],
        });
      });
      return { ...presentApiKey(row), key };
    },

    /** Revokes a key of the company at once; another company's key is missing (code 6). */
    async revoke(user: AuthUser | null, id: number): Promise<ApiKeyInfo> {
      const row = await revokeKey(db, companyOf(user), id, now());
      if (!row) throw new NotFound(say('API 密钥不存在', 'API key not found'));
      return presentApiKey(row);
    },
  };
}
