/**
 * Configuration: the environment, parsed and validated once at boot into a typed object. A bad
 * value stops the process with one clear line (main.ts); production refuses to start without
 * its secrets. Derived flags live here so the rest of the code never reads process.env.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAY_METHODS, type PayMethod } from '@steelport/contracts';
import { ConfigError, type Env } from './config-error.ts';
import { type AlipayConfig, alipayConfig } from './providers/payment/alipay.ts';
import { type WechatPayConfig, wechatPayConfig } from './providers/payment/wechat-config.ts';
import { ALIYUN_SMS_REQUIRED, type AliyunSmsConfig, aliyunSmsConfig } from './providers/sms/aliyun.ts';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absolute; holds the PGlite database (`pglite/`) and uploads (`uploads/`). */
  dataDir: string;
  /** postgres://...; undefined means embedded PGlite under dataDir */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Where the portal is reachable, e.g. https://www.steelport.cn; used in QR codes and links. */
  publicUrl: string;
  loginSiteUrl: string;
  accountSiteUrl: string;
  /** Origins that may embed the portal and receive the token by postMessage (also CORS). */
  allowedEmbedOrigins: string[];
  /** Signs payment notifications and captcha passes. */
  appSecret: string;
  /** Seed demo data into an empty database at start. */
  seedDemo: boolean;
  /** Number of cargo rows the first-start seed creates. */
  seedCargo: number;
  /** Registers /api/test/* (session factory for end-to-end tests); never in production. */
  testHooks: boolean;
  logLevel: string;
  /** Lot searches one client may make in a sliding minute before a captcha is asked for. */
  searchesPerMinute: number;
  /**
   * SMS codes the whole site may send in one clock hour (SMS_HOURLY_BUDGET, default 300): past
   * it every send is refused and operators are alerted once per hour (audit log
   * `sms.budget_exhausted` and an error log line), so a pumping attack costs at most this much.
   */
  smsHourlyBudget: number;
  /** SMS provider: `sandbox` (log + dev mailbox) or `aliyun` (Aliyun SMS, `aliyunSms`). */
  smsProvider: 'sandbox' | 'aliyun';
  /** Aliyun SMS settings (ALIYUN_*), complete whenever smsProvider is `aliyun`. */
  aliyunSms?: AliyunSmsConfig;
  /**
   * The payment providers offered to payers, in order (PAYMENT_PROVIDERS, comma-separated:
   * `wechat`, `alipay`, `sandbox`; default `sandbox`, whose own pay page signs its notification),
   * with each real provider's settings (providers/payment/wechat-config.ts, alipay.ts).
   */
  payment: PaymentConfig;
  /** Built web app served by the API process; absent folder means API only. */
  webDistDir: string;
  bodyLimitBytes: number;
  /**
   * What one client may hold (issue 28): the whole request (headers and body) must arrive within
   * `requestTimeoutMs` (REQUEST_TIMEOUT_MS, default 120 s: a 20 MB sheet at 1.4 Mbit/s), its
   * headers within `headersTimeoutMs` (HEADERS_TIMEOUT_MS, 15 s); a connection silent for
   * `idleTimeoutMs` (IDLE_TIMEOUT_MS, 120 s; the inbox stream speaks every 25 s) is closed; one
   * socket address holds at most `connectionsPerAddress` connections (CONNECTIONS_PER_ADDRESS,
   * 200; not applied behind TRUST_PROXY, where every socket is the proxy's and nginx's
   * limit_conn counts the clients).
   */
  clientLimits: ClientLimits;
  /** HH:MM (Asia/Shanghai) of the daily index job; INDEX_JOB_TIME, default 18:30 */
  indexJobTime: string;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false (the default) takes the
   * socket address; a hop count trusts that many proxies in front; a list of addresses or CIDRs
   * trusts only those proxies. Never "any": a client could then name its own address and slip
   * past every per-address limit.
   */
  trustProxy: false | number | string[];
  /**
   * Addresses and CIDRs that may read GET /metrics without a token (METRICS_ALLOW, comma-separated;
   * default loopback only: 127.0.0.0/8, ::1). The address is request.ip, so behind a proxy name it
   * in TRUST_PROXY or scrape the instance directly.
   */
  metricsAllow: string[];
  /** A bearer token that may read GET /metrics from anywhere (METRICS_TOKEN, 32+ characters). */
  metricsToken: string | undefined;
  /**
   * Fill the search and dictionary caches before listening (WARM_UP; on except in tests), so a
   * burst of first visitors does not start a dozen identical heavy counts at once.
   */
  warmUp: boolean;
}

/** The deadlines and connection cap of `Config.clientLimits`. */
export interface ClientLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  connectionsPerAddress: number;
}

export { ConfigError } from './config-error.ts';

