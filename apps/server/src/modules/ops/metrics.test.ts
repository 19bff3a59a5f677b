/**
 * Issue 32 item 5: /metrics (Prometheus text, per-route request histogram, logins by outcome,
 * access by METRICS_ALLOW or the METRICS_TOKEN bearer), /readyz (database, store, migrations),
 * and the request id in every error envelope and in the log lines of services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createMetrics } from '../../metrics.ts';
import { type KvStore, memoryStore, openStore } from '../../store/index.ts';
import { openTestDatabase } from '../../test/db.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

// One app for the file, built by hand: it logs (the request id on service lines), its store can be
// made to fail, and its database is closed by the last test (readyz).
let app: App;
let database: Database;
let storeDown = false;
const lines: Record<string, unknown>[] = [];
const base = memoryStore();
const store: KvStore = {
  ...base,
  get: async (key) => {
    if (storeDown) throw new Error('store down');
    return base.get(key);
  },
};
let databaseClosed = false;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '.tmp/no-web-dist',
    METRICS_TOKEN: TOKEN,
  });
  app = await buildApp(config, database, {
    store,
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await store.close();
  if (!databaseClosed) await database?.close();
});

const scrape = (opts: { remoteAddress?: string; authorization?: string } = {}) =>
  app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    headers: opts.authorization ? { authorization: opts.authorization } : {},
  });

describe('GET /metrics', () => {
  it('answers in the text format with the request histogram labelled by route pattern', async () => {
    const search = await app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page?utm=x',
      payload: { page: 1, pageSize: 10 },
      remoteAddress: '10.32.0.1',
    });
    expect(search.json().code).toBe(0);
    const unknown = await app.inject({ method: 'GET', url: '/api/web/made-up-path-4711' });
    expect(unknown.statusCode).toBe(404);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE steelport_http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /steelport_http_request_duration_seconds_count\{method="POST",route="\/api\/web\/2\.0\/searchCargo\/page",status_code="200"\} [1-9]/,
    );
    // Never the raw URL: the query string is no label.
    expect(res.body).not.toContain('utm=x');
    // A path no route knows is one label, so made-up URLs add no series.
    expect(res.body).not.toContain('made-up-path-4711');
    expect(res.body).toMatch(/route="unmatched",status_code="404"/);
    // Node's defaults, the pool, the streams and payments by state are there too.
    expect(res.body).toContain('steelport_process_resident_memory_bytes');
    expect(res.body).toContain('steelport_nodejs_eventloop_lag_seconds');
    expect(res.body).toMatch(/steelport_db_pool_connections\{state="waiting"\} 0/);
    expect(res.body).toMatch(/steelport_sse_streams_open 0/);
    expect(res.body).toMatch(/steelport_payments\{state="paid"\} \d+/);
  });

  it('counts a failed login by its outcome', async () => {
    const failed = await app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      payload: { phone: '13932000001', password: 'wrong1234' },
      remoteAddress: '10.32.0.2',
    });
    expect(failed.json().code).toBe(1);
    const res = await scrape();
    expect(res.body).toMatch(/steelport_logins_total\{way="password",outcome="unregistered"\} 1/);
  });

  it('refuses an address outside METRICS_ALLOW and a wrong token, and lets the token in', async () => {
    const outside = await scrape({ remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 5, data: null, requestId: expect.any(String) });
    const wrong = await scrape({ remoteAddress: '203.0.113.7', authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(403);
    const right = await scrape({ remoteAddress: '203.0.113.7', authorization: `Bearer ${TOKEN}` });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('steelport_http_request_duration_seconds');
  });

  it('is not in the public API document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).not.toContain('/readyz');
  });
});

describe('the request id', () => {
  it('is in the error envelope and the header, as the caller gave it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/web/no-such-thing',
      headers: { 'x-request-id': 'support-ticket-4711' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('support-ticket-4711');
    expect(res.json()).toEqual({
      code: 6,
      message: '接口不存在',
      data: null,
      requestId: 'support-ticket-4711',
    });
  });

  it('is in an error envelope the route schema describes (validation)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      payload: { phone: '1', password: 'x' },
      headers: { 'x-request-id': 'validation-0001' },
      remoteAddress: '10.32.0.3',
    });
    expect(res.json()).toMatchObject({ code: 2, requestId: 'validation-0001' });
  });
});

describe('GET /readyz and the log lines of services', () => {
  it("writes the request's id on the lines a service logs through the app's logger", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/uaa/sms/send',
      payload: { phone: '13932000002', purpose: 'register' },
      headers: { 'x-request-id': 'sms-request-0001' },
      remoteAddress: '10.32.0.4',
    });
    expect(res.json().code).toBe(0);
    const sandbox = lines.find((line) => line.msg === 'sandbox SMS');
    expect(sandbox).toMatchObject({ reqId: 'sms-request-0001' });
    // Fastify's own request lines keep theirs, once.
    const incoming = lines.find(
      (line) => line.msg === 'incoming request' && line.reqId === 'sms-request-0001',
    );
    expect(incoming).toBeTruthy();
  });

  it('answers 200 when the database, the store and the migrations are ready', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ready: true,
      checks: { database: 'ok', store: 'ok', migrations: 'ok' },
    });
  });

  it('answers 503 naming the store when it fails', async () => {
    storeDown = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 500,
        message: '服务未就绪：store',
        data: { ready: false, checks: { database: 'ok', store: 'failed', migrations: 'ok' } },
      });
    } finally {
      storeDown = false;
    }
  });

  it('answers 503 naming the database when it is closed', async () => {
    databaseClosed = true;
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data.checks).toMatchObject({ database: 'failed', store: 'ok' });
  });
});

describe('store errors', () => {
  it("counts a Redis connection's errors and the commands that failed", async () => {
    const metrics = createMetrics();
    // Nothing listens on port 1: every connection attempt fails, and so does the command.
    const redis = openStore({ redisUrl: 'redis://127.0.0.1:1' });
    redis.onError?.((kind) => metrics.storeError(kind));
    try {
      await expect(redis.get('x')).rejects.toThrow();
    } finally {
      await redis.close();
    }
    const { body } = await metrics.text();
    expect(body).toMatch(/steelport_store_errors_total\{kind="command"\} 1/);
    expect(body).toMatch(/steelport_store_errors_total\{kind="connection"\} [1-9]/);
  });
});
