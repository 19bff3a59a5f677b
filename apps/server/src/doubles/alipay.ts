/**
 * A local double of Alipay's OpenAPI v2 gateway (issue 30) for tests and end-to-end runs; the
 * production server never imports it. It speaks the wire format the official SDK speaks:
 *
 * - `POST /gateway.do?app_id&method&sign…` with the rest (biz_content) as a form: the RSA2
 *   signature over every parameter but `sign` (sorted, `k=v` joined by `&`, empty values left
 *   out) is verified with our app's public key, else `isv.invalid-signature`; the answer is
 *   `{"<method>_response":{…},"sign":"…"}`, signed by Alipay's private key over the response
 *   node's JSON text, as the SDK verifies it.
 * - `GET /gateway.do?method=alipay.trade.wap.pay…` (pageExecute's link): the signed query is
 *   verified and a small pay page (支付宝, ¥X.XX, 确认付款) is shown; its button posts to
 *   `/_double/wap-pay`, which pays, notifies and redirects to `return_url` with the signed
 *   synchronous-return parameters.
 * - precreate's `qr_code` is `<origin>/_double/qr/<code>`: opening it is "scanning" (the same
 *   pay page). `POST /_double/pay?out_trade_no=…` pays and notifies (a browser test's "scan the
 *   QR and pay"); `GET /_double/trades/<out_trade_no>` shows a trade as JSON.
 *
 * Like Alipay, a precreated trade nobody scanned does not exist for query and close
 * (ACQ.TRADE_NOT_EXIST), and a wap trade exists once its page was opened. Notifications are
 * form posts signed over the sorted parameters without `sign` and `sign_type`. Trades and
 * refunds live in memory; the key pairs are made at start and written as PEM files to a
 * temporary directory that `close()` removes.
 *
 * As a process: `npx tsx apps/server/src/doubles/alipay.ts --port 3298 --env-out /tmp/a.json`
 * writes the ALIPAY_* variables as JSON and stays up (refund notifications on). `--env-file`
 * is read too, but tsx also hands it to node, whose own `--env-file` fails on a missing file:
 * write it after `--` (`alipay.ts -- --port 3298 --env-file /tmp/a.json`) or use `--env-out`.
 *
 * The parts: `alipay/types.ts` (shapes), `alipay/wire.ts` (times, yuan, RSA2, answers),
 * `alipay/trades.ts` (the trades in memory and their notifications), `alipay/api.ts` (the
 * gateway's methods and checks), `alipay/http.ts` (pages and routes).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gatewayMethods } from './alipay/api.ts';
import { httpHandler, sendJson } from './alipay/http.ts';
import { tradeBook } from './alipay/trades.ts';
import type { AlipayDouble, AlipayDoubleContext, AlipayDoubleOptions } from './alipay/types.ts';
import { digits, GATEWAY_PATH, rsaPair } from './alipay/wire.ts';

export type {
  AlipayDouble,
  AlipayDoubleOptions,
  AlipayDoubleRefund,
  AlipayDoubleTrade,
  AlipayNotificationOptions,
  AlipayTradeStatus,
} from './alipay/types.ts';

/** Starts the double on 127.0.0.1 (port 0: any free port). */
export async function startAlipayDouble(options: AlipayDoubleOptions = {}): Promise<AlipayDouble> {
  const app = rsaPair();
  const alipay = rsaPair();
  const appId = `2021${digits(12)}`;
  const dir = mkdtempSync(join(tmpdir(), 'alipay-double-'));
  const privateKeyFile = join(dir, 'app-private-key.pem');
  const publicKeyFile = join(dir, 'alipay-public-key.pem');
  writeFileSync(privateKeyFile, app.privateKey, { mode: 0o600 });
  writeFileSync(publicKeyFile, alipay.publicKey);

  const ctx: AlipayDoubleContext = {
    appId,
    app,
    alipay,
    strangerKey: rsaPair().privateKey,
    origin: '',
    options,
    calls: [],
  };
  const book = tradeBook(ctx);
  const { trades, current, notification, deliver, markPaid } = book;
  const handle = httpHandler(ctx, book, gatewayMethods(ctx, book));
  const calls = ctx.calls;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) sendJson(response, 500, { error: error.message });
      else response.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  ctx.origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const origin = ctx.origin;
  const gateway = `${origin}${GATEWAY_PATH}`;

  return {
    url: origin,
    gateway,
    appId,
    env: {
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY_FILE: privateKeyFile,
      ALIPAY_PUBLIC_KEY_FILE: publicKeyFile,
      ALIPAY_GATEWAY: gateway,
    },
    keys: {
      appPrivateKeyPem: app.privateKey,
      appPublicKeyPem: app.publicKey,
      alipayPublicKeyPem: alipay.publicKey,
    },
    calls,
    async pay(outTradeNo) {
      return deliver(markPaid(outTradeNo));
    },
    payWithoutNotifying: markPaid,
    async notify(outTradeNo, o) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`alipay double: no trade ${outTradeNo}`);
      return deliver(trade, o);
    },
    notification,
    scan(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`alipay double: no trade ${outTradeNo}`);
      trade.scanned = true;
      return trade;
    },
    trade: current,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const double = await startAlipayDouble({
    port: Number(argument('--port') ?? 0),
    host: argument('--host') ?? '127.0.0.1',
    notifyRefunds: true,
  });
  const envFile = argument('--env-out') ?? argument('--env-file');
  if (envFile) writeFileSync(envFile, `${JSON.stringify(double.env, null, 2)}\n`);
  console.log(`Alipay double at ${double.gateway} (app ${double.appId})`);
  const stop = () => {
    double.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
