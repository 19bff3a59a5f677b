/**
 * The inbox stream (server-sent events) on a listening server: the unread count at once, a push
 * when a match arrives, the token as a query parameter, the session check that ends a stream
 * after logout; and, when TEST_REDIS_URL is set, two app instances on one database and one Redis,
 * where a match found on one reaches a stream held by the other.
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { makeCatalog } from '../../test/lots.ts';
import { STREAMS_PER_USER } from './stream.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** An open event stream: the events it received so far, and a wait for the next that fits. */
function openStream(app: App, query: string) {
  const { port } = app.server.address() as AddressInfo;
  const events: { event: string; data: unknown }[] = [];
  const waiting: { test: (e: { event: string; data: unknown }) => boolean; resolve: () => void }[] = [];
  let response: IncomingMessage | undefined;
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  const opened = new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(`http://127.0.0.1:${port}/api/web/inbox/stream?${query}`, (res) => {
      response = res;
      res.on('end', () => resolveEnded());
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) {
            const e = { event, data: JSON.parse(data) };
            events.push(e);
            for (const w of [...waiting]) if (w.test(e)) w.resolve();
          }
          end = buffer.indexOf('\n\n');
        }
      });
      resolve(res);
    });
    req.on('error', reject);
  });
  return {
    opened,
    /** resolves when the server ends the stream */
    ended,
    events,
    next(test: (e: { event: string; data: unknown }) => boolean, ms = 3000): Promise<void> {
      if (events.some(test)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such event within ${ms} ms`)), ms);
        waiting.push({
          test,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => response?.destroy(),
  };
}

const unreadIs = (n: number) => (e: { event: string; data: unknown }) =>
  e.event === 'inbox' && (e.data as { unread: number }).unread === n;

async function syncMatchingLot(app: App, trader: MadeUser, spec: string) {
  const key = (
    await app.inject({
      method: 'POST',
      url: '/api/trader/keys',
      headers: { 'x-token': trader.token },
      payload: { name: 'ERP', scopes: ['stock'] },
    })
  ).json().data.key;
  const res = await app.inject({
    method: 'PUT',
    url: '/api/trader/sync/stock',
    headers: { 'x-api-key': key },
    payload: {
      mode: 'append',
      rows: [
        {
          product: '热卷',
          material: 'Q235B',
          spec,
          origin: '日照',
          warehouse: '乐从钢铁世界仓',
          pieces: 1,
          weight: 25,
          price: 3450,
        },
      ],
    },
  });
  expect(res.json().data.applied).toBe(true);
}

async function saveSearch(app: App, member: MadeUser, keyword: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/web/subscription/search',
    headers: { 'x-token': member.token },
    payload: { kind: 'cargo', name: '推送', filter: { keyword } },
  });
  expect(res.json().code).toBe(0);
}

describe('inbox stream on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await makeCatalog(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.app.close();
  });

  it('refuses a bad token as JSON, streams the count, pushes a match, and knows a logout', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/web/inbox/stream?token=nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe(3);
    const none = await t.app.inject({ method: 'GET', url: '/api/web/inbox/stream' });
    expect(none.json().code).toBe(4);

    const member = await makeUser(t.db);
    const trader = await makeUser(t.db, { role: 'trader' });
    await saveSearch(t.app, member, '热卷 7.0');
    const stream = openStream(t.app, `token=${member.token}`);
    const res = await stream.opened;
    expect(res.headers['content-type']).toContain('text/event-stream');
    await stream.next(unreadIs(0));
    await syncMatchingLot(t.app, trader, '7.0*1500*C');
    await stream.next(unreadIs(1));
    expect(stream.events.at(-1)!.data).toEqual({ unread: 1, added: 1 });
    await t.app.inject({
      method: 'POST',
      url: '/api/web/inbox/read',
      headers: { 'x-token': member.token },
      payload: { all: true },
    });
    await stream.next(unreadIs(0));
    stream.close();

    // the stream's periodic check: alive until logout, then not
    expect(await t.app.subscriptions.sessionAlive(member.token, member.id)).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/uaa/logout', headers: { 'x-token': member.token } });
    expect(await t.app.subscriptions.sessionAlive(member.token, member.id)).toBe(false);
  });

  it(`keeps at most ${STREAMS_PER_USER} streams per user: a newer one ends the oldest, saying so`, async () => {
    const member = await makeUser(t.db);
    const streams = [];
    for (let i = 0; i <= STREAMS_PER_USER; i++) {
      const stream = openStream(t.app, `token=${member.token}`);
      await stream.opened;
      await stream.next(unreadIs(0));
      streams.push(stream);
    }
    await streams[0]!.ended;
    // The portal's tab reads it as "park until looked at", not as a reason to reconnect at once.
    expect(streams[0]!.events.at(-1)).toEqual({ event: 'replaced', data: {} });
    const other = await makeUser(t.db);
    const theirs = openStream(t.app, `token=${other.token}`);
    await theirs.next(unreadIs(0));
    for (const stream of [...streams.slice(1), theirs]) stream.close();
  });
});

describe.skipIf(!redisUrl)('inbox push across two instances (Redis)', () => {
  let a: TestApp;
  let b: App;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    await makeCatalog(a.db);
    // A second instance: the same database and Redis, its own store, bus and streams.
    b = await buildApp(a.config, a.database, { logger: false });
    await b.ready();
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.app.close();
  });

  it('a match found on instance A reaches a stream held by instance B', async () => {
    expect(a.app.store.kind).toBe('redis');
    const member = await makeUser(a.db);
    const trader = await makeUser(a.db, { role: 'trader' });
    await saveSearch(a.app, member, '热卷 11.0');
    const stream = openStream(b, `token=${member.token}`);
    await stream.opened;
    await stream.next(unreadIs(0));
    await syncMatchingLot(a.app, trader, '11.0*1500*C');
    await stream.next(unreadIs(1));
    stream.close();
  });
});
