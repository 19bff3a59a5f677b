#!/usr/bin/env node
/**
 * `npm run test:deploy` (issue 32; run by .ci/run after `npm test`): the shipped deployment
 * under load. nginx (Debian's package, installed when missing) runs deploy/nginx's site in front
 * of two compiled instances (apps/server/dist) on a throwaway PostgreSQL database and a Redis
 * database of their own. It checks that
 *   - both instances started at once on an empty database migrate it once;
 *   - the login lockout keys on the address nginx saw (TRUST_PROXY=1), not on an
 *     X-Forwarded-For the client made up;
 *   - while a bounded load runs (pages, built files, searches, menus, logins, exports) and two
 *     members hold inbox streams, deploy/rolling-restart.sh restarts each instance in turn:
 *     no request fails, both streams reconnect, and both receive the match a trader publishes
 *     while the first instance is down.
 * Needs TEST_DATABASE_URL (the server whose database it names gets `<db>_deploy`) and Redis
 * (TEST_REDIS_URL, else redis://127.0.0.1:6379; its database 9 is emptied).
 */
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { alive } from './instance.mjs';
import { ensureBuild, ensureNginx, fail, httpClient, openStack, root, runCommand, sleep } from './stack.mjs';

const NGINX_PORT = Number(process.env.DEPLOY_TEST_PORT ?? 3281);
const LOAD_CONNECTIONS = 8;
const REDIS_DB = 9;
const MEMBER = { phone: '13800000001', password: 'steel123' };
const VIP = { phone: '13800000002', password: 'steel123' };
const TRADER = { phone: '13800000003', password: 'steel123' };
/** The address the lockout check connects from (any 127.x is this machine's loopback). */
const STRANGER_ADDRESS = '127.0.0.3';

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[deploy ${elapsed()}] ${line}`);
const base = `http://127.0.0.1:${NGINX_PORT}`;
const { call, api, login, counts } = httpClient(base);
// ---------------------------------------------------------------------------------------------
// An inbox stream that reconnects like the portal's EventSource (sooner: 300 ms).

