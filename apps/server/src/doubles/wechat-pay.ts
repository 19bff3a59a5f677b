/**
 * A local double of WeChat Pay's APIv3 servers (issue 30), for tests and end-to-end runs; no
 * production code imports it. It plays WeChat as the provider (`providers/payment/wechat.ts`)
 * sees it, with the real signatures in the path:
 *
 * - it generates a merchant RSA key pair and a "微信支付公钥" pair in memory and writes the
 *   merchant's private key and the platform's public key as PEM files to a temporary folder;
 *   `env` holds the WECHAT_PAY_* variables pointing our configuration at it (no notify URL: the
 *   test or the app's PUBLIC_URL gives it);
 * - every API call must carry a valid merchant Authorization header (RSA-SHA256 over
 *   `METHOD\nURL\ntimestamp\nnonce\nbody\n`, verified with the merchant's public key), else
 *   401 SIGN_ERROR; every answer is signed with the platform key (Wechatpay-Signature,
 *   -Timestamp, -Nonce, -Serial), so the SDK's answer verification runs;
 * - trades live in memory: Native, H5 and JSAPI orders, the query by out_trade_no, close,
 *   refunds and the refund query;
 * - notifications are signed and their `resource` encrypted with AEAD_AES_256_GCM under the
 *   APIv3 key, as WeChat sends them, and POSTed with fetch to the trade's notify_url;
 * - `GET /h5pay?prepay_id=…&redirect_url=…` is the H5 cashier page (确认支付 pays, notifies and
 *   goes back to redirect_url); `POST /_double/pay?out_trade_no=…` is "scan the QR and pay".
 *
 * As a process (browser tests): `npx tsx apps/server/src/doubles/wechat-pay.ts --port 3299
 * --write-env /tmp/wechat.json [--notify-url URL]` writes `env` as JSON and stays up until
 * SIGINT/SIGTERM. `--env-file PATH` means the same, but tsx hands `--env-file` to node (which
 * then fails to load it as a dotenv file) unless the double's arguments follow a `--`.
 *
 * The parts: `wechat-pay/types.ts` (shapes), `wechat-pay/wire.ts` (errors, ids, fields),
 * `wechat-pay/signing.ts` (signatures and encryption), `wechat-pay/trades.ts` (the trades in
 * memory and their notifications), `wechat-pay/http.ts` (pages and routes).
 */
import { generateKeyPair, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { httpHandler } from './wechat-pay/http.ts';
import { signer } from './wechat-pay/signing.ts';
import { tradeBook } from './wechat-pay/trades.ts';
import type { WechatPayDouble, WechatPayDoubleContext } from './wechat-pay/types.ts';
import { ApiError, digits } from './wechat-pay/wire.ts';

export type {
  DoubleNotification,
  DoubleRefund,
  DoubleRefundStatus,
  DoubleTrade,
  DoubleTradeState,
  NotificationOptions,
  WechatPayDouble,
} from './wechat-pay/types.ts';

const generateRsa = promisify(generateKeyPair);

/** Starts the double on 127.0.0.1 (a free port unless given). */
export async function startWechatPayDouble(
  options: { port?: number; host?: string } = {},
): Promise<WechatPayDouble> {
  const [merchant, platform] = await Promise.all([
    generateRsa('rsa', { modulusLength: 2048 }),
    generateRsa('rsa', { modulusLength: 2048 }),
  ]);
  const mchId = `16${digits(8)}`;
  const appId = `wx${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const mchSerial = randomUUID().replace(/-/g, '').toUpperCase().padEnd(40, '0');
  const platformPublicKeyId = `PUB_KEY_ID_01${digits(30)}`;
  const apiV3Key = randomUUID().replace(/-/g, '');
  const apiV3KeyBytes = Buffer.from(apiV3Key, 'utf8');

  const dir = await mkdtemp(path.join(tmpdir(), 'wechat-pay-double-'));
  const merchantKeyFile = path.join(dir, 'apiclient_key.pem');
  const platformKeyFile = path.join(dir, 'pub_key.pem');
  await writeFile(merchantKeyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  await writeFile(platformKeyFile, platform.publicKey.export({ type: 'spki', format: 'pem' }));
  const ctx: WechatPayDoubleContext = {
    mchId,
    appId,
    mchSerial,
    platformPublicKeyId,
    apiV3KeyBytes,
    merchant,
    platform,
    baseUrl: '',
    failure: undefined,
    refundStatus: () => double.refundStatus,
  };
  const signing = signer(ctx);
  const { answer } = signing;
  const book = tradeBook(ctx, signing);
  const { trades, refunds, tradeOf, settle, notification, refundNotification, deliver, pay } = book;
  const handle = httpHandler(ctx, book, signing);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        const e = error instanceof ApiError ? error : new ApiError(500, 'SYSTEM_ERROR', String(error));
        answer(res, e.status, { code: e.code, message: e.message });
      } else {
        res.end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${host}:${address.port}`;
  ctx.baseUrl = baseUrl;

  const double: WechatPayDouble = {
    baseUrl,
    env: {
      WECHAT_PAY_MCH_ID: mchId,
      WECHAT_PAY_APP_ID: appId,
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_MCH_SERIAL: mchSerial,
      WECHAT_PAY_MCH_PRIVATE_KEY_FILE: merchantKeyFile,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE: platformKeyFile,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: platformPublicKeyId,
      WECHAT_PAY_BASE_URL: `${baseUrl}/`,
    },
    mchId,
    appId,
    platformPublicKeyId,
    refundStatus: 'PROCESSING',
    failNext(status, code, message = '系统错误') {
      ctx.failure = new ApiError(status, code, message);
    },
    trade(outTradeNo) {
      const trade = trades.get(outTradeNo);
      return trade ? { ...trade, refunds: [...trade.refunds] } : undefined;
    },
    refund(outRefundNo) {
      const refund = refunds.get(outRefundNo);
      return refund ? { ...refund } : undefined;
    },
    pay,
    payWithoutNotifying(outTradeNo) {
      settle(outTradeNo);
    },
    async notify(outTradeNo, options) {
      const trade = tradeOf(outTradeNo);
      if (trade.state !== 'SUCCESS')
        throw new Error(`wechat-pay double: trade ${outTradeNo} is ${trade.state}`);
      return deliver(trade.notifyUrl, notification(outTradeNo, options));
    },
    notification,
    refundNotification,
    async finishRefund(outRefundNo, status = 'SUCCESS') {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`wechat-pay double: no refund ${outRefundNo}`);
      refund.status = status;
      if (status === 'SUCCESS') tradeOf(refund.outTradeNo).state = 'REFUND';
      if (!refund.notifyUrl) throw new Error(`wechat-pay double: refund ${outRefundNo} has no notify_url`);
      return deliver(refund.notifyUrl, refundNotification(outRefundNo, status));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
  return double;
}

/** `--port N --write-env PATH [--notify-url URL] [--host H]`: run the double until killed. */
export async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const port = Number(arg('--port') ?? 0);
  const envFile = arg('--write-env') ?? arg('--env-file');
  const notifyUrl = arg('--notify-url');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be a port number');
  const double = await startWechatPayDouble({ port, host: arg('--host') ?? '127.0.0.1' });
  const env = { ...double.env, ...(notifyUrl ? { WECHAT_PAY_NOTIFY_URL: notifyUrl } : {}) };
  if (envFile) await writeFile(envFile, `${JSON.stringify(env, null, 2)}\n`);
  process.stdout.write(`WeChat Pay double on ${double.baseUrl}${envFile ? `, env in ${envFile}` : ''}\n`);
  const stop = () => {
    void double.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
