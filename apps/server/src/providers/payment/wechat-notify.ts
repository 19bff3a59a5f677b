/**
 * WeChat Pay's notifications, verified with the SDK's `Rsa`, `Formatter` and `Aes.AesGcm` (see
 * `wechat.ts`): RSA-SHA256 over `timestamp\nnonce\nbody\n` with the 微信支付公钥 named by
 * Wechatpay-Serial, a 5-minute window, then the `resource` decrypted with AEAD_AES_256_GCM under
 * the APIv3 key. No crypto of our own.
 */
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { MINUTE_MS, SECOND_MS } from '../../dates.ts';
import { NotificationRejected, type ProviderEvent, type RawNotification } from './types.ts';
import type { WechatPayConfig } from './wechat-config.ts';

/** A notification whose Wechatpay-Timestamp is further than this from our clock is refused. */
export const WECHAT_NOTIFY_FRESH_MS = 5 * MINUTE_MS;

/** The JSON object at `key`, or an empty one. */
export function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Verifies and reads a notification (see the module comment). Throws NotificationRejected. */
export async function parseWechatNotification(
  config: WechatPayConfig,
  notification: RawNotification,
  now: Date,
): Promise<ProviderEvent> {
  const h = notification.headers;
  const signature = h['wechatpay-signature'];
  const timestamp = h['wechatpay-timestamp'];
  const nonce = h['wechatpay-nonce'];
  const serial = h['wechatpay-serial'];
  if (!signature || !timestamp || !nonce || !serial) {
    throw new NotificationRejected('signature', 'Wechatpay-Signature, -Timestamp, -Nonce or -Serial missing');
  }
  if (serial !== config.platformPublicKeyId) {
    throw new NotificationRejected('signature', `unknown Wechatpay-Serial ${serial.slice(0, 64)}`);
  }
  let verified = false;
  try {
    verified = Rsa.verify(
      Formatter.response(timestamp, nonce, notification.body),
      signature,
      config.platformPublicKey,
    );
  } catch {
    verified = false;
  }
  if (!verified) throw new NotificationRejected('signature', 'Wechatpay-Signature does not match');
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(now.getTime() - seconds * SECOND_MS) <= WECHAT_NOTIFY_FRESH_MS)) {
    throw new NotificationRejected('stale', `Wechatpay-Timestamp ${timestamp.slice(0, 20)}`);
  }

  let envelope: Record<string, unknown>;
  try {
    envelope = record(JSON.parse(notification.body));
  } catch {
    throw new NotificationRejected('malformed', 'body is not JSON');
  }
  const eventType = text(envelope.event_type) ?? '';
  const kind =
    eventType === 'TRANSACTION.SUCCESS' ? 'paid' : eventType.startsWith('REFUND.') ? 'refund' : null;
  if (kind === null) return { kind: 'ignored', reason: `event_type ${eventType.slice(0, 40)}` };

  const resource = decrypt(config, record(envelope.resource));
  if (text(resource.mchid) !== config.mchId) throw new NotificationRejected('malformed', 'mchid is not ours');
  const outTradeNo = text(resource.out_trade_no);
  if (!outTradeNo) throw new NotificationRejected('malformed', 'no out_trade_no');

  if (kind === 'paid') {
    const providerRef = text(resource.transaction_id);
    const amount = record(resource.amount);
    if (!providerRef || !Number.isSafeInteger(amount.total) || (amount.total as number) < 0) {
      throw new NotificationRejected('malformed', 'no transaction_id or amount.total');
    }
    if (text(resource.trade_state) !== 'SUCCESS') {
      throw new NotificationRejected('malformed', 'TRANSACTION.SUCCESS without trade_state SUCCESS');
    }
    if (amount.currency !== undefined && amount.currency !== 'CNY') {
      throw new NotificationRejected('malformed', `currency ${String(amount.currency)}`);
    }
    return { kind: 'paid', outTradeNo, providerRef, amountFen: amount.total as number, signature };
  }

  const outRefundNo = text(resource.out_refund_no);
  const refundRef = text(resource.refund_id);
  if (!outRefundNo || !refundRef)
    throw new NotificationRejected('malformed', 'no out_refund_no or refund_id');
  if (eventType === 'REFUND.SUCCESS')
    return { kind: 'refund', outTradeNo, outRefundNo, refundRef, state: 'success' };
  if (eventType === 'REFUND.ABNORMAL' || eventType === 'REFUND.CLOSED') {
    return { kind: 'refund', outTradeNo, outRefundNo, refundRef, state: 'failed' };
  }
  return { kind: 'ignored', reason: `event_type ${eventType.slice(0, 40)}` };
}

/** Decrypts a notification's `resource` (AEAD_AES_256_GCM under the APIv3 key). */
function decrypt(config: WechatPayConfig, resource: Record<string, unknown>): Record<string, unknown> {
  if (resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new NotificationRejected('malformed', 'not AEAD_AES_256_GCM');
  const ciphertext = text(resource.ciphertext);
  const nonce = text(resource.nonce);
  const associatedData = typeof resource.associated_data === 'string' ? resource.associated_data : '';
  if (!ciphertext || !nonce)
    throw new NotificationRejected('malformed', 'resource without ciphertext or nonce');
  let plain: string;
  try {
    plain = Aes.AesGcm.decrypt(ciphertext, config.apiV3Key, nonce, associatedData);
  } catch {
    throw new NotificationRejected('malformed', 'resource does not decrypt');
  }
  try {
    return record(JSON.parse(plain));
  } catch {
    throw new NotificationRejected('malformed', 'resource is not JSON');
  }
}