function inboxStream(token) {
  const state = { connections: 0, events: [], closed: false, errors: [] };
  let current;
  const open = () => {
    if (state.closed) return;
    const req = httpRequest(`${base}/api/web/inbox/stream?token=${token}`, (res) => {
      if (res.statusCode !== 200) {
        state.errors.push(`stream answered ${res.statusCode}`);
        res.resume();
        res.on('end', () => setTimeout(open, 300));
        return;
      }
      state.connections += 1;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event === 'inbox' && data) state.events.push({ at: Date.now(), ...JSON.parse(data) });
        }
      });
      res.on('end', () => setTimeout(open, 300));
      res.on('error', () => {});
    });
    req.on('error', () => setTimeout(open, 300));
    req.end();
    current = req;
  };
  open();
  return {
    state,
    unread: () => state.events.at(-1)?.unread ?? -1,
    close() {
      state.closed = true;
      current?.destroy();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The bounded load: LOAD_CONNECTIONS loops, each request checked.

function startLoad(tokens, asset) {
  const stats = { total: 0, byKind: {}, failures: [] };
  let running = true;
  const kinds = [
    ['page', () => call('GET', '/wareHouse'), (r) => r.status === 200 && r.buffer.length > 0],
    ['asset', () => call('GET', asset), (r) => r.status === 200 && r.headers['content-encoding'] === 'br'],
    [
      'search',
      () =>
        call('POST', '/api/web/2.0/searchCargo/page', { body: { keyword: '热卷', page: 1, pageSize: 20 } }),
      (r) => r.status === 200 && r.headers['content-encoding'] !== undefined,
    ],
    [
      'menu',
      () => call('GET', '/api/web/2.0/searchCargo/Menu', { headers: { 'accept-encoding': 'identity' } }),
      ok,
    ],
    [
      'login',
      () =>
        call('POST', '/api/uaa/login/password', { body: MEMBER, headers: { 'accept-encoding': 'identity' } }),
      ok,
    ],
    [
      'myInfo',
      () =>
        call('GET', '/api/web/user/myInfo', {
          headers: { 'x-token': tokens.member, 'accept-encoding': 'identity' },
        }),
      ok,
    ],
  ];
  function ok(r) {
    return r.status === 200 && r.json?.code === 0;
  }
  const loops = Array.from({ length: LOAD_CONNECTIONS }, async (_, i) => {
    // One loop logs in, one login at a time, as a person would: parallel logins of one phone from
    // one address count as attempts against its failure limit until each is checked.
    const mine = i === 0 ? kinds : kinds.filter(([kind]) => kind !== 'login');
    for (let n = i; running; n++) {
      const [kind, send, good] = mine[n % mine.length];
      stats.total += 1;
      stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
      try {
        const res = await send();
        if (!good(res))
          stats.failures.push(`${kind}: ${res.status} ${res.buffer.toString('utf8').slice(0, 200)}`);
      } catch (err) {
        stats.failures.push(`${kind}: ${err.message}`);
      }
    }
  });
  return {
    stats,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** An export of the VIP's search: an .xlsx through nginx. */
async function exportOnce(token) {
  const res = await call('GET', `/api/web/2.0/searchCargo/export?keyword=${encodeURIComponent('热卷')}`, {
    headers: { 'x-token': token },
  });
  const xlsx = res.buffer.subarray(0, 2).toString('latin1') === 'PK';
  if (res.status !== 200 || !xlsx) fail(`export: ${res.status} ${res.buffer.toString('utf8').slice(0, 200)}`);
  return res.buffer.length;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  ensureNginx(say);
  ensureBuild(say);
  const stack = await openStack({
    name: 'deploy',
    nginxPort: NGINX_PORT,
    redisDb: REDIS_DB,
    logLevel: process.env.DEPLOY_LOG_LEVEL ?? 'warn',
    say,
  });
  const { ports, work } = stack;
  const streams = [];
  let passed = false;
  try {
    // 1. Two instances started at once on an empty database migrate it once.
    say('starting two instances at once on an empty database');
    stack.startInstances();
    await stack.waitInstancesReady();
    const migrations = await stack.migrations();
    if (migrations.rows !== migrations.expected || migrations.distinct !== migrations.rows)
      fail(
        `migrations table has ${migrations.rows} rows (${migrations.distinct} distinct) for ${migrations.expected} migrations`,
      );
    say(`both ready; ${migrations.rows} migrations applied once`);
    await stack.stopInstances();

    // 2. Demo data, then both instances behind nginx.
    stack.seed(['--cargo', '3000', '--days', '5', '--quotations', '3000']);
    stack.startInstances();
    await stack.waitInstancesReady();
    await stack.startNginx();

    // 3. The login lockout keys on the address nginx saw, whatever X-Forwarded-For says.
    // A phone of its own: the load's logins must not share its failure counts.
    const wrong = { phone: '13900000009', password: 'not-the-password' };
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const res = await call('POST', '/api/uaa/login/password', {
        body: wrong,
        localAddress: STRANGER_ADDRESS,
        headers: { 'accept-encoding': 'identity', 'x-forwarded-for': `10.9.${i}.${i + 1}` },
      });
      codes.push(res.json?.code);
    }
    if (codes.join(',') !== '1,1,1,7')
      fail(
        `wrong passwords from ${STRANGER_ADDRESS} answered codes ${codes.join(',')}, expected 1,1,1,7 (held)`,
      );
    const tokens = { member: await login(MEMBER), vip: await login(VIP), trader: await login(TRADER) };
    say(
      `lockout: the 4th wrong password from ${STRANGER_ADDRESS} is held despite new X-Forwarded-For; 127.0.0.1 logs in`,
    );
    // The site does not pass /metrics on, even to a loopback client the instances would allow.
    const metrics = await call('GET', '/metrics');
    if (metrics.status !== 404) fail(`/metrics through nginx answered ${metrics.status}, expected 404`);

    // 4. Two members' saved searches and their inbox streams; the trader's ERP key.
    const spec = '11.0*1500*C';
    for (const token of [tokens.member, tokens.vip]) {
      await api(
        'POST',
        '/api/web/subscription/search',
        { kind: 'cargo', name: '部署测试', filter: { keyword: `热卷 ${spec.split('*')[0]}` } },
        token,
      );
    }
    const key = (await api('POST', '/api/trader/keys', { name: 'ERP', scopes: ['stock'] }, tokens.trader))
      .key;
    for (const token of [tokens.member, tokens.vip]) streams.push(inboxStream(token));
    const deadline = Date.now() + 10_000;
    while (streams.some((s) => s.unread() < 0)) {
      if (Date.now() > deadline) fail('the inbox streams did not open through nginx');
      await sleep(50);
    }
    const before = streams.map((s) => s.unread());

    // 5. The rolling restart under load; the match is published while the first instance is down.
    const built = path.join(root, 'apps/web/dist/assets');
    const asset = `/assets/${readdirSync(built).find((f) => f.endsWith('.js') && existsSync(path.join(built, `${f}.br`)))}`;
    const load = startLoad(tokens, asset);
    await sleep(1000);
    const firstPid = stack.pid(ports[0]);
    let publishedAt = 0;
    const publish = (async () => {
      while (alive(firstPid)) await sleep(20);
      publishedAt = Date.now();
      const res = await call('PUT', '/api/trader/sync/stock', {
        headers: { 'x-api-key': key, 'accept-encoding': 'identity' },
        body: {
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
      if (res.json?.data?.applied !== true)
        fail(`the match was not published: ${res.buffer.toString('utf8').slice(0, 200)}`);
      say('a trader published a matching lot while the first instance was down');
    })();
    const exports = exportOnce(tokens.vip);
    say(`rolling restart (deploy/rolling-restart.sh) under ${LOAD_CONNECTIONS} connections of load`);
    // Not spawnSync: the load, the streams and the publisher run in this process meanwhile.
    const restart = await runCommand('bash', [path.join(root, 'deploy/rolling-restart.sh')], {
      env: {
        ...process.env,
        STEELPORT_PORTS: ports.join(' '),
        STEELPORT_UPSTREAM: path.join(work, 'steelport-upstream.conf'),
        STEELPORT_RESTART: `node ${path.join(root, 'deploy/test/instance.mjs')} restart %s ${work}`,
        NGINX_RELOAD: stack.nginxReload,
        STEELPORT_SETTLE_S: '1',
      },
    });
    if (restart !== 0) fail(`deploy/rolling-restart.sh exited ${restart}`);
    await publish;
    const exported = await exports;
    const secondExport = await exportOnce(tokens.vip);
    // The streams of the instance restarted last reconnect within a second.
    const seen = Date.now() + 10_000;
    while (streams.some((s, i) => !s.state.events.some((e) => e.at >= publishedAt && e.unread > before[i]))) {
      if (Date.now() > seen) break;
      await sleep(50);
    }
    await sleep(500);
    await load.stop();

    const { stats } = load;
    say(
      `${stats.total} requests (${Object.entries(stats.byKind)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}), ` +
        `${stats.failures.length} failed, ${counts.resent} resent on a closed keep-alive connection; ` +
        `exports ${exported} and ${secondExport} bytes`,
    );
    if (stats.failures.length > 0)
      fail(`failed requests:\n  ${[...new Set(stats.failures)].slice(0, 20).join('\n  ')}`);
    streams.forEach((s, i) => {
      const { connections, events } = s.state;
      const got = events.some((e) => e.at >= publishedAt && e.unread > before[i]);
      say(`stream ${i + 1}: ${connections} connections, unread ${before[i]} → ${s.unread()}`);
      if (connections < 2) fail(`stream ${i + 1} never reconnected (${connections} connection)`);
      if (!got) fail(`stream ${i + 1} did not receive the match published during the restart`);
    });
    passed = true;
    say('passed');
  } finally {
    for (const s of streams) s.close();
    await stack.close({ showLogs: !passed });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`deployment test failed: ${err.message}`);
    process.exit(1);
  },
);