const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/**
 * Only where the database is (DATABASE_URL, else PGlite under DATA_DIR): what `migrate` needs,
 * without the secrets production asks of the server, so a migration job needs no APP_SECRET.
 */
export function loadDatabaseConfig(env: Env = process.env): Pick<Config, 'databaseUrl' | 'dataDir'> {
  return {
    databaseUrl: optionalUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR?.trim() || 'data'),
  };
}

/**
 * The directory an operator's command was typed in, for the paths it names: `npm run` runs a
 * workspace's script in the workspace's folder and gives the caller's folder as INIT_CWD.
 */
export function invocationDir(env: Env = process.env): string {
  return env.INIT_CWD?.trim() || process.cwd();
}

/**
 * Whether a failed start prints its stack trace (LOG_LEVEL=debug): read from the environment
 * itself, since the start may have failed before (or while) the configuration loaded.
 */
export function startupStacks(env: Env = process.env): boolean {
  return env.LOG_LEVEL === 'debug';
}

/** Parses the environment; throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], 'development');
  const production = nodeEnv === 'production';
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']);
  const { databaseUrl, dataDir } = loadDatabaseConfig(env);
  const redisUrl = optionalUrl(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const origins = (env.ALLOWED_EMBED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      const parsed = parseUrl(o);
      if (!parsed || parsed.origin !== o.replace(/\/$/, '')) {
        throw new ConfigError(`ALLOWED_EMBED_ORIGINS: "${o}" is not an origin like https://example.com`);
      }
      return parsed.origin;
    });

  const appSecret = env.APP_SECRET?.trim();
  if (production && !appSecret) {
    throw new ConfigError('APP_SECRET is required in production (32+ random characters)');
  }
  if (appSecret !== undefined && appSecret !== '' && appSecret.length < 32) {
    throw new ConfigError('APP_SECRET must be at least 32 characters');
  }
  const smsProvider = oneOf(env, 'SMS_PROVIDER', ['sandbox', 'aliyun'], 'sandbox');
  // Read only when chosen: a sandbox deployment may carry the keys without using them.
  const aliyunSms = smsProvider === 'aliyun' ? aliyunSmsConfig(env) : undefined;
  if (smsProvider === 'aliyun' && !aliyunSms) {
    throw new ConfigError(`SMS_PROVIDER=aliyun needs ${ALIYUN_SMS_REQUIRED.join(', ')}`);
  }
  if (production && smsProvider === 'sandbox' && !bool(env, 'ALLOW_SANDBOX_SMS', false)) {
    throw new ConfigError(
      'SMS_PROVIDER=sandbox sends no real SMS; set ALLOW_SANDBOX_SMS=true to run it in production',
    );
  }
  const payment = paymentConfig(env, production, publicUrl.replace(/\/$/, ''));
  const testHooks = bool(env, 'TEST_HOOKS', false);
  if (production && testHooks) throw new ConfigError('TEST_HOOKS cannot be enabled in production');

  return {
    env: nodeEnv,
    host,
    port,
    dataDir,
    databaseUrl,
    redisUrl,
    publicUrl: publicUrl.replace(/\/$/, ''),
    loginSiteUrl: env.LOGIN_SITE_URL?.trim() || '/login',
    accountSiteUrl: env.ACCOUNT_SITE_URL?.trim() || '/account',
    allowedEmbedOrigins: origins,
    // Outside production a per-process secret is enough: nothing signed outlives the process.
    appSecret: appSecret || randomBytes(32).toString('hex'),
    seedDemo: bool(env, 'SEED_DEMO', !production),
    seedCargo: integer(env, 'SEED_CARGO', 20000, 0, 5_000_000),
    testHooks,
    smsProvider,
    ...(aliyunSms ? { aliyunSms } : {}),
    payment,
    searchesPerMinute: integer(env, 'SEARCHES_PER_MINUTE', 60, 1, 100000),
    smsHourlyBudget: integer(env, 'SMS_HOURLY_BUDGET', 300, 1, 1_000_000),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    webDistDir: path.resolve(REPO_ROOT, env.WEB_DIST_DIR?.trim() || 'apps/web/dist'),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    indexJobTime: clockTime(env, 'INDEX_JOB_TIME', '18:30'),
    clientLimits: clientLimits(env),
    trustProxy: trustProxy(env),
    metricsAllow: addressList(env, 'METRICS_ALLOW', ['127.0.0.0/8', '::1']),
    metricsToken: metricsToken(env),
    warmUp: bool(env, 'WARM_UP', nodeEnv !== 'test'),
  };
}

/** The payment settings of `Config.payment`. */
export interface PaymentConfig {
  providers: PayMethod[];
  /** WeChat Pay APIv3 (WECHAT_PAY_*), when configured */
  wechat: WechatPayConfig | undefined;
  /** Alipay (ALIPAY_*), when configured */
  alipay: AlipayConfig | undefined;
  /** Alipay's notify URL when ALIPAY_NOTIFY_URL is not set: PUBLIC_URL + /api/pay/notify/alipay */
  alipayNotifyUrl: string;
}

