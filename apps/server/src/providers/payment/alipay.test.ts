/**
 * The Alipay provider against the local double of Alipay's gateway (issue 30): no internet, the
 * SDK's own signing and verification in the path both ways (our RSA2 request signature checked
 * by the double, the double's response signature and notifications checked by the SDK). Pure
 * provider tests, no database; the payment flow through the app is tested in vip/.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config-error.ts';
import { MINUTE_MS } from '../../dates.ts';
import { type AlipayDouble, startAlipayDouble } from '../../doubles/alipay.ts';
import {
  type AlipayConfig,
  AlipayError,
  alipayConfig,
  alipayProvider,
  alipayTime,
  fenToYuan,
  yuanToFen,
} from './alipay.ts';
import {
  NotificationRejected,
  type PaymentProvider,
  type RawNotification,
  type StartRequest,
} from './types.ts';

let double: AlipayDouble;
let config: AlipayConfig;
let provider: PaymentProvider;
let notifyServer: Server;
let notifyUrl = '';
/** What reached our notify endpoint, in order. */
const received: RawNotification[] = [];
let tempDir = '';
let counter = 0;

beforeAll(async () => {
  double = await startAlipayDouble();
  tempDir = mkdtempSync(join(tmpdir(), 'alipay-test-'));
  // Our notify endpoint: the provider parses and answers, as the app's route will.
  notifyServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
      const notification = { headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(notification);
      provider
        .parseNotification(notification)
        .then(
          () => provider.answer(true, 'ok'),
          (error: Error) => provider.answer(false, error.message),
        )
        .then((answer) => {
          response.writeHead(answer.status, { 'content-type': answer.contentType });
          response.end(answer.body);
        });
    });
  });
  await new Promise<void>((resolve) => notifyServer.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(notifyServer.address() as AddressInfo).port}/api/pay/notify/alipay`;
  config = alipayConfig({ ...double.env, ALIPAY_NOTIFY_URL: notifyUrl }) as AlipayConfig;
  provider = alipayProvider(config);
});

afterAll(async () => {
  await double?.close();
  await new Promise((resolve) => notifyServer?.close(resolve));
  rmSync(tempDir, { recursive: true, force: true });
});

function tradeNo(): string {
  counter += 1;
  return `SP20261129${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(4, '0')}`;
}

function request(overrides: Partial<StartRequest> = {}): StartRequest {
  return {
    paymentId: counter + 1,
    outTradeNo: tradeNo(),
    amountFen: 1990,
    description: '钢市通 免豆会员 90天',
    expiresAt: new Date(Date.now() + 30 * MINUTE_MS),
    scene: 'desktop',
    clientIp: '203.0.113.7',
    returnUrl: 'https://steelport.example/m/vip/paid',
    ...overrides,
  };
}

/** Opens a trade by QR and lets the payer scan it (it then exists for query at Alipay). */
async function openTrade(overrides: Partial<StartRequest> = {}): Promise<string> {
  const start = request(overrides);
  await provider.start(start);
  double.scan(start.outTradeNo);
  return start.outTradeNo;
}

function keyFile(name: string, text: string): string {
  const path = join(tempDir, name);
  writeFileSync(path, text);
  return path;
}

function rsaPem(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('amounts and times', () => {
  it('converts fen and yuan by text', () => {
    expect([1, 10, 1990, 123456, 0].map(fenToYuan)).toEqual(['0.01', '0.10', '19.90', '1234.56', '0.00']);
    expect(['0.01', '19.9', '19.90', '1234.56', '7'].map(yuanToFen)).toEqual([1, 1990, 1990, 123456, 700]);
    expect(['', '1.234', '-1.00', '01.00', '1e3', ' 1.00'].map(yuanToFen)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(() => fenToYuan(19.9)).toThrow(RangeError);
  });

  it('writes Beijing time', () => {
    expect(alipayTime(new Date('2026-11-29T16:30:05Z'))).toBe('2026-11-30 00:30:05');
  });
});

describe('configuration', () => {
  it('is off when no ALIPAY_* variable is set', () => {
    expect(alipayConfig({})).toBeUndefined();
    expect(alipayConfig({ ALIPAY_APP_ID: ' ', PUBLIC_URL: 'https://x.example' })).toBeUndefined();
  });

  it('names the missing variables of a half-set configuration', () => {
    expect(() => alipayConfig({ ALIPAY_APP_ID: double.appId })).toThrow(ConfigError);
    expect(() => alipayConfig({ ALIPAY_APP_ID: double.appId })).toThrow(
      /^ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE must be set/,
    );
    const { ALIPAY_PUBLIC_KEY_FILE: _, ...withoutPublic } = double.env;
    expect(() => alipayConfig(withoutPublic)).toThrow(/^ALIPAY_PUBLIC_KEY_FILE must be set/);
    expect(() => alipayConfig({ ALIPAY_GATEWAY: double.gateway })).toThrow(
      /ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE must be set/,
    );
  });

  it('refuses bad key files, app ids and URLs, one line naming the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ALIPAY_PRIVATE_KEY_FILE: keyFile('garbage.pem', 'not a key at all') }, /^ALIPAY_PRIVATE_KEY_FILE: /],
      [
        { ALIPAY_PRIVATE_KEY_FILE: join(tempDir, 'missing.pem') },
        /^ALIPAY_PRIVATE_KEY_FILE: cannot read .*ENOENT/,
      ],
      // A public key where our private key belongs.
      [
        { ALIPAY_PRIVATE_KEY_FILE: double.env.ALIPAY_PUBLIC_KEY_FILE as string },
        /^ALIPAY_PRIVATE_KEY_FILE: /,
      ],
      [
        { ALIPAY_PUBLIC_KEY_FILE: keyFile('garbage.pub', '-----BEGIN PUBLIC KEY-----\nAAAA\n') },
        /^ALIPAY_PUBLIC_KEY_FILE: /,
      ],
      // Our own public key instead of Alipay's: every response would fail to verify.
      [
        { ALIPAY_PUBLIC_KEY_FILE: keyFile('ours.pub', double.keys.appPublicKeyPem) },
        /^ALIPAY_PUBLIC_KEY_FILE holds our app's own/,
      ],
      [{ ALIPAY_APP_ID: '12345' }, /^ALIPAY_APP_ID must be the 16-digit app id/],
      [{ ALIPAY_GATEWAY: 'openapi.alipay.com' }, /^ALIPAY_GATEWAY is not a valid http or https URL/],
      [{ ALIPAY_NOTIFY_URL: 'ftp://x.example/n' }, /^ALIPAY_NOTIFY_URL is not a valid http or https URL/],
    ];
    for (const [change, message] of cases) {
      const error = (() => {
        try {
          alipayConfig({ ...double.env, ...change });
        } catch (e) {
          return e;
        }
      })();
      expect(error, JSON.stringify(change)).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it("reads the keys as PEM or as the bare base64 of Alipay's key tool, and defaults the gateway", () => {
    const pair = rsaPem();
    const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const parsed = alipayConfig({
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY_FILE: keyFile('app-pkcs1.txt', bare(pair.privateKey)),
      ALIPAY_PUBLIC_KEY_FILE: keyFile('alipay.txt', bare(double.keys.alipayPublicKeyPem)),
    });
    expect(parsed?.gateway).toBe('https://openapi.alipay.com/gateway.do');
    expect(parsed?.notifyUrl).toBeUndefined();
    expect(parsed?.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+-----END PRIVATE KEY-----$/);
    expect(parsed?.alipayPublicKeyPem.trim()).toBe(double.keys.alipayPublicKeyPem.trim());
    // Without ALIPAY_NOTIFY_URL the caller's default is required.
    expect(() => alipayProvider(parsed as AlipayConfig)).toThrow(/ALIPAY_NOTIFY_URL/);
    expect(alipayProvider(parsed as AlipayConfig, { notifyUrl }).name).toBe('alipay');
  });
});

describe('start', () => {
  it('gives the desktop a QR code from precreate, with the amount in yuan and Beijing expiry', async () => {
    const start = request({ amountFen: 1990, expiresAt: new Date('2030-01-01T04:00:00Z') });
    const answer = await provider.start(start);
    expect(answer.kind).toBe('qr');
    expect(answer.kind === 'qr' && answer.codeUrl.startsWith(`${double.url}/_double/qr/`)).toBe(true);
    expect(double.calls.at(-1)).toEqual({
      method: 'alipay.trade.precreate',
      bizContent: {
        out_trade_no: start.outTradeNo,
        total_amount: '19.90',
        subject: '钢市通 免豆会员 90天',
        time_expire: '2030-01-01 12:00:00',
      },
    });
    expect(double.trade(start.outTradeNo)?.notifyUrl).toBe(notifyUrl);
    // Asking again for the open trade answers the same code.
    expect(await provider.start(start)).toEqual(answer);
    // A paid trade cannot be opened again.
    await double.pay(start.outTradeNo);
    const error = await rejection(provider.start(start));
    expect(error).toBeInstanceOf(AlipayError);
    expect((error as AlipayError).subCode).toBe('ACQ.TRADE_HAS_SUCCESS');
  });

  it('sends the phone to the wap cashier, whose pay page pays, notifies and returns', async () => {
    const start = request({ scene: 'phone', amountFen: 123456 });
    const answer = await provider.start(start);
    if (answer.kind !== 'redirect') throw new Error(`expected a redirect, got ${answer.kind}`);
    expect(answer.url.startsWith(`${double.gateway}?`)).toBe(true);
    const link = new URL(answer.url);
    expect(link.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(link.searchParams.get('return_url')).toBe(start.returnUrl);
    expect(JSON.parse(link.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      total_amount: '1234.56',
      quit_url: start.returnUrl,
    });
    // The trade exists at Alipay only once the page is opened.
    expect(await provider.query(start.outTradeNo)).toEqual({ state: 'unknown' });

    // A link whose amount was changed does not verify.
    const tampered = new URL(answer.url);
    tampered.searchParams.set(
      'biz_content',
      (link.searchParams.get('biz_content') ?? '').replace('1234.56', '0.01'),
    );
    const refused = await fetch(tampered);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('isv.invalid-signature');
    expect(double.trade(start.outTradeNo)).toBeUndefined();

    const page = await fetch(answer.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('支付宝');
    expect(html).toContain('¥1234.56');
    expect(html).toContain('确认付款');
    expect(html).toContain('width=device-width');
    expect(await provider.query(start.outTradeNo)).toEqual({ state: 'pending' });

    const before = received.length;
    const paid = await fetch(`${double.url}/_double/wap-pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: start.outTradeNo }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(start.returnUrl);
    expect(back.searchParams.get('out_trade_no')).toBe(start.outTradeNo);
    expect(received.length).toBe(before + 1);
    expect(await provider.parseNotification(received.at(-1) as RawNotification)).toMatchObject({
      kind: 'paid',
      outTradeNo: start.outTradeNo,
      amountFen: 123456,
    });
  });

  it('does not offer the WeChat scene', async () => {
    expect(provider.scenes).toEqual(['desktop', 'phone']);
    await expect(provider.start(request({ scene: 'wechat' }))).rejects.toThrow(/wechat/);
  });
});

