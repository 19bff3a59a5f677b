/**
 * The WeChat Pay provider against the local double of WeChat's servers (src/doubles/wechat-pay.ts):
 * the SDK's real request signing and answer verification, the double's check of the merchant
 * signature, notifications signed and encrypted as WeChat sends them. No database, no internet.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { ConfigError } from '../../config-error.ts';
import { startWechatPayDouble, type WechatPayDouble } from '../../doubles/wechat-pay.ts';
import {
  NotificationRejected,
  type NotifyRejection,
  type PaymentProvider,
  type ProviderEvent,
  type RawNotification,
  type StartRequest,
} from './types.ts';
import { type WechatPayConfig, wechatPayConfig, wechatProvider } from './wechat.ts';

let double: WechatPayDouble;
let config: WechatPayConfig;
let provider: PaymentProvider;
let receiver: Server;
/** what our stand-in notify endpoint verified, in order */
const received: ProviderEvent[] = [];
let refuseNotifications = false;
let seq = 0;

const tmp = mkdtempSync(path.join(tmpdir(), 'wechat-test-'));

function tradeNo(): string {
  seq += 1;
  return `SP20261129${String(Date.now() % 1e6).padStart(6, '0')}${String(seq).padStart(4, '0')}`;
}

function startRequest(overrides: Partial<StartRequest> = {}): StartRequest {
  return {
    paymentId: seq + 1,
    outTradeNo: tradeNo(),
    amountFen: 1234,
    description: '钢市通 免豆会员 90天',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    scene: 'desktop',
    clientIp: '203.0.113.7',
    returnUrl: 'https://www.steelport.cn/m/vip/orders?paid=1',
    ...overrides,
  };
}

function pemFile(name: string, content: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
}

async function rejection(promise: Promise<unknown>): Promise<NotifyRejection> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NotificationRejected);
  return (error as NotificationRejected).reason;
}

