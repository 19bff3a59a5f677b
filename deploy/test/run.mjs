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
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive, startInstance, stopInstance } from './instance.mjs';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const requireServer = createRequire(path.join(root, 'apps/server/package.json'));
const pg = requireServer('pg');
const { Redis } = requireServer('ioredis');

const NGINX_PORT = Number(process.env.DEPLOY_TEST_PORT ?? 3281);
const PORTS = [NGINX_PORT + 1, NGINX_PORT + 2];
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
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(message) {
  throw new Error(message);
}

// ---------------------------------------------------------------------------------------------
// What the machine needs: nginx with the brotli_static module, and the compiled build.

function ensureNginx() {
  const brotli = '/etc/nginx/modules-enabled/50-mod-http-brotli-static.conf';
  if (existsSync('/usr/sbin/nginx') && existsSync(brotli)) return;
  say('installing nginx and its brotli_static module (apt-get)');
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx', 'libnginx-mod-http-brotli-static'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    if (!install()) fail('could not install nginx');
  }
}

function ensureBuild() {
  say('compiling the server (npm run build -w apps/server)');
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    say('building the portal (vite build)');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    });
  }
}

// ---------------------------------------------------------------------------------------------
// nginx: the shipped site, with the lines marked "# deploy:" pointed at this run.

function writeNginx(work) {
  const site = readFileSync(path.join(root, 'deploy/nginx/steelport.conf'), 'utf8')
    .split('\n')
    .map((line) => {
      const marker = /# deploy: (\w+)/.exec(line)?.[1];
      if (!marker) return line;
      const indent = /^\s*/.exec(line)[0];
      switch (marker) {
        case 'upstream':
          return `${indent}include ${work}/steelport-upstream.conf;`;
        case 'listen':
          return `${indent}listen 127.0.0.1:${NGINX_PORT};`;
        case 'server_name':
          return `${indent}server_name localhost;`;
        case 'root':
          return `${indent}root ${path.join(root, 'apps/web/dist')};`;
        case 'proxy':
          return `${indent}include ${work}/steelport-proxy.conf;`;
        default:
          return fail(`deploy/nginx/steelport.conf: unknown "# deploy: ${marker}" line`);
      }
    })
    .join('\n');
  writeFileSync(path.join(work, 'steelport.conf'), site);
  cpSync(path.join(root, 'deploy/nginx/steelport-proxy.conf'), path.join(work, 'steelport-proxy.conf'));
  mkdirSync(path.join(work, 'nginx-temp'), { recursive: true });
  const temp = (name) => `${name}_temp_path ${work}/nginx-temp/${name.split('_')[0]};`;
  writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      // As root nginx's workers would run as nobody, who may not read the checkout.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 2;',
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/nginx-error.log warn;`,
      // Debian's modules-enabled names them relative to nginx's prefix, which is the work dir here.
      'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;',
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  access_log ${work}/nginx-access.log;`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${work}/steelport.conf;`,
      '}',
    ].join('\n'),
  );
}

function nginx(work, ...args) {
  execFileSync('nginx', ['-p', work, '-c', path.join(work, 'nginx.conf'), ...args], { stdio: 'inherit' });
}

/** The upstream file as deploy/rolling-restart.sh writes it, before its first run. */
function writeUpstream(work) {
  const servers = PORTS.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`);
  writeFileSync(
    path.join(work, 'steelport-upstream.conf'),
    ['upstream steelport {', '    least_conn;', ...servers, '    keepalive 32;', '}', ''].join('\n'),
  );
}

// ---------------------------------------------------------------------------------------------
// HTTP through nginx.

const base = `http://127.0.0.1:${NGINX_PORT}`;

/**
 * Requests sent again because nginx closed an idle keep-alive connection as the request went out
 * (an old worker ending after a reload). Browsers resend such a request on their own; Node's
 * documentation gives the same rule (`request.reusedSocket` and ECONNRESET).
 */
let staleRetries = 0;

/** One request; `localAddress` picks the client's loopback address. Never throws on a status. */
async function call(method, url, options = {}) {
  try {
    return await callOnce(method, url, options);
  } catch (err) {
    if (!err.reusedSocket || err.code !== 'ECONNRESET') throw err;
    staleRetries += 1;
    return callOnce(method, url, options);
  }
}

