/** The application core through the real HTTP stack: envelope, errors, auth, health, docs. */
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { sessions } from './db/schema/index.ts';
import { createSession, hashToken } from './modules/account/sessions.ts';
import { useTestApp } from './test/app.ts';
import { makeUser } from './test/factories.ts';

const t = useTestApp({ TEST_HOOKS: '1' });

describe('envelope and errors', () => {
  it('answers unknown API paths with 404 and code 6', async () => {
    for (const url of ['/api/web/2.0/nothing-here', '/ma/nothing', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 6,
        message: '接口不存在',
        data: null,
        requestId: expect.any(String),
      });
    }
  });

  it('names the offending field with code 2 and never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/session', payload: { phone: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 2,
      message: expect.stringMatching(/^参数错误：phone 格式不正确/),
      data: null,
    });

    const missing = await t.app.inject({ method: 'POST', url: '/api/test/session', payload: {} });
    expect(missing.json()).toMatchObject({ code: 2, message: '参数错误：phone 不能为空' });

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(2);
  });

  it('hides the text of unexpected errors', async () => {
    const app = await buildApp(t.config, t.database, { logger: false });
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      message: '服务器繁忙，请稍后再试',
      data: null,
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('refuses to register an API route that does not declare its access', async () => {
    const app = await buildApp(t.config, t.database, { logger: false });
    expect(() =>
      app.get('/api/web/undeclared', { schema: { response: { 200: Type.Object({}) } } }, async () => ({})),
    ).toThrow(/config.access/);
    await app.close();
  });

  it('tags every answer with a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });
});

describe('health and docs', () => {
  it('checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { status: 'ok', database: 'ok' } });
  });

  it('serves the OpenAPI document with the portal paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/web/2.0/common/productMap', '/api/web/user/myInfo']),
    );
  });
});

describe('auth', () => {
  it('asks a visitor to log in on a member route (code 4)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/web/user/myInfo' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 4, data: null });
  });

  it('answers code 3 for an unknown, an expired and a revoked token', async () => {
    const user = await makeUser(t.db);
    const expired = await createSession(t.db, { userId: user.id, ttlMs: -60_000 });
    const revoked = await createSession(t.db, { userId: user.id });
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(revoked)));

    for (const token of ['no-such-token', expired, revoked]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/web/user/myInfo',
        headers: { 'x-token': token },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 3,
        message: 'token过期,需要重新登录',
        data: null,
        requestId: expect.any(String),
      });
    }
    // A stale token on a public route is reported too, so the portal can log the user out.
    const publicRes = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/common/productMap',
      headers: { 'x-token': expired },
    });
    expect(publicRes.json().code).toBe(3);
  });

  it('accepts the token as X-Token or as a Bearer header', async () => {
    const user = await makeUser(t.db, { linkMan: '赵敏' });
    for (const headers of [{ 'x-token': user.token }, { authorization: `Bearer ${user.token}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/web/user/myInfo', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.linkMan).toBe('赵敏');
    }
  });

  it('stores only the hash of a token', async () => {
    const user = await makeUser(t.db);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(user.token));
    expect(JSON.stringify(rows)).not.toContain(user.token);
  });
});
