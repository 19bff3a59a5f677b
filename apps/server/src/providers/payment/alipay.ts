/**
 * Alipay (issue 30) behind the payment interface, through the official `alipay-sdk` (v4) in
 * public-key mode with RSA2: the desktop pays by scanning a face-to-face QR code
 * (`alipay.trade.precreate`), a phone browser goes to the mobile-web cashier
 * (`alipay.trade.wap.pay`, a signed GET link). Every answer of the gateway is verified with
 * Alipay's public key by the SDK (`validateSign: true`; the SDK leaves it off by default) and
 * every notification with `checkNotifySignV2`. Amounts are yuan strings at Alipay and integer
 * fen here, converted by text, never by floating point.
 *
 * Configuration (`alipayConfig`): ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_FILE (our app's RSA private
 * key, PEM or the bare base64 that Alipay's key tool writes), ALIPAY_PUBLIC_KEY_FILE (Alipay's
 * public key, likewise), ALIPAY_GATEWAY (default the production gateway; the sandbox's or the
 * local double's in tests) and ALIPAY_NOTIFY_URL (optional: when unset the caller passes the one
 * under its public URL, `alipayProvider(config, { notifyUrl })`). Certificate mode (公钥证书) is
 * not supported.
 *
 * Replays: Alipay resends a notification for up to 25 hours with its original `notify_time` until
 * we answer `success`, so a notification is never refused for its age (`now` is unused); acting
 * twice on one is harmless because settlement is idempotent (a paid payment stays paid once).
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { ConfigError, type Env } from '../../config-error.ts';
import { SHANGHAI_OFFSET_MS } from '../../dates.ts';
import {
  NotificationRejected,
  type NotifyAnswer,
  type PaymentProvider,
  type PayStart,
  type ProviderEvent,
  type RawNotification,
  type RefundRequest,
  type StartRequest,
  type TradeState,
} from './types.ts';

/** Alipay's production gateway (OpenAPI v2). */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Every variable the Alipay configuration reads; setting any of them turns Alipay on. */
export const ALIPAY_VARIABLES = [
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY_FILE',
  'ALIPAY_GATEWAY',
  'ALIPAY_NOTIFY_URL',
] as const;

const REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

export interface AlipayConfig {
  /** the app's 16-digit id */
  appId: string;
  /** our app's private key, PEM (PKCS#8 as `alipayConfig` writes it; PKCS#1 also works) */
  privateKeyPem: string;
  /** Alipay's public key, SPKI PEM */
  alipayPublicKeyPem: string;
  gateway: string;
  /** where Alipay posts notifications; undefined: the caller supplies its default */
  notifyUrl: string | undefined;
}

/** A refusal of Alipay's gateway (`code` other than 10000), e.g. ACQ.TRADE_HAS_SUCCESS. */
export class AlipayError extends Error {
  override name = 'AlipayError';
  constructor(
    readonly method: string,
    readonly code: string,
    readonly subCode: string | undefined,
    subMsg: string | undefined,
  ) {
    super(`${method}: ${code} ${subCode ?? ''} ${subMsg ?? ''}`.trim());
  }
}

/**
 * Reads the ALIPAY_* variables: undefined when none is set, a ConfigError naming what is missing
 * or wrong when some are. The key files are read and parsed here, so a bad key stops the boot.
 */
export function alipayConfig(env: Env): AlipayConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (!ALIPAY_VARIABLES.some((name) => value(name))) return undefined;
  const missing = REQUIRED.filter((name) => !value(name));
  if (missing.length > 0) {
    const set = ALIPAY_VARIABLES.filter((name) => value(name)).join(', ');
    throw new ConfigError(`${missing.join(', ')} must be set to use Alipay (${set} is set)`);
  }
  const appId = value('ALIPAY_APP_ID') as string;
  if (!/^\d{16}$/.test(appId)) throw new ConfigError('ALIPAY_APP_ID must be the 16-digit app id');
  const privateKey = readPrivateKey('ALIPAY_PRIVATE_KEY_FILE', value('ALIPAY_PRIVATE_KEY_FILE') as string);
  const alipayKey = readPublicKey('ALIPAY_PUBLIC_KEY_FILE', value('ALIPAY_PUBLIC_KEY_FILE') as string);
  const ours = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  if (ours.equals(alipayKey.export({ type: 'spki', format: 'der' }))) {
    throw new ConfigError(
      "ALIPAY_PUBLIC_KEY_FILE holds our app's own public key; it must be Alipay's public key (支付宝公钥)",
    );
  }
  return {
    appId,
    privateKeyPem: pem(privateKey.export({ type: 'pkcs8', format: 'pem' })),
    alipayPublicKeyPem: pem(alipayKey.export({ type: 'spki', format: 'pem' })),
    gateway: httpUrl('ALIPAY_GATEWAY', value('ALIPAY_GATEWAY') ?? ALIPAY_GATEWAY),
    notifyUrl:
      value('ALIPAY_NOTIFY_URL') && httpUrl('ALIPAY_NOTIFY_URL', value('ALIPAY_NOTIFY_URL') as string),
  };
}