/**
 * PAYMENT_PROVIDERS and each named provider's settings. Production refuses the sandbox (it takes
 * no real money) unless ALLOW_SANDBOX_PAYMENT is set, and a named provider must be configured
 * completely; settings of a provider that is not named are still checked when present.
 */
function paymentConfig(env: Env, production: boolean, publicUrl: string): PaymentConfig {
  const raw = env.PAYMENT_PROVIDERS?.trim() || env.PAYMENT_PROVIDER?.trim() || 'sandbox';
  const providers = [
    ...new Set(
      raw
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  for (const p of providers) {
    if (!(PAY_METHODS as readonly string[]).includes(p))
      throw new ConfigError(`PAYMENT_PROVIDERS must list ${PAY_METHODS.join(', ')}, got "${p}"`);
  }
  if (production && providers.includes('sandbox') && !bool(env, 'ALLOW_SANDBOX_PAYMENT', false)) {
    throw new ConfigError(
      'PAYMENT_PROVIDERS includes sandbox, which takes no real money: set PAYMENT_PROVIDERS=wechat and/or alipay with their settings (README "Taking payments and sending SMS"), or ALLOW_SANDBOX_PAYMENT=true',
    );
  }
  const wechat = wechatPayConfig(env, { notifyUrl: `${publicUrl}/api/pay/notify/wechat`, production });
  const alipay = alipayConfig(env);
  if (providers.includes('wechat') && !wechat)
    throw new ConfigError(
      'PAYMENT_PROVIDERS includes wechat: set WECHAT_PAY_MCH_ID and the other WECHAT_PAY_* settings',
    );
  if (providers.includes('alipay') && !alipay)
    throw new ConfigError(
      'PAYMENT_PROVIDERS includes alipay: set ALIPAY_APP_ID and the other ALIPAY_* settings',
    );
  return {
    providers: providers as PayMethod[],
    wechat,
    alipay,
    alipayNotifyUrl: `${publicUrl}/api/pay/notify/alipay`,
  };
}

/** REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, IDLE_TIMEOUT_MS, CONNECTIONS_PER_ADDRESS; headers come first. */
function clientLimits(env: Env): ClientLimits {
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 120_000, 100, 3_600_000);
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 15_000, 100, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    idleTimeoutMs: integer(env, 'IDLE_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    connectionsPerAddress: integer(env, 'CONNECTIONS_PER_ADDRESS', 200, 1, 100_000),
  };
}

/** TRUST_PROXY: unset/false, a hop count (1-5), or comma-separated proxy addresses or CIDRs. */
function trustProxy(env: Env): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 1, 5);
  return addresses(
    raw,
    (item) =>
      `TRUST_PROXY must be false, a hop count or proxy addresses/CIDRs (e.g. 10.0.0.0/8), got "${item}"`,
  );
}

/** Comma-separated addresses or CIDRs (METRICS_ALLOW); `fallback` when unset or empty. */
function addressList(env: Env, name: string, fallback: string[]): string[] {
  const list = addresses(
    env[name] ?? '',
    (item) => `${name} must be addresses or CIDRs (e.g. 10.0.0.0/8, ::1), got "${item}"`,
  );
  return list.length > 0 ? list : fallback;
}

/** Splits comma-separated IPv4/IPv6 addresses or CIDRs; a malformed item stops with `refusal(item)`. */
function addresses(raw: string, refusal: (item: string) => string): string[] {
  const list = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const item of list) {
    const [address = '', prefix, extra] = item.split('/');
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const badPrefix = prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || badPrefix || extra !== undefined) throw new ConfigError(refusal(item));
  }
  return list;
}

/** METRICS_TOKEN: unset, or 32+ characters without spaces (it travels as a bearer token). */
function metricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < 32 || /\s/.test(token)) {
    throw new ConfigError('METRICS_TOKEN must be at least 32 characters without spaces');
  }
  return token;
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function optionalUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  return url(env, name, raw, protocols);
}

function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const raw = env[name]?.trim() || fallback;
  const parsed = parseUrl(raw);
  if (!parsed || !protocols.includes(parsed.protocol) || !parsed.hostname) {
    throw new ConfigError(`${name} is not a valid ${protocols.join(' or ')} URL`);
  }
  return raw;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function clockTime(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(raw)) throw new ConfigError(`${name} must be HH:MM, got "${raw}"`);
  return raw;
}
