/**
 * API key rows -> ApiKeyInfo. The hash never leaves the server; the full key appears only in the
 * answer that creates it (service.ts adds it there).
 */
import { API_KEY_SCOPES, type ApiKeyInfo, type ApiKeyScope } from '@steelport/contracts';
import type { ApiKeyRow } from './repo.ts';

/** The stored scopes that the contract knows, in the contract's order. */
export function knownScopes(scopes: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => scopes.includes(s));
}

/** One key as its company's list shows it: name, prefix, scopes and dates, never the hash. */
export function presentApiKey(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