beforeAll(async () => {
  double = await startWechatPayDouble();
  // Our notify endpoint, reduced to the provider's two calls.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const headers: RawNotification['headers'] = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(',') : v;
      let reply = provider.answer(false, '通知已拒收');
      try {
        const event = await provider.parseNotification({
          headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        received.push(event);
        if (!refuseNotifications) reply = provider.answer(true, '');
      } catch (error) {
        reply = provider.answer(false, error instanceof Error ? error.message : '通知无效');
      }
      res.writeHead(reply.status, { 'Content-Type': reply.contentType });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const parsed = wechatPayConfig({ ...double.env, WECHAT_PAY_NOTIFY_URL: `http://127.0.0.1:${port}/notify` });
  if (!parsed) throw new Error('double env did not configure WeChat Pay');
  config = parsed;
  provider = wechatProvider(config);
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await double.close();
  rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  received.length = 0;
  refuseNotifications = false;
});

describe('wechatPayConfig', () => {
  it('is off when no WECHAT_PAY_* variable is set', () => {
    expect(wechatPayConfig({})).toBeUndefined();
    expect(wechatPayConfig({ PORT: '3000', WECHAT_PAY_APP_ID: '  ' })).toBeUndefined();
  });

  it('names the missing variables on one line when only some are set', () => {
    const { WECHAT_PAY_APP_ID: _app, WECHAT_PAY_MCH_SERIAL: _serial, ...partial } = double.env;
    expect(() => wechatPayConfig({ ...partial, WECHAT_PAY_NOTIFY_URL: 'https://x.cn/n' })).toThrow(
      ConfigError,
    );
    const message = (() => {
      try {
        wechatPayConfig(partial);
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    })();
    expect(message).toBe(
      'WeChat Pay is partly configured: missing WECHAT_PAY_APP_ID, WECHAT_PAY_MCH_SERIAL, WECHAT_PAY_NOTIFY_URL',
    );
    expect(() => wechatPayConfig({ WECHAT_PAY_MCH_ID: '1900000001' })).toThrow(
      /missing .*WECHAT_PAY_API_V3_KEY/,
    );
  });

  it('refuses a key file that is missing or not a PEM key, naming the variable', () => {
    const env = { ...double.env, WECHAT_PAY_NOTIFY_URL: 'https://www.steelport.cn/api/pay/notify/wechat' };
    const garbage = pemFile(
      'garbage.pem',
      '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n',
    );
    expect(() => wechatPayConfig({ ...env, WECHAT_PAY_MCH_PRIVATE_KEY_FILE: garbage })).toThrow(
      /^WECHAT_PAY_MCH_PRIVATE_KEY_FILE: .* not a PEM private key$/,
    );
    expect(() =>
      wechatPayConfig({ ...env, WECHAT_PAY_MCH_PRIVATE_KEY_FILE: path.join(tmp, 'none.pem') }),
    ).toThrow(/^WECHAT_PAY_MCH_PRIVATE_KEY_FILE: cannot read/);
    expect(() => wechatPayConfig({ ...env, WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE: garbage })).toThrow(
      /^WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE: /,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ecFile = pemFile('ec.pem', ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    expect(() => wechatPayConfig({ ...env, WECHAT_PAY_MCH_PRIVATE_KEY_FILE: ecFile })).toThrow(/not an RSA/);
  });

  it('checks the APIv3 key, the key id and the URLs', () => {
    const env = { ...double.env, WECHAT_PAY_NOTIFY_URL: 'https://www.steelport.cn/api/pay/notify/wechat' };
    expect(() => wechatPayConfig({ ...env, WECHAT_PAY_API_V3_KEY: 'short' })).toThrow(
      /WECHAT_PAY_API_V3_KEY must be exactly 32 bytes/,
    );
    expect(() => wechatPayConfig({ ...env, WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: 'ABCDEF0123' })).toThrow(
      /WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID/,
    );
    expect(() => wechatPayConfig({ ...env, WECHAT_PAY_H5_TYPE: 'Desktop' })).toThrow(/WECHAT_PAY_H5_TYPE/);
    expect(() =>
      wechatPayConfig({ ...env, WECHAT_PAY_NOTIFY_URL: 'http://www.steelport.cn/n' }, { production: true }),
    ).toThrow(/WECHAT_PAY_NOTIFY_URL must be an https URL/);

    const { WECHAT_PAY_BASE_URL: _base, ...production } = double.env;
    const parsed = wechatPayConfig(production, {
      notifyUrl: 'https://www.steelport.cn/api/pay/notify/wechat',
    });
    expect(parsed).toMatchObject({
      baseUrl: 'https://api.mch.weixin.qq.com/',
      notifyUrl: 'https://www.steelport.cn/api/pay/notify/wechat',
      refundNotifyUrl: 'https://www.steelport.cn/api/pay/notify/wechat',
      h5Type: 'Wap',
      platformPublicKeyId: double.platformPublicKeyId,
    });
    // The keys are KeyObjects: printing the configuration shows no secret.
    expect(JSON.stringify(parsed)).not.toContain(double.env.WECHAT_PAY_API_V3_KEY);
    expect(
      wechatPayConfig({ ...env, WECHAT_PAY_REFUND_NOTIFY_URL: 'https://www.steelport.cn/r' })
        ?.refundNotifyUrl,
    ).toBe('https://www.steelport.cn/r');
  });
});

describe('start', () => {
  it('desktop opens a Native order and answers its QR code', async () => {
    const request = startRequest();
    const start = await provider.start(request);
    expect(start).toMatchObject({ kind: 'qr' });
    const trade = double.trade(request.outTradeNo);
    expect(start).toEqual({ kind: 'qr', codeUrl: `weixin://wxpay/bizpayurl?pr=${trade?.prepayId}` });
    expect(trade).toMatchObject({
      state: 'NOTPAY',
      tradeType: 'NATIVE',
      amountFen: 1234,
      description: '钢市通 免豆会员 90天',
      notifyUrl: config.notifyUrl,
    });
    expect(trade?.timeExpire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(Date.parse(trade?.timeExpire ?? '')).toBe(Math.floor(request.expiresAt.getTime() / 1000) * 1000);
    // The same order again answers the same way.
    expect(await provider.start(request)).toEqual(start);
  });

  it('phone opens an H5 order whose page pays and comes back to returnUrl', async () => {
    const request = startRequest({ scene: 'phone' });
    const start = await provider.start(request);
    if (start.kind !== 'redirect') throw new Error(`expected a redirect, got ${start.kind}`);
    expect(start.url).toContain(`${double.baseUrl}/h5pay?prepay_id=`);
    expect(start.url.endsWith(`&redirect_url=${encodeURIComponent(request.returnUrl)}`)).toBe(true);
    expect(double.trade(request.outTradeNo)).toMatchObject({
      tradeType: 'MWEB',
      payerClientIp: '203.0.113.7',
      h5Type: 'Wap',
    });

    const page = await fetch(start.url);
    const html = await page.text();
    expect(html).toContain('微信支付');
    expect(html).toContain('¥12.34');
    expect(html).toContain('确认支付');
    const action = /action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    const confirm = await fetch(new URL(action ?? '', double.baseUrl), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe(request.returnUrl);
    expect(double.trade(request.outTradeNo)?.state).toBe('SUCCESS');
    expect(received).toEqual([
      expect.objectContaining({ kind: 'paid', outTradeNo: request.outTradeNo, amountFen: 1234 }),
    ]);
  });

  it('wechat opens a JSAPI order and answers the signed bridge parameters', async () => {
    const request = startRequest({ scene: 'wechat', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const start = await provider.start(request);
    if (start.kind !== 'jsapi') throw new Error(`expected jsapi, got ${start.kind}`);
    const trade = double.trade(request.outTradeNo);
    expect(trade).toMatchObject({ tradeType: 'JSAPI', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const { appId, timeStamp, nonceStr, package: pkg, signType, paySign } = start.params;
    expect({ appId, package: pkg, signType }).toEqual({
      appId: double.appId,
      package: `prepay_id=${trade?.prepayId}`,
      signType: 'RSA',
    });
    expect(timeStamp).toMatch(/^\d{10}$/);
    const merchantPublic = createPublicKey(config.mchPrivateKey);
    const signed = Formatter.joinedByLineFeed(appId ?? '', timeStamp ?? '', nonceStr ?? '', pkg ?? '');
    expect(Rsa.verify(signed, paySign ?? '', merchantPublic)).toBe(true);

    await expect(provider.start(startRequest({ scene: 'wechat' }))).rejects.toThrow(/openid/);
  });

  it('a request signed with another merchant key is refused by the double', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = wechatProvider({ ...config, mchPrivateKey: other.privateKey });
    const request = startRequest();
    await expect(forged.start(request)).rejects.toThrow(/401 SIGN_ERROR/);
    expect(double.trade(request.outTradeNo)).toBeUndefined();
  });

  it('an answer not signed by the configured 微信支付公钥 is refused by the SDK', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fooled = wechatProvider({ ...config, platformPublicKey: other.publicKey });
    await expect(fooled.start(startRequest())).rejects.toThrow(/EV3_RES_HEADER_SIGNATURE_DIGEST/);
  });

  it('rejects with WeChat’s error code, or the network’s', async () => {
    double.failNext(500, 'SYSTEM_ERROR');
    await expect(provider.start(startRequest())).rejects.toThrow(/500 SYSTEM_ERROR/);
    const request = startRequest();
    await provider.start(request);
    await expect(provider.start({ ...request, amountFen: 1 })).rejects.toThrow(/400 INVALID_REQUEST/);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = wechatProvider({ ...config, baseUrl: `http://127.0.0.1:${port}/` });
    await expect(down.start(startRequest())).rejects.toThrow(/no answer ECONNREFUSED/);
  });
});

describe('parseNotification', () => {
  async function paidTrade(): Promise<string> {
    const request = startRequest({ amountFen: 9900 });
    await provider.start(request);
    double.payWithoutNotifying(request.outTradeNo);
    return request.outTradeNo;
  }

  it('reads a genuine TRANSACTION.SUCCESS as paid', async () => {
    const no = await paidTrade();
    const notification = double.notification(no);
    expect(await provider.parseNotification(notification)).toEqual({
      kind: 'paid',
      outTradeNo: no,
      providerRef: double.trade(no)?.transactionId,
      amountFen: 9900,
      signature: notification.headers['wechatpay-signature'],
    });
    // What the notification claims is what it says; the caller compares it with the order.
    expect(await provider.parseNotification(double.notification(no, { amountFen: 1 }))).toMatchObject({
      amountFen: 1,
    });
    expect(
      await provider.parseNotification(double.notification(no, { outTradeNo: 'SP000NOSUCH' })),
    ).toMatchObject({ outTradeNo: 'SP000NOSUCH' });
  });

  it('refuses a bad signature, a tampered body and an unknown serial as signature', async () => {
    const no = await paidTrade();
    expect(await rejection(provider.parseNotification(double.notification(no, { badSignature: true })))).toBe(
      'signature',
    );
    const genuine = double.notification(no);
    const tampered = { ...genuine, body: genuine.body.replace('支付成功', '支付失败') };
    expect(tampered.body).not.toBe(genuine.body);
    expect(await rejection(provider.parseNotification(tampered))).toBe('signature');
    expect(
      await rejection(provider.parseNotification(double.notification(no, { serial: 'PUB_KEY_ID_0199' }))),
    ).toBe('signature');
    const { 'wechatpay-signature': _sig, ...unsigned } = genuine.headers;
    expect(await rejection(provider.parseNotification({ ...genuine, headers: unsigned }))).toBe('signature');
  });

  it('refuses a timestamp more than 5 minutes away as stale', async () => {
    const no = await paidTrade();
    expect(await rejection(provider.parseNotification(double.notification(no, { ageSeconds: 360 })))).toBe(
      'stale',
    );
    expect(await rejection(provider.parseNotification(double.notification(no, { ageSeconds: -360 })))).toBe(
      'stale',
    );
    const notification = double.notification(no, { ageSeconds: 240 });
    expect((await provider.parseNotification(notification)).kind).toBe('paid');
    // `now` is the caller's clock.
    const later = new Date(Date.now() + 6 * 60_000);
    expect(await rejection(provider.parseNotification(notification, later))).toBe('stale');
  });

  it('refuses a resource that does not decrypt as malformed', async () => {
    const no = await paidTrade();
    expect(
      await rejection(provider.parseNotification(double.notification(no, { badCiphertext: true }))),
    ).toBe('malformed');
  });

  it('delivers through pay() and answers 204, or 422 FAIL when refused', async () => {
    const request = startRequest();
    await provider.start(request);
    expect(await double.pay(request.outTradeNo)).toBe(204);
    expect(received).toEqual([
      {
        kind: 'paid',
        outTradeNo: request.outTradeNo,
        providerRef: double.trade(request.outTradeNo)?.transactionId,
        amountFen: 1234,
        signature: expect.any(String),
      },
    ]);
    refuseNotifications = true;
    expect(await double.notify(request.outTradeNo)).toBe(422);
    expect(await double.notify(request.outTradeNo, { ageSeconds: 400 })).toBe(422);
  });
});

describe('answer', () => {
  it('says 204 when accepted and 422 with code FAIL when refused', () => {
    expect(provider.answer(true, 'ok')).toMatchObject({ status: 204, body: '' });
    const refused = provider.answer(false, '签名错误');
    expect(refused.status).toBe(422);
    expect(refused.contentType).toContain('application/json');
    expect(JSON.parse(refused.body)).toEqual({ code: 'FAIL', message: '签名错误' });
  });
});

describe('query and close', () => {
  it('tells unknown, pending, paid and closed', async () => {
    const request = startRequest({ amountFen: 500 });
    expect(await provider.query(request.outTradeNo)).toEqual({ state: 'unknown' });
    await provider.start(request);
    expect(await provider.query(request.outTradeNo)).toEqual({ state: 'pending' });
    // A lost notification: only the query tells.
    double.payWithoutNotifying(request.outTradeNo);
    expect(received).toEqual([]);
    expect(await provider.query(request.outTradeNo)).toEqual({
      state: 'paid',
      providerRef: double.trade(request.outTradeNo)?.transactionId,
      amountFen: 500,
    });

    const open = startRequest();
    await provider.start(open);
    await provider.close(open.outTradeNo);
    expect(double.trade(open.outTradeNo)?.state).toBe('CLOSED');
    expect(await provider.query(open.outTradeNo)).toEqual({ state: 'closed' });
  });

  it('closes a trade WeChat never saw without complaint, and refuses to close a paid one', async () => {
    await expect(provider.close(tradeNo())).resolves.toBeUndefined();
    const request = startRequest();
    await provider.start(request);
    double.payWithoutNotifying(request.outTradeNo);
    await expect(provider.close(request.outTradeNo)).rejects.toThrow(/ORDERPAID/);
  });
});

describe('refund', () => {
  async function paid(amountFen = 2000): Promise<string> {
    const request = startRequest({ amountFen });
    await provider.start(request);
    double.payWithoutNotifying(request.outTradeNo);
    return request.outTradeNo;
  }

  it('asks for a refund and reads its notification', async () => {
    const no = await paid();
    const outRefundNo = `R${no}`;
    const refund = {
      outTradeNo: no,
      outRefundNo,
      providerRef: null,
      amountFen: 2000,
      totalFen: 2000,
      reason: '会员退款',
    };
    const asked = await provider.refund(refund);
    expect(asked).toEqual({ refundRef: double.refund(outRefundNo)?.refundId, state: 'processing' });
    expect(double.refund(outRefundNo)).toMatchObject({ amountFen: 2000, notifyUrl: config.refundNotifyUrl });
    // Asking again with the same out_refund_no is the same refund.
    expect(await provider.refund(refund)).toEqual(asked);

    expect(await double.finishRefund(outRefundNo)).toBe(204);
    expect(received).toEqual([
      { kind: 'refund', outTradeNo: no, outRefundNo, refundRef: asked.refundRef, state: 'success' },
    ]);
    // A refunded trade was still paid.
    expect(await provider.query(no)).toMatchObject({ state: 'paid', amountFen: 2000 });
  });

  it('reads REFUND.ABNORMAL and REFUND.CLOSED as failed', async () => {
    const no = await paid();
    const { refundRef } = await provider.refund({
      outTradeNo: no,
      outRefundNo: `R${no}`,
      providerRef: null,
      amountFen: 2000,
      totalFen: 2000,
      reason: '会员退款',
    });
    expect(await provider.parseNotification(double.refundNotification(`R${no}`, 'CLOSED'))).toEqual({
      kind: 'refund',
      outTradeNo: no,
      outRefundNo: `R${no}`,
      refundRef,
      state: 'failed',
    });
    expect(await double.finishRefund(`R${no}`, 'ABNORMAL')).toBe(204);
    expect(received).toEqual([expect.objectContaining({ kind: 'refund', state: 'failed' })]);
  });

  it('answers success when WeChat refunds at once, and rejects a refund WeChat refuses', async () => {
    const no = await paid();
    double.refundStatus = 'SUCCESS';
    try {
      expect(
        await provider.refund({
          outTradeNo: no,
          outRefundNo: `R${no}`,
          providerRef: null,
          amountFen: 2000,
          totalFen: 2000,
          reason: '会员退款',
        }),
      ).toMatchObject({ state: 'success' });
    } finally {
      double.refundStatus = 'PROCESSING';
    }
    const unpaid = startRequest();
    await provider.start(unpaid);
    await expect(
      provider.refund({
        outTradeNo: unpaid.outTradeNo,
        outRefundNo: `R${unpaid.outTradeNo}`,
        providerRef: null,
        amountFen: 1234,
        totalFen: 1234,
        reason: '会员退款',
      }),
    ).rejects.toThrow(/400 INVALID_REQUEST/);
  });

  it('ignores a genuine event it does not act on, after checking its signature', async () => {
    const no = await paid();
    const other = double.notification(no, { eventType: 'TRANSACTION.CLOSED' });
    expect(await provider.parseNotification(other)).toEqual({
      kind: 'ignored',
      reason: 'event_type TRANSACTION.CLOSED',
    });
    const forged = double.notification(no, { eventType: 'TRANSACTION.CLOSED', badSignature: true });
    expect(await rejection(provider.parseNotification(forged))).toBe('signature');
  });
});
