/**
 * The shipped deployment on this machine, for the deployment test (deploy/test/run.mjs) and the
 * soak (bench/soak.mjs): nginx (Debian's package) running deploy/nginx's site in front of two
 * compiled instances (apps/server/dist, started and stopped by deploy/test/instance.mjs as
 * systemd would), a PostgreSQL database of their own (`<TEST_DATABASE_URL's db>_<name>`) and a
 * Redis database of their own; and an HTTP client for it.
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
import { startInstance, stopInstance } from './instance.mjs';

export const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const requireServer = createRequire(path.join(root, 'apps/server/package.json'));
const pg = requireServer('pg');
const { Redis } = requireServer('ioredis');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function fail(message) {
  throw new Error(message);
}

/** nginx and its brotli_static module, installed through apt-get when missing. */
export function ensureNginx(say) {
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

/** The compiled server (always rebuilt: a second or two) and the portal (built when missing). */
export function ensureBuild(say) {
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

/** Resolves once `url` answers 200. */
export async function waitReady(url, ms = 60_000) {
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

/** Runs a command with this process's output; resolves to its exit code. */
export function runCommand(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
}

/**
 * A fresh stack: an empty database `<db>_<name>`, Redis database `redisDb` emptied, a work
 * directory with the instances' environment. Nothing runs yet.
 */
export async function openStack({ name, nginxPort, redisDb, logLevel = 'warn', say }) {
  const testUrl = process.env.TEST_DATABASE_URL;
  if (!testUrl) fail(`TEST_DATABASE_URL must name a PostgreSQL database (this creates <db>_${name})`);
  const ports = [nginxPort + 1, nginxPort + 2];
  const base = `http://127.0.0.1:${nginxPort}`;
  const work = mkdtempSync(path.join(os.tmpdir(), `steelport-${name}-`));
  const dbUrl = new URL(testUrl);
  dbUrl.pathname = `${dbUrl.pathname}_${name}`;
  const dbName = dbUrl.pathname.slice(1);
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  redisUrl.pathname = `/${redisDb}`;
  const redis = new Redis(redisUrl.toString(), { maxRetriesPerRequest: 2 });
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
      LOG_LEVEL: logLevel,
    }),
  );
  const nginxConf = path.join(work, 'nginx.conf');
  let nginxUp = false;

  return {
    base,
    ports,
    work,
    dbUrl: dbUrl.toString(),
    /** The command that reloads this nginx (what deploy/rolling-restart.sh runs). */
    nginxReload: `nginx -p ${work} -c ${nginxConf} -s reload`,
    startInstances: () => ports.map((port) => startInstance(port, work)),
    stopInstances: () => Promise.all(ports.map((port) => stopInstance(port, work))),
    waitInstancesReady: () => Promise.all(ports.map((p) => waitReady(`http://127.0.0.1:${p}/readyz`))),
    /** The running instance's process id on `port`. */
    pid: (port) => Number(readFileSync(path.join(work, `instance-${port}.pid`), 'utf8')),
    /** Rows in the migrations table (and distinct ones) against the migrations of this build. */
    async migrations() {
      const journal = JSON.parse(
        readFileSync(path.join(root, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8'),
      );
      const client = new pg.Client({ connectionString: dbUrl.toString() });
      await client.connect();
      try {
        const { rows } = await client.query(
          'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
        );
        return { rows: rows[0].n, distinct: rows[0].distinct, expected: journal.entries.length };
      } finally {
        await client.end();
      }
    },
    /** The demo data through the compiled seed, with these options (`--cargo 3000` ...). */
    seed(args) {
      say(`seeding the demo data (node apps/server/dist/seed/cli.js ${args.join(' ')})`);
      execFileSync(process.execPath, [path.join(root, 'apps/server/dist/seed/cli.js'), ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: dbUrl.toString(), NODE_ENV: 'production' },
        stdio: 'inherit',
      });
    },
    /** nginx with the shipped site in front of both instances. */
    async startNginx() {
      writeNginx({ work, nginxPort, ports });
      const nginx = (...args) =>
        execFileSync('nginx', ['-p', work, '-c', nginxConf, ...args], { stdio: 'inherit' });
      nginx('-t', '-q');
      nginx();
      nginxUp = true;
      await waitReady(`${base}/readyz`);
    },
    /** Stops everything and removes the database; `showLogs` prints the logs' last lines first. */
    async close({ showLogs = false } = {}) {
      if (nginxUp) {
        try {
          execFileSync('nginx', ['-p', work, '-c', nginxConf, '-s', 'quit'], { stdio: 'inherit' });
        } catch {}
      }
      await Promise.all(ports.map((p) => stopInstance(p, work).catch(() => {})));
      if (showLogs) {
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
    },
  };
}

/** nginx's configuration: the shipped site, with the lines marked "# deploy:" pointed at this run. */
function writeNginx({ work, nginxPort, ports }) {
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
          return `${indent}listen 127.0.0.1:${nginxPort};`;
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
  // The upstream file as deploy/rolling-restart.sh writes it, before its first run.
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`);
  writeFileSync(
    path.join(work, 'steelport-upstream.conf'),
    ['upstream steelport {', '    least_conn;', ...servers, '    keepalive 32;', '}', ''].join('\n'),
  );
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

/**
 * Requests to `base`: `call` never throws on a status and resends a request once when nginx
 * closed an idle keep-alive connection as it went out (an old worker ending after a reload), as
 * browsers do and Node's documentation advises (`request.reusedSocket` and ECONNRESET); `resent`
 * counts those.
 */
export function httpClient(base) {
  const counts = { resent: 0 };

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

  async function call(method, url, options = {}) {
    try {
      return await callOnce(method, url, options);
    } catch (err) {
      if (!err.reusedSocket || err.code !== 'ECONNRESET') throw err;
      counts.resent += 1;
      return callOnce(method, url, options);
    }
  }

  /** An API call that must answer code 0; its data. */
  async function api(method, url, body, token) {
    const res = await call(method, url, {
      body,
      headers: { 'accept-encoding': 'identity', ...(token ? { 'x-token': token } : {}) },
    });
    if (res.status !== 200 || res.json?.code !== 0)
      fail(`${method} ${url}: ${res.status} ${res.buffer.toString('utf8').slice(0, 300)}`);
    return res.json.data;
  }

  return {
    call,
    api,
    login: async (who) => (await api('POST', '/api/uaa/login/password', who)).token,
    counts,
  };
}
