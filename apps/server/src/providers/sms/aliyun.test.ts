/**
 * Aliyun SMS (issue 30) through the real app and the official SDK, against the local double of
 * the Aliyun API (doubles/aliyun-sms.ts), which checks the SDK's V3 signature: codes reach the
 * phone as the `code` template and verify; a refused send tells the user plainly, is logged for
 * operators without secrets, and uses up none of the user's waits or quotas.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { type AliyunSmsDouble, startAliyunSmsDouble } from '../../doubles/aliyun-sms.ts';
import { BusinessError } from '../../errors.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { aliyunSms, aliyunSmsConfig, SMS_FAILED_MESSAGE } from './aliyun.ts';
import { codeMessage, digestMessage, inviteMessage, SMS_PARAM_MAX, smsParam } from './messages.ts';

let double: AliyunSmsDouble;
const env: Record<string, string> = { SMS_PROVIDER: 'aliyun' };
// Registered before useTestApp's own hook, so the app is built with the double's address.
beforeAll(async () => {
  double = await startAliyunSmsDouble();
  Object.assign(env, double.env);
});
afterAll(async () => {
  await double?.close();
});
const t = useTestApp(env);

let ipSeq = 10;
/** Each test acts from its own address, so per-client limits of one test do not leak into another. */
const newIp = () => `10.30.0.${ipSeq++}`;

const send = (phone: string, ip: string, purpose = 'register') =>
  t.app.inject({ method: 'POST', url: '/api/uaa/sms/send', payload: { phone, purpose }, remoteAddress: ip });

describe('codes through Aliyun', () => {
  it('sends a registration code with the code template, and the code registers', async () => {
    const res = await send('13930000001', newIp());
    expect(res.json()).toMatchObject({ code: 0, data: { resendAfterSeconds: 60 } });
    const sms = double.last('13930000001')!;
    expect(sms).toMatchObject({
      template: 'code',
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE,
      signName: env.ALIYUN_SMS_SIGN_NAME,
    });
    expect(sms.params).toEqual({ code: expect.stringMatching(/^\d{6}$/) });
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/register',
      payload: { phone: '13930000001', code: sms.params.code, password: 'steel123', linkMan: '阿里' },
      remoteAddress: newIp(),
    });
    expect(reg.json()).toMatchObject({ code: 0, data: { user: { phone: '13930000001' } } });
    // The sandbox's dev mailbox stays empty: nothing went through it.
    const mailbox = await t.app.inject({ method: 'GET', url: '/api/dev/sms/latest?phone=13930000001' });
    expect(mailbox.json().data).toBeNull();
  });

  it('sends a login code to a registered number, and the code logs in', async () => {
    const user = await makeUser(t.db);
    expect((await send(user.phone, newIp(), 'login')).json().code).toBe(0);
    const { code } = double.last(user.phone)!.params;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/sms',
      payload: { phone: user.phone, code },
      remoteAddress: newIp(),
    });
    expect(res.json()).toMatchObject({ code: 0, data: { user: { phone: user.phone } } });
  });

  it('keeps the 60 s wait per phone', async () => {
    const ip = newIp();
    const before = double.messages.length;
    expect((await send('13930000011', ip)).json().code).toBe(0);
    const wait = {
      code: 7,
      message: expect.stringMatching(/^验证码发送过于频繁，请\d+秒后再试$/),
      data: null,
      requestId: expect.any(String),
      retryAfterSeconds: expect.any(Number),
    };
    expect((await send('13930000011', ip)).json()).toEqual(wait);
    expect((await send('13930000011', newIp())).json()).toEqual(wait);
    // Another phone from the same address is sent at once (an office shares it, issue 32).
    expect((await send('13930000012', ip)).json().code).toBe(0);
    expect(double.messages.length).toBe(before + 2);
  });

  it('answers a refused send plainly, logs it, and hands the wait back', async () => {
    const ip = newIp();
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      double.failNext('isv.BUSINESS_LIMIT_CONTROL');
      const refused = await send('13930000021', ip);
      expect(refused.json()).toEqual({
        code: 1,
        message: '该手机号码接收短信过于频繁，请稍后再试',
        data: null,
        requestId: expect.any(String),
      });
      expect(double.last('13930000021')).toBeUndefined();
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ aliyunCode: 'isv.BUSINESS_LIMIT_CONTROL', requestId: expect.any(String) }),
        'Aliyun SMS refused a message',
      );
    } finally {
      errors.mockRestore();
    }
    // Nothing was used up: the same phone from the same address gets a code at once.
    expect((await send('13930000021', ip)).json().code).toBe(0);
    expect(double.last('13930000021')?.params.code).toMatch(/^\d{6}$/);
  });

  it('a phone the carrier cannot reach gets its own message', async () => {
    double.failNext('isv.MOBILE_NUMBER_ILLEGAL');
    expect((await send('13930000031', newIp())).json()).toEqual({
      code: 1,
      message: '手机号码无法接收短信',
      data: null,
      requestId: expect.any(String),
    });
  });
});

