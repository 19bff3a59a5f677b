import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives a working embedded default with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.loginSiteUrl).toBe('/login');
    expect(config.seedDemo).toBe(true);
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('names the variable when a value is malformed', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@localhost/db' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ ALLOWED_EMBED_ORIGINS: 'https://a.cn/path' })).toThrow(/ALLOWED_EMBED_ORIGINS/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('refuses to start production without its secret or with test hooks', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: secret })).toThrow(/SMS_PROVIDER/);
    const withSms = { NODE_ENV: 'production', APP_SECRET: secret, ALLOW_SANDBOX_SMS: 'true' };
    expect(() => loadConfig(withSms)).toThrow(/PAYMENT_PROVIDER/);
    const prod = { ...withSms, ALLOW_SANDBOX_PAYMENT: 'true' };
    expect(() => loadConfig({ ...prod, TEST_HOOKS: '1' })).toThrow(/TEST_HOOKS/);
    const config = loadConfig(prod);
    expect(config.seedDemo).toBe(false);
    expect(config.appSecret).toBe(secret);
  });

  it('starts production with a real payment provider and refuses a half-configured one', () => {
    const prod = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), ALLOW_SANDBOX_SMS: 'true' };
    // Named without its settings: the line names what to set.
    expect(() => loadConfig({ ...prod, PAYMENT_PROVIDERS: 'wechat' })).toThrow(/WECHAT_PAY_MCH_ID/);
    expect(() => loadConfig({ ...prod, PAYMENT_PROVIDERS: 'alipay' })).toThrow(/ALIPAY_APP_ID/);
    expect(() => loadConfig({ ...prod, PAYMENT_PROVIDERS: 'paypal' })).toThrow(/PAYMENT_PROVIDERS/);
    // Half of a provider's settings are refused even when it is not named.
    expect(() =>
      loadConfig({ ...prod, PAYMENT_PROVIDERS: 'wechat', WECHAT_PAY_MCH_ID: '1900000001' }),
    ).toThrow(/WECHAT_PAY_APP_ID/);
    expect(() =>
      loadConfig({ ...prod, ALLOW_SANDBOX_PAYMENT: 'true', ALIPAY_APP_ID: '2021000000000001' }),
    ).toThrow(/ALIPAY_PRIVATE_KEY_FILE/);
  });

  it('accepts PostgreSQL, Redis and embed origins', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/steel',
      REDIS_URL: 'redis://cache:6379',
      ALLOWED_EMBED_ORIGINS: 'https://a.steelport.cn, https://b.steelport.cn/',
    });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/steel');
    expect(config.allowedEmbedOrigins).toEqual(['https://a.steelport.cn', 'https://b.steelport.cn']);
  });

  it('takes the socket address unless TRUST_PROXY names the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '9' })).toThrow(/TRUST_PROXY/);
  });

  it('lets loopback read /metrics unless METRICS_ALLOW says otherwise, and checks METRICS_TOKEN', () => {
    expect(loadConfig({}).metricsAllow).toEqual(['127.0.0.0/8', '::1']);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, fd00::/8' }).metricsAllow).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ METRICS_ALLOW: 'prometheus.local' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