function pem(text: string | Buffer): string {
  // The SDK rebuilds the PEM from its lines: a trailing newline would end up inside the key.
  return text.toString().trim();
}

function httpUrl(name: string, raw: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = null;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) {
    throw new ConfigError(`${name} is not a valid http or https URL`);
  }
  return raw;
}

function readKeyFile(name: string, path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`${name}: cannot read ${path} (${code})`);
  }
}

/** Base64 text as DER bytes, or null when the text is not (only) base64. */
function bareBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, 'base64') : null;
}

function checkRsa(name: string, key: KeyObject): KeyObject {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 2048) {
    throw new ConfigError(`${name} must hold an RSA key of 2048 bits or more (RSA2)`);
  }
  return key;
}

function readPrivateKey(name: string, path: string): KeyObject {
  const text = readKeyFile(name, path);
  const der = text.includes('-----BEGIN') ? null : bareBase64(text);
  const attempts: (() => KeyObject)[] = der
    ? [
        () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
        () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
      ]
    : [() => createPrivateKey(text)];
  for (const attempt of attempts) {
    try {
      return checkRsa(name, attempt());
    } catch (error) {
      if (error instanceof ConfigError) throw error;
    }
  }
  throw new ConfigError(`${name}: ${path} is not a private key (PEM or base64 PKCS#8/PKCS#1)`);
}

function readPublicKey(name: string, path: string): KeyObject {
  const text = readKeyFile(name, path);
  if (text.includes('CERTIFICATE')) {
    throw new ConfigError(`${name}: certificates (公钥证书 mode) are not supported, use Alipay's public key`);
  }
  const der = text.includes('-----BEGIN') ? null : bareBase64(text);
  let key: KeyObject;
  try {
    key = der ? createPublicKey({ key: der, format: 'der', type: 'spki' }) : createPublicKey(text);
  } catch {
    throw new ConfigError(`${name}: ${path} is not a public key (PEM or base64)`);
  }
  if (key.type !== 'public') throw new ConfigError(`${name}: ${path} must hold Alipay's public key`);
  return checkRsa(name, key);
}