describe('a wrong AccessKey secret', () => {
  it('is refused by the signature check; the user reads a clear message, operators a log line', async () => {
    const lines: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: '.tmp/no-web-dist',
      ...double.env,
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_SECRET: 'not-the-secret-at-all',
    });
    const app = await buildApp(config, t.database, { logStream: { write: (line) => lines.push(line) } });
    try {
      const before = double.messages.length;
      const res = await app.inject({
        method: 'POST',
        url: '/api/uaa/sms/send',
        payload: { phone: '13930000041', purpose: 'register' },
        remoteAddress: newIp(),
      });
      expect(res.json()).toEqual({
        code: 1,
        message: SMS_FAILED_MESSAGE.zh,
        data: null,
        requestId: expect.any(String),
      });
      expect(double.messages.length).toBe(before);
      const log = lines.join('');
      expect(log).toContain('"aliyunCode":"SignatureDoesNotMatch"');
      expect(log).toMatch(/"requestId":"[0-9A-F-]{36}"/);
      expect(log).not.toContain('not-the-secret-at-all');
      expect(log).not.toContain(double.env.ALIYUN_ACCESS_KEY_SECRET);
      expect(log).not.toContain('13930000041');
    } finally {
      await app.close();
    }
  });
});

describe('the provider', () => {
  const fakeLog = () => {
    const calls: unknown[] = [];
    return { calls, log: { error: (obj: object, msg: string) => void calls.push([obj, msg]) } };
  };

  it('never logs the code digits or the secret, also when the network fails', async () => {
    // A closed port: the SDK's network error names the URL, whose query holds the code.
    const config = aliyunSmsConfig({ ...double.env, ALIYUN_SMS_ENDPOINT: '127.0.0.1:1' })!;
    const { calls, log } = fakeLog();
    const refused = aliyunSms(config, log).send('13930000051', codeMessage('987654'));
    await expect(refused).rejects.toEqual(new BusinessError(SMS_FAILED_MESSAGE));
    expect(calls).toHaveLength(1);
    const logged = JSON.stringify(calls);
    expect(logged).toContain('ECONNREFUSED');
    expect(logged).not.toContain('987654');
    expect(logged).not.toContain(double.env.ALIYUN_ACCESS_KEY_SECRET);
  });

  it('sends the digest and the invitation with parameters Aliyun accepts', async () => {
    const provider = aliyunSms(aliyunSmsConfig(double.env)!, fakeLog().log);
    const title = '【现货】热轧卷板 Q235B 12.0*1500*C 宝钢 上海宝山库 3件 共 68.250 吨 4150 元/吨';
    const digest = digestMessage(
      { unread: 3, latestTitle: title },
      `【钢市通】您的订阅有 3 条新消息，最新：${title}`,
    );
    await provider.send('13930000061', digest);
    const sent = double.last('13930000061')!;
    expect(sent).toMatchObject({ template: 'digest', templateCode: double.env.ALIYUN_SMS_TEMPLATE_DIGEST });
    expect(sent.params.count).toBe('3');
    expect(Array.from(sent.params.title!)).toHaveLength(SMS_PARAM_MAX);
    expect(sent.params.title).toMatch(/^\[现货\]热轧卷板 Q235B.*…$/);

    const invite = inviteMessage(
      '上海宝钢钢材贸易有限公司（华东区域销售中心）第一分公司',
      'i/3f9a2c7e',
      'https://x.cn',
    );
    expect(invite.text).toContain('https://x.cn/i/3f9a2c7e');
    await provider.send('13930000062', invite);
    expect(double.last('13930000062')).toMatchObject({ template: 'invite', params: { link: 'i/3f9a2c7e' } });
  });

  it('sends an English template to a reader who chose English, when one is registered', async () => {
    const both = aliyunSmsConfig({ ...double.env, ALIYUN_SMS_TEMPLATE_INVITE_EN: 'SMS_900000013' })!;
    expect(both.templatesEn).toEqual({ invite: 'SMS_900000013' });
    const provider = aliyunSms(both, fakeLog().log);
    const english = inviteMessage('宝钢贸易', 'i/3f9a2c7f', 'https://x.cn', 'en');
    expect(english.text).toBe(
      '[SteelPort] 宝钢贸易 invites you to its company membership. Accept at https://x.cn/i/3f9a2c7f',
    );
    await provider.send('13930000063', english);
    expect(double.last('13930000063')).toMatchObject({ template: 'invite', templateCode: 'SMS_900000013' });
    // A kind without an English template goes out in Chinese.
    await provider.send('13930000064', digestMessage({ unread: 1, latestTitle: '热卷' }, 'x', 'en'));
    expect(double.last('13930000064')).toMatchObject({ templateCode: double.env.ALIYUN_SMS_TEMPLATE_DIGEST });
  });

  it('cuts a long variable to 35 characters and keeps a short one', () => {
    expect(smsParam('  宝钢 ')).toBe('宝钢');
    expect(Array.from(smsParam('钢'.repeat(50)))).toHaveLength(35);
    expect(smsParam('钢'.repeat(50)).endsWith('…')).toBe(true);
    expect(smsParam('钢'.repeat(35))).toBe('钢'.repeat(35));
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  const complete = {
    ALIYUN_ACCESS_KEY_ID: 'LTAI5tExample',
    ALIYUN_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: '钢市通',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    ALIYUN_SMS_TEMPLATE_DIGEST: 'SMS_2',
    ALIYUN_SMS_TEMPLATE_INVITE: 'SMS_3',
  };
  const refusal = (e: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...e });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };

  it('reads a complete Aliyun setting, https to Aliyun by default', () => {
    const config = loadConfig({ ...base, SMS_PROVIDER: 'aliyun', ...complete });
    expect(config.smsProvider).toBe('aliyun');
    expect(config.aliyunSms).toEqual({
      accessKeyId: 'LTAI5tExample',
      accessKeySecret: 'secret',
      signName: '钢市通',
      templates: { code: 'SMS_1', digest: 'SMS_2', invite: 'SMS_3' },
      endpoint: 'dysmsapi.aliyuncs.com',
      protocol: 'https',
    });
    expect(loadConfig(base).aliyunSms).toBeUndefined();
  });

  it('names what is missing, in one line', () => {
    const none = refusal({ SMS_PROVIDER: 'aliyun' });
    expect(none).toContain('ALIYUN_ACCESS_KEY_ID');
    expect(none).toContain('ALIYUN_SMS_TEMPLATE_INVITE');
    const { ALIYUN_ACCESS_KEY_SECRET: _, ALIYUN_SMS_TEMPLATE_DIGEST: __, ...half } = complete;
    const message = refusal({ SMS_PROVIDER: 'aliyun', ...half });
    expect(message).toBe(
      'Aliyun SMS is half configured: set ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_TEMPLATE_DIGEST',
    );
    expect(message).not.toContain('\n');
    expect(refusal({ SMS_PROVIDER: 'twilio' })).toContain('SMS_PROVIDER must be one of sandbox, aliyun');
  });

  it('allows http only to a local double', () => {
    const endpoint = (e: string) => aliyunSmsConfig({ ...complete, ALIYUN_SMS_ENDPOINT: e });
    expect(endpoint('127.0.0.1:4010')).toMatchObject({ endpoint: '127.0.0.1:4010', protocol: 'http' });
    expect(endpoint('http://localhost:4010')).toMatchObject({ endpoint: 'localhost:4010', protocol: 'http' });
    expect(endpoint('https://dysmsapi.aliyuncs.com')).toMatchObject({ protocol: 'https' });
    const http = refusal({
      SMS_PROVIDER: 'aliyun',
      ...complete,
      ALIYUN_SMS_ENDPOINT: 'http://dysmsapi.aliyuncs.com',
    });
    expect(http).toContain('http is allowed for 127.0.0.1 or localhost only');
    expect(
      refusal({ SMS_PROVIDER: 'aliyun', ...complete, ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com/x' }),
    ).toContain('ALIYUN_SMS_ENDPOINT must be a host[:port]');
  });

  it('runs Aliyun in production; the sandbox there still needs ALLOW_SANDBOX_SMS', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), ALLOW_SANDBOX_PAYMENT: 'true' };
    expect(loadConfig({ ...production, SMS_PROVIDER: 'aliyun', ...complete }).smsProvider).toBe('aliyun');
    expect(() => loadConfig(production)).toThrow('ALLOW_SANDBOX_SMS');
  });
});