describe('signatures on the wire', () => {
  it('is refused by the gateway when our request is signed with another key', async () => {
    const stranger = alipayProvider({ ...config, privateKeyPem: rsaPem().privateKey.trim() });
    const error = await rejection(stranger.query(tradeNo()));
    expect(error).toBeInstanceOf(AlipayError);
    expect((error as AlipayError).subCode).toBe('isv.invalid-signature');
  });

  it("refuses the gateway's answer when it is not signed by Alipay's key", async () => {
    const fooled = alipayProvider({ ...config, alipayPublicKeyPem: rsaPem().publicKey.trim() });
    await expect(fooled.query(tradeNo())).rejects.toThrow(/验签失败/);
  });
});

describe('notifications', () => {
  it.each([
    [1, '0.01'],
    [1990, '19.90'],
    [123456, '1234.56'],
  ])('a genuine notification of %i fen parses to paid', async (amountFen, yuan) => {
    const outTradeNo = await openTrade({ amountFen });
    const notification = double.notification(outTradeNo);
    expect(notification.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(notification.body).get('total_amount')).toBe(yuan);
    const event = await provider.parseNotification(notification);
    expect(event).toEqual({
      kind: 'paid',
      outTradeNo,
      providerRef: double.trade(outTradeNo)?.tradeNo,
      amountFen,
      signature: new URLSearchParams(notification.body).get('sign'),
    });
  });

  it('refuses a bad signature, another app, a tampered amount and an unsigned body', async () => {
    const outTradeNo = await openTrade();
    const refusals: RawNotification[] = [
      double.notification(outTradeNo, { badSignature: true }),
      double.notification(outTradeNo, { appId: '2021000000000999' }),
      double.notification(outTradeNo, { tamperedAmount: '0.01' }),
      { headers: {}, body: 'out_trade_no=x&total_amount=1.00&trade_status=TRADE_SUCCESS' },
      { headers: {}, body: '{"sign":"x"}' },
      { headers: {}, body: double.notification(outTradeNo).body.replace('sign_type=RSA2', 'sign_type=RSA') },
      { headers: {}, body: double.notification(outTradeNo).body.replace('sign_type=RSA2', 'sign_type=MD5') },
    ];
    for (const notification of refusals) {
      const error = await rejection(provider.parseNotification(notification));
      expect(error).toBeInstanceOf(NotificationRejected);
      expect((error as NotificationRejected).reason).toBe('signature');
    }
  });

  it('passes on what a genuine notification says; the caller compares amounts and trades', async () => {
    const outTradeNo = await openTrade({ amountFen: 1990 });
    expect(
      await provider.parseNotification(double.notification(outTradeNo, { totalAmount: '0.01' })),
    ).toMatchObject({
      kind: 'paid',
      outTradeNo,
      amountFen: 1,
    });
    expect(
      await provider.parseNotification(
        double.notification(outTradeNo, { outTradeNo: 'SP20000101000000000' }),
      ),
    ).toMatchObject({ kind: 'paid', outTradeNo: 'SP20000101000000000' });
  });

  it('ignores waiting and closed trades, and does not refuse an old notify_time (Alipay resends for 25 h)', async () => {
    const outTradeNo = await openTrade();
    for (const tradeStatus of ['WAIT_BUYER_PAY', 'TRADE_CLOSED'] as const) {
      expect(await provider.parseNotification(double.notification(outTradeNo, { tradeStatus }))).toEqual({
        kind: 'ignored',
        reason: `trade_status ${tradeStatus}`,
      });
    }
    const later = new Date(Date.now() + 24 * 60 * MINUTE_MS);
    expect((await provider.parseNotification(double.notification(outTradeNo), later)).kind).toBe('paid');
  });

  it('is answered success or failure in plain text, and a payment reaches our endpoint', async () => {
    expect(provider.answer(true, 'ok')).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(provider.answer(false, 'signature').body).toBe('failure');
    const outTradeNo = await openTrade();
    expect(await double.pay(outTradeNo)).toBe('success');
    expect(await double.notify(outTradeNo, { badSignature: true })).toBe('failure');
  });
});