function callOnce(method, url, { body, headers = {}, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = httpRequest(
      `${base}${url}`,
      {
        method,
        localAddress,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          'accept-encoding': 'gzip, br',
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const buffer = Buffer.concat(chunks);
          let json;
          if (
            String(res.headers['content-type']).includes('application/json') &&
            !res.headers['content-encoding']
          ) {
            try {
              json = JSON.parse(buffer.toString('utf8'));
            } catch {}
          }
          resolve({ status: res.statusCode, headers: res.headers, buffer, json });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end(payload);
  });
}

async function api(method, url, body, token) {
  const res = await call(method, url, {
    body,
    headers: { 'accept-encoding': 'identity', ...(token ? { 'x-token': token } : {}) },
  });
  if (res.status !== 200 || res.json?.code !== 0)
    fail(`${method} ${url}: ${res.status} ${res.buffer.toString('utf8').slice(0, 300)}`);
  return res.json.data;
}

const login = async (who) => (await api('POST', '/api/uaa/login/password', who)).token;

async function waitReady(url, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {}
    if (Date.now() > deadline) fail(`${url} not ready within ${ms / 1000} s`);
    await sleep(200);
  }
}

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
  const testUrl = process.env.TEST_DATABASE_URL;
  if (!testUrl)
    fail('TEST_DATABASE_URL must name a PostgreSQL database (the deployment test creates <db>_deploy)');
  ensureNginx();
  ensureBuild();

  const work = mkdtempSync(path.join(os.tmpdir(), 'steelport-deploy-'));
  const dbUrl = new URL(testUrl);
  dbUrl.pathname = `${dbUrl.pathname}_deploy`;
  const dbName = dbUrl.pathname.slice(1);
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  redisUrl.pathname = `/${REDIS_DB}`;
  const redis = new Redis(redisUrl.toString(), { maxRetriesPerRequest: 2 });
  const streams = [];
  let nginxUp = false;
  let passed = false;
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.query(
      `CREATE DATABASE "${dbName}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
    await redis.flushdb();
    writeFileSync(
      path.join(work, 'instance.env.json'),
      JSON.stringify({
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        APP_SECRET: randomBytes(32).toString('base64'),
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: redisUrl.toString(),
        PUBLIC_URL: base,
        DATA_DIR: path.join(work, 'data'),
        TRUST_PROXY: '1',
        SEED_DEMO: 'false',
        SMS_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_SMS: 'true',
        PAYMENT_PROVIDERS: 'sandbox',
        ALLOW_SANDBOX_PAYMENT: 'true',
        // One load client is every "visitor" here: searches must not ask it for a captcha.
        SEARCHES_PER_MINUTE: '100000',
        LOG_LEVEL: process.env.DEPLOY_LOG_LEVEL ?? 'warn',
      }),
    );

    // 1. Two instances started at once on an empty database migrate it once.
    say('starting two instances at once on an empty database');
    for (const port of PORTS) startInstance(port, work);
    await Promise.all(PORTS.map((p) => waitReady(`http://127.0.0.1:${p}/readyz`)));
    const journal = JSON.parse(
      readFileSync(path.join(root, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8'),
    );
    const check = new pg.Client({ connectionString: dbUrl.toString() });
    await check.connect();
    const { rows } = await check.query(
      'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
    );
    await check.end();
    if (rows[0].n !== journal.entries.length || rows[0].distinct !== rows[0].n)
      fail(
        `migrations table has ${rows[0].n} rows (${rows[0].distinct} distinct) for ${journal.entries.length} migrations`,
      );
    say(`both ready; ${rows[0].n} migrations applied once`);
    await Promise.all(PORTS.map((p) => stopInstance(p, work)));

    // 2. Demo data, then both instances behind nginx.
    say('seeding the demo data (node apps/server/dist/seed/cli.js)');
    execFileSync(
      process.execPath,
      [
        path.join(root, 'apps/server/dist/seed/cli.js'),
        '--cargo',
        '3000',
        '--days',
        '5',
        '--quotations',
        '3000',
      ],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: dbUrl.toString(), NODE_ENV: 'production' },
        stdio: 'inherit',
      },
    );
    for (const port of PORTS) startInstance(port, work);
    writeNginx(work);
    writeUpstream(work);
    nginx(work, '-t', '-q');
    nginx(work);
    nginxUp = true;
    await Promise.all(PORTS.map((p) => waitReady(`http://127.0.0.1:${p}/readyz`)));
    await waitReady(`${base}/readyz`);

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
    const firstPid = Number(readFileSync(path.join(work, `instance-${PORTS[0]}.pid`), 'utf8'));
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
    const restart = await run('bash', [path.join(root, 'deploy/rolling-restart.sh')], {
      stdio: 'inherit',
      env: {
        ...process.env,
        STEELPORT_PORTS: PORTS.join(' '),
        STEELPORT_UPSTREAM: path.join(work, 'steelport-upstream.conf'),
        STEELPORT_RESTART: `node ${path.join(root, 'deploy/test/instance.mjs')} restart %s ${work}`,
        NGINX_RELOAD: `nginx -p ${work} -c ${path.join(work, 'nginx.conf')} -s reload`,
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
        `${stats.failures.length} failed, ${staleRetries} resent on a closed keep-alive connection; ` +
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
    if (nginxUp) {
      try {
        nginx(work, '-s', 'quit');
      } catch {}
    }
    await Promise.all(PORTS.map((p) => stopInstance(p, work).catch(() => {})));
    if (!passed) {
      for (const file of readdirSync(work).filter((f) => f.endsWith('.log'))) {
        const text = readFileSync(path.join(work, file), 'utf8').trim().split('\n').slice(-30).join('\n');
        if (text) console.log(`--- ${file} (last lines)\n${text}`);
      }
    }
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    await redis.flushdb().catch(() => {});
    redis.disconnect();
    // DEPLOY_KEEP=1 keeps the work directory (logs, configuration) for a look after a failure.
    if (process.env.DEPLOY_KEEP === '1') say(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/** Runs a command with this process's output; resolves to its exit code. */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`deployment test failed: ${err.message}`);
    process.exit(1);
  },
);
