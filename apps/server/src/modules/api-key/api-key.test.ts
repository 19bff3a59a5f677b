/** API keys through the API: created once in full, listed without secrets, limited, revocable, own company only. */
import { TRADER_LIMITS } from '@steelport/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { hashApiKey } from './service.ts';

const t = useTestApp();

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });

describe('creating and listing keys', () => {
  it('shows the full key once, stores only its hash, and lists it without secrets', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const res = await call(trader.token, 'POST', '/api/trader/keys', { name: 'ERP 同步', scopes: ['stock'] });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created.key).toMatch(/^spk_[\w-]{43}$/);
    expect(created).toMatchObject({ name: 'ERP 同步', scopes: ['stock'], lastUsedAt: null, revokedAt: null });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(16);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await call(trader.token, 'GET', '/api/trader/keys');
    expect(list.statusCode).toBe(200);
    const text = list.body;
    expect(text).not.toContain(created.key);
    expect(text).not.toContain(row!.keyHash);
    expect(list.json().data.list).toEqual([
      {
        id: created.id,
        name: 'ERP 同步',
        prefix: created.prefix,
        scopes: ['stock'],
        createdAt: created.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
  });

  it('lists the newest first with revoked keys marked, and normalizes the scope order', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const first = (
      await call(trader.token, 'POST', '/api/trader/keys', { name: '旧', scopes: ['stock'] })
    ).json().data;
    const second = (
      await call(trader.token, 'POST', '/api/trader/keys', {
        name: '新',
        scopes: ['quotations', 'surplus', 'stock'],
      })
    ).json().data;
    expect(second.scopes).toEqual(['stock', 'surplus', 'quotations']);
    await call(trader.token, 'DELETE', `/api/trader/keys/${first.id}`);
    const { list } = (await call(trader.token, 'GET', '/api/trader/keys')).json().data;
    expect(list.map((k: { name: string }) => k.name)).toEqual(['新', '旧']);
    expect(list[0].revokedAt).toBeNull();
    expect(list[1].revokedAt).not.toBeNull();
  });

  it('refuses bad bodies with code 2 and keeps each company to its own list', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const other = await makeUser(t.db, { role: 'trader' });
    await call(other.token, 'POST', '/api/trader/keys', { name: '别家', scopes: ['stock'] });
    for (const body of [
      { name: '', scopes: ['stock'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['orders'] },
      { name: 'x', scopes: ['stock', 'stock'] },
      { name: 'x'.repeat(TRADER_LIMITS.apiKeyNameLength + 1), scopes: ['stock'] },
    ]) {
      const res = await call(trader.token, 'POST', '/api/trader/keys', body);
      expect(res.json().code, JSON.stringify(body)).toBe(2);
    }
    expect((await call(trader.token, 'GET', '/api/trader/keys')).json().data.list).toEqual([]);
  });

  it(`allows at most ${TRADER_LIMITS.apiKeysMax} live keys; a revoked one frees a place`, async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const ids: number[] = [];
    for (let i = 0; i < TRADER_LIMITS.apiKeysMax; i++) {
      const res = await call(trader.token, 'POST', '/api/trader/keys', { name: `k${i}`, scopes: ['stock'] });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().data.id);
    }
    const over = await call(trader.token, 'POST', '/api/trader/keys', { name: '多一个', scopes: ['stock'] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 1, data: null });
    expect(over.json().message).toContain(`最多 ${TRADER_LIMITS.apiKeysMax} 个`);
    await call(trader.token, 'DELETE', `/api/trader/keys/${ids[0]}`);
    const again = await call(trader.token, 'POST', '/api/trader/keys', { name: '多一个', scopes: ['stock'] });
    expect(again.json().code).toBe(0);
  });

  it('keeps the limit when creations race', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const answers = await Promise.all(
      Array.from({ length: TRADER_LIMITS.apiKeysMax + 3 }, (_, i) =>
        call(trader.token, 'POST', '/api/trader/keys', { name: `并发${i}`, scopes: ['stock'] }),
      ),
    );
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(TRADER_LIMITS.apiKeysMax);
    expect(codes.filter((c) => c === 1)).toHaveLength(3);
  });
});

describe('who may manage keys', () => {
  it('needs a login, a company, and keeps another company out (404 as missing)', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const other = await makeUser(t.db, { role: 'trader' });
    const member = await makeUser(t.db);
    const admin = await makeUser(t.db, { role: 'admin' });
    const key = (
      await call(trader.token, 'POST', '/api/trader/keys', { name: 'ERP', scopes: ['stock'] })
    ).json().data;

    expect((await t.app.inject({ method: 'GET', url: '/api/trader/keys' })).json().code).toBe(4);
    expect((await call(member.token, 'GET', '/api/trader/keys')).json().code).toBe(5);
    const adminList = await call(admin.token, 'GET', '/api/trader/keys');
    expect(adminList.json()).toMatchObject({ code: 5, message: '该账户未关联企业，无法管理 API 密钥' });

    const stolen = await call(other.token, 'DELETE', `/api/trader/keys/${key.id}`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 6, message: 'API 密钥不存在' });
    const missing = await call(trader.token, 'DELETE', '/api/trader/keys/999999');
    expect(missing.json()).toMatchObject({ code: 6, message: 'API 密钥不存在' });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt).toBeNull();

    const revoked = await call(trader.token, 'DELETE', `/api/trader/keys/${key.id}`);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    const twice = await call(trader.token, 'DELETE', `/api/trader/keys/${key.id}`);
    expect(twice.json().data.revokedAt).toBe(revoked.json().data.revokedAt);
  });
});

describe('a key dies with its trader', () => {
  /** A sync call with the key and an empty body: a live key gets to validation (code 2). */
  const sync = (key: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/trader/sync/stock',
      headers: { 'x-api-key': key },
      payload: {},
    });

  it('is refused once the trader is disabled, and again once it is demoted to a member', async () => {
    for (const change of [{ disabledAt: new Date() }, { role: 'member' as const }]) {
      const trader = await makeUser(t.db, { role: 'trader' });
      const { key } = (
        await call(trader.token, 'POST', '/api/trader/keys', { name: 'ERP', scopes: ['stock'] })
      ).json().data;
      expect((await sync(key)).json().code).toBe(2);
      await t.db.update(users).set(change).where(eq(users.id, trader.id));
      expect((await sync(key)).json()).toMatchObject({ code: 3 });
    }
  });
});