describe('query and close', () => {
  it('says unknown, pending, paid and closed', async () => {
    expect(await provider.query(tradeNo())).toEqual({ state: 'unknown' });
    const start = request({ amountFen: 1 });
    await provider.start(start);
    // Like Alipay: a precreated trade nobody scanned does not exist yet.
    expect(await provider.query(start.outTradeNo)).toEqual({ state: 'unknown' });
    double.scan(start.outTradeNo);
    expect(await provider.query(start.outTradeNo)).toEqual({ state: 'pending' });
    const trade = double.payWithoutNotifying(start.outTradeNo);
    expect(await provider.query(start.outTradeNo)).toEqual({
      state: 'paid',
      providerRef: trade.tradeNo,
      amountFen: 1,
    });

    const closing = await openTrade();
    await provider.close(closing);
    expect(double.trade(closing)?.status).toBe('TRADE_CLOSED');
    expect(await provider.query(closing)).toEqual({ state: 'closed' });
    // Closing again, or a trade Alipay never saw, is fine.
    await provider.close(closing);
    await provider.close(tradeNo());
  });

  it('refuses to close a paid trade', async () => {
    const outTradeNo = await openTrade();
    double.payWithoutNotifying(outTradeNo);
    const error = await rejection(provider.close(outTradeNo));
    expect((error as AlipayError).subCode).toBe('ACQ.TRADE_STATUS_ERROR');
  });
});

