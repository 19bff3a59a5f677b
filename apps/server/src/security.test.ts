/**
 * Security properties that cut across modules (issue 9): the client address cannot be forged,
 * no credential reaches the log, and malformed input of every kind gets the envelope with code 2
 * instead of a 500. The parallel-guess lockout lives in account/login.test.ts, the shutdown in
 * shutdown.test.ts, the fuzzer over every route in openapi-fuzz.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { LOGIN_FREE_FAILURES } from './modules/account/service.ts';
import { useTestApp } from './test/app.ts';
import { makeUser } from './test/factories.ts';

const t = useTestApp({ TEST_HOOKS: '1' });

const failLogin = (ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uaa/login/password',
    payload: { phone: '13955550000', password: 'wrong1234' },
    remoteAddress: ip,
    headers,
  });

describe('client address', () => {
  it('keys limits on the socket address: a forged X-Forwarded-For does not escape them', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
      const res = await failLogin('10.9.0.1', { 'x-forwarded-for': `9.9.9.${i}, 100.64.0.${i}` });
      expect(res.json().code).toBe(1);
    }
    const blocked = await failLogin('10.9.0.1', { 'x-forwarded-for': '1.2.3.4' });
    expect(blocked.json().code).toBe(7);
    // Another socket address is its own client: the wait is not the phone's.
    expect((await failLogin('10.9.0.2', { 'x-forwarded-for': '9.9.9.0' })).json().code).toBe(1);
  });

  it('believes X-Forwarded-For only from the configured number of proxies', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '1', TEST_HOOKS: '1' });
    const app = await buildApp(config, t.database, { logger: false });
    app.get('/api/test/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '9.9.9.9, 100.64.0.1' },
    });
    // One trusted proxy (10.0.0.2) said the client was 100.64.0.1; 9.9.9.9 is the client's own claim.
    expect(res.json().ip).toBe('100.64.0.1');
    await app.close();
  });
});

describe('request log', () => {
  it('never writes a token or a carried-over login from a URL', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST_DIR: '.tmp/no-web-dist' });
    const app = await buildApp(config, t.database, {
      logStream: { write: (line: string) => lines.push(line) },
    });
    const user = await makeUser(t.db);
    await app.inject({
      method: 'GET',
      url: `/?X-Token=${user.token}&loginUser=${encodeURIComponent('{"phone":"13700001111"}')}&tab=1`,
    });
    await app.inject({ method: 'GET', url: '/api/web/user/myInfo', headers: { 'x-token': user.token } });
    // An ERP that puts its key in the query string instead of the X-Api-Key header.
    await app.inject({ method: 'PUT', url: '/api/trader/sync/stock?apiKey=spk_leaked1&api_key=spk_leaked2' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('apiKey=[redacted]');
    expect(log).not.toContain('spk_leaked');
    expect(log).toContain('X-Token=[redacted]');
    expect(log).toContain('tab=1');
    expect(log).not.toContain(user.token);
    expect(log).not.toContain('13700001111');
  });
});

describe('malformed input', () => {
  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: '10.9.1.1',
      headers: { 'content-type': 'application/json' },
    });

  it('refuses a NUL byte or a lone surrogate with code 2 naming the field', async () => {
    const nul = await post('/api/web/2.0/searchCargo/page', { keyword: '热卷\u0000', page: 1, pageSize: 10 });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 2, message: '参数错误：keyword 含有不允许的字符' });
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page',
      headers: { 'content-type': 'application/json' },
      payload: '{"keyword":"\\ud800abc","page":1,"pageSize":10}',
      remoteAddress: '10.9.1.2',
    });
    expect(surrogate.json()).toMatchObject({ code: 2, message: '参数错误：keyword 含有不允许的字符' });
  });

  it('refuses Infinity and integers beyond int4 with code 2', async () => {
    const inf = await t.app.inject({ method: 'GET', url: '/api/web/2.0/article/detail/1e309' });
    expect(inf.statusCode).toBe(400);
    expect(inf.json().code).toBe(2);
    const huge = await post('/api/web/2.0/searchCargo/page', { page: 1, pageSize: 10, priceMax: 1e300 });
    expect(huge.json().code).toBe(2);
    const big = await t.app.inject({ method: 'GET', url: '/api/web/2.0/article/detail/2147483648' });
    expect(big.json().code).toBe(2);
  });

  it('refuses a deeply nested body without overflowing the stack', async () => {
    const depth = 400_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      remoteAddress: '10.9.1.3',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toBe(2);
  });

  it('answers a malformed URL and an oversized body with the envelope', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/web/2.0/article/detail/%C0%AE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 2, data: null });
    const big = await post('/api/uaa/login/password', { phone: '1'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 2, message: '请求内容过大' });
  });

  it('answers headers over 16 KB with 431 and the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/api/web/2.0/common/site?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ code: 2, message: '请求头或地址过长', data: null });
  });
});