/** Integer fen as Alipay's yuan text with two decimals: 1990 → "19.90". Text only, no floats. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Alipay's yuan text as integer fen ("19.9" → 1990), or null when it is not an amount. */
export function yuanToFen(yuan: string): number | null {
  const match = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) return null;
  return Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`);
}

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, the only time format Alipay reads and writes. */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay refuses a subject with `/`, `=` or `&`; its limit is 256 characters. */
function subject(description: string): string {
  return description.replace(/[/=&]/g, ' ').slice(0, 256);
}

const NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

/**
 * The Alipay provider. `defaults.notifyUrl` is used when ALIPAY_NOTIFY_URL is not set (the
 * caller's PUBLIC_URL + its notify route); one of the two is required.
 */
export function alipayProvider(config: AlipayConfig, defaults: { notifyUrl?: string } = {}): PaymentProvider {
  const notifyUrl = config.notifyUrl ?? defaults.notifyUrl;
  if (!notifyUrl) throw new ConfigError('ALIPAY_NOTIFY_URL is not set and no default notify URL was given');
  const sdk = new AlipaySdk({
    appId: config.appId,
    // Whatever PEM the config holds, the SDK gets PKCS#8 and says so (it relabels the PEM by keyType).
    privateKey: pem(createPrivateKey(config.privateKeyPem).export({ type: 'pkcs8', format: 'pem' })),
    keyType: 'PKCS8',
    alipayPublicKey: pem(createPublicKey(config.alipayPublicKeyPem).export({ type: 'spki', format: 'pem' })),
    gateway: config.gateway,
    signType: 'RSA2',
    // Keep Alipay's snake_case field names, as its documentation writes them.
    camelcase: false,
    timeout: 10_000,
  });

  /** Calls the gateway; the answer's signature is verified; a `code` other than 10000 is returned. */
  async function call(method: string, bizContent: Record<string, string>): Promise<AlipaySdkCommonResult> {
    // The SDK stamps requests with the process's local time; Alipay reads Beijing time.
    return sdk.exec(method, { bizContent, timestamp: alipayTime(new Date()) }, { validateSign: true });
  }

  function verifies(fields: Record<string, string>): boolean {
    try {
      return sdk.checkNotifySignV2(fields);
    } catch {
      return false;
    }
  }

  function fail(method: string, result: AlipaySdkCommonResult): never {
    throw new AlipayError(method, result.code, result.sub_code, result.sub_msg);
  }

  async function query(outTradeNo: string): Promise<TradeState> {
    const result = await call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (result.code !== '10000') {
      if (result.sub_code === NOT_EXIST) return { state: 'unknown' };
      fail('alipay.trade.query', result);
    }
    switch (result.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const amountFen = yuanToFen(String(result.total_amount));
        if (amountFen === null || typeof result.trade_no !== 'string') fail('alipay.trade.query', result);
        return { state: 'paid', providerRef: result.trade_no, amountFen };
      }
      case 'WAIT_BUYER_PAY':
        return { state: 'pending' };
      case 'TRADE_CLOSED':
        // Also a paid trade refunded in full.
        return { state: 'closed' };
      default:
        throw new AlipayError(
          'alipay.trade.query',
          result.code,
          `trade_status ${result.trade_status}`,
          undefined,
        );
    }
  }

  return {
    name: 'alipay',
    scenes: ['desktop', 'phone'],

    async start(request: StartRequest): Promise<PayStart> {
      const biz = {
        out_trade_no: request.outTradeNo,
        total_amount: fenToYuan(request.amountFen),
        subject: subject(request.description),
        time_expire: alipayTime(request.expiresAt),
      };
      if (request.scene === 'desktop') {
        const result = await sdk.exec(
          'alipay.trade.precreate',
          { bizContent: biz, notify_url: notifyUrl, timestamp: alipayTime(new Date()) },
          { validateSign: true },
        );
        if (result.code !== '10000' || typeof result.qr_code !== 'string')
          fail('alipay.trade.precreate', result);
        return { kind: 'qr', codeUrl: result.qr_code };
      }
      if (request.scene === 'phone') {
        const url = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
          bizContent: { ...biz, product_code: 'QUICK_WAP_WAY', quit_url: request.returnUrl },
          return_url: request.returnUrl,
          notify_url: notifyUrl,
          timestamp: alipayTime(new Date()),
        });
        return { kind: 'redirect', url };
      }
      throw new Error(`Alipay cannot collect in the ${request.scene} scene`);
    },

    async parseNotification(notification: RawNotification): Promise<ProviderEvent> {
      // URLSearchParams decodes the form once; checkNotifySignV2 must not decode again (a `%`
      // in a value would break checkNotifySign's second decoding).
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(notification.body)) fields[key] = value;
      // The SDK picks the algorithm by the notification's own sign_type: accept RSA2 only.
      if (!fields.sign || (fields.sign_type ?? 'RSA2') !== 'RSA2' || !verifies(fields)) {
        throw new NotificationRejected('signature', 'the RSA2 signature does not verify');
      }
      if (fields.app_id !== config.appId) {
        throw new NotificationRejected('signature', `app_id ${fields.app_id} is not ours`);
      }
      const { out_trade_no: outTradeNo, trade_no: tradeNo, trade_status: status } = fields;
      if (!outTradeNo || !tradeNo || !status) {
        throw new NotificationRejected('malformed', 'out_trade_no, trade_no or trade_status is missing');
      }
      if (fields.refund_fee || fields.gmt_refund || fields.out_biz_no) {
        if (!fields.out_biz_no) throw new NotificationRejected('malformed', 'a refund without out_biz_no');
        return {
          kind: 'refund',
          outTradeNo,
          outRefundNo: fields.out_biz_no,
          refundRef: tradeNo,
          state: 'success',
        };
      }
      if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
        const amountFen = yuanToFen(fields.total_amount ?? '');
        if (amountFen === null)
          throw new NotificationRejected('malformed', `total_amount ${fields.total_amount}`);
        return { kind: 'paid', outTradeNo, providerRef: tradeNo, amountFen, signature: fields.sign };
      }
      return { kind: 'ignored', reason: `trade_status ${status}` };
    },

    answer(accepted: boolean): NotifyAnswer {
      // Alipay stops resending only on the exact text `success`.
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: accepted ? 'success' : 'failure',
      };
    },

    query,

    async close(outTradeNo: string): Promise<void> {
      const result = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      if (result.code === '10000' || result.sub_code === NOT_EXIST) return;
      // Closing a closed trade is refused as a status error: it is closed, which is what we asked.
      if (result.sub_code === 'ACQ.TRADE_STATUS_ERROR' && (await query(outTradeNo)).state === 'closed')
        return;
      fail('alipay.trade.close', result);
    },

    async refund(request: RefundRequest): Promise<{ refundRef: string; state: 'processing' | 'success' }> {
      const result = await call('alipay.trade.refund', {
        out_trade_no: request.outTradeNo,
        out_request_no: request.outRefundNo,
        refund_amount: fenToYuan(request.amountFen),
        refund_reason: subject(request.reason),
      });
      if (result.code !== '10000') fail('alipay.trade.refund', result);
      const refundRef = String(result.trade_no ?? request.providerRef ?? '');
      // Alipay refunds synchronously: fund_change Y means this call moved the money. N is a repeat
      // of a refund already made (same out_request_no) or one still in progress; the refund query
      // tells which.
      if (result.fund_change === 'Y') return { refundRef, state: 'success' };
      const status = await call('alipay.trade.fastpay.refund.query', {
        out_trade_no: request.outTradeNo,
        out_request_no: request.outRefundNo,
      });
      if (status.code !== '10000') fail('alipay.trade.fastpay.refund.query', status);
      return { refundRef, state: status.refund_status === 'REFUND_SUCCESS' ? 'success' : 'processing' };
    },
  };
}