describe('refund', () => {
  it('refunds a paid trade at once, answers a repeat the same, and parses the refund notification', async () => {
    const outTradeNo = await openTrade({ amountFen: 1990 });
    const trade = double.payWithoutNotifying(outTradeNo);
    const refund = {
      outTradeNo,
      outRefundNo: `RF${outTradeNo}`,
      providerRef: trade.tradeNo,
      amountFen: 1990,
      totalFen: 1990,
      reason: '会员退款',
    };
    expect(await provider.refund(refund)).toEqual({ refundRef: trade.tradeNo, state: 'success' });
    expect(double.calls.at(-1)?.bizContent).toMatchObject({
      out_trade_no: outTradeNo,
      out_request_no: refund.outRefundNo,
      refund_amount: '19.90',
    });
    expect(double.trade(outTradeNo)?.refunds).toHaveLength(1);
    expect(double.trade(outTradeNo)?.status).toBe('TRADE_CLOSED');
    // The same refund again moves no money (fund_change N) and is still done.
    expect(await provider.refund(refund)).toEqual({ refundRef: trade.tradeNo, state: 'success' });
    expect(double.trade(outTradeNo)?.refunds).toHaveLength(1);
    expect(await provider.query(outTradeNo)).toEqual({ state: 'closed' });

    expect(
      await provider.parseNotification(double.notification(outTradeNo, { refundOf: refund.outRefundNo })),
    ).toEqual({
      kind: 'refund',
      outTradeNo,
      outRefundNo: refund.outRefundNo,
      refundRef: trade.tradeNo,
      state: 'success',
    });
  });

  it('is refused for a trade not paid', async () => {
    const outTradeNo = await openTrade();
    const error = await rejection(
      provider.refund({
        outTradeNo,
        outRefundNo: `RF${outTradeNo}`,
        providerRef: null,
        amountFen: 1990,
        totalFen: 1990,
        reason: '退款',
      }),
    );
    expect((error as AlipayError).subCode).toBe('ACQ.TRADE_STATUS_ERROR');
  });
});
