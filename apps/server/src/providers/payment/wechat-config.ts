/**
 * WeChat Pay's settings (WECHAT_PAY_*), read by config.ts through `wechatPayConfig`: the keys are
 * parsed at boot, so a bad file stops it. The provider itself is `wechat.ts`.
 */
import { createPrivateKey, createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError, type Env } from '../../config-error.ts';

/** WeChat's production API host (WECHAT_PAY_BASE_URL points elsewhere only for the double). */
export const WECHAT_PAY_API = 'https://api.mch.weixin.qq.com/';

export const H5_TYPES = ['Wap', 'iOS', 'Android'] as const;
export type H5Type = (typeof H5_TYPES)[number];

/** WeChat Pay as configured; the keys are KeyObjects so the object prints no secret. */
export interface WechatPayConfig {
  /** 商户号 */
  mchId: string;
  /** the app id bound to the merchant (公众号/服务号 for JSAPI and H5) */
  appId: string;
  /** the APIv3 key (32 bytes) as a secret KeyObject; decrypts notifications */
  apiV3Key: KeyObject;
  /** serial number of the merchant's API certificate (Authorization serial_no) */
  mchSerial: string;
  /** the merchant's API private key (apiclient_key.pem) */
  mchPrivateKey: KeyObject;
  /** 微信支付公钥ID (`PUB_KEY_ID_…`): the Wechatpay-Serial of answers and notifications */
  platformPublicKeyId: string;
  /** 微信支付公钥: verifies answers and notifications */
  platformPublicKey: KeyObject;
  /** where WeChat posts payment notifications (https in production) */
  notifyUrl: string;
  /** where WeChat posts refund notifications; the payment notify URL unless set */
  refundNotifyUrl: string;
  /** the API's base URL, WeChat's own unless testing against the double */
  baseUrl: string;
  /** scene_info.h5_info.type of H5 orders */
  h5Type: H5Type;
}

const PREFIX = 'WECHAT_PAY_';
const REQUIRED = [
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_APP_ID',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_MCH_SERIAL',
  'WECHAT_PAY_MCH_PRIVATE_KEY_FILE',
  'WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID',
] as const;

/**
 * Reads WeChat Pay's settings. Undefined when no WECHAT_PAY_* variable is set (WeChat Pay is
 * off); a ConfigError naming the variable(s) when some are set but the set is incomplete or bad.
 *
 * Required: WECHAT_PAY_MCH_ID, WECHAT_PAY_APP_ID, WECHAT_PAY_API_V3_KEY (exactly 32 bytes),
 * WECHAT_PAY_MCH_SERIAL, WECHAT_PAY_MCH_PRIVATE_KEY_FILE (PEM), WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE
 * (PEM of the 微信支付公钥) and WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID (`PUB_KEY_ID_…`). The key files
 * are read and parsed here, so a bad file stops the boot.
 *
 * Optional: WECHAT_PAY_NOTIFY_URL (default `defaults.notifyUrl`, which the caller derives from
 * PUBLIC_URL and the notify route; one of the two is required; https in production),
 * WECHAT_PAY_REFUND_NOTIFY_URL (default the notify URL), WECHAT_PAY_BASE_URL (default WeChat's
 * https://api.mch.weixin.qq.com/; the double's address in tests), WECHAT_PAY_H5_TYPE (Wap, iOS or
 * Android; default Wap).
 */
export function wechatPayConfig(
  env: Env,
  defaults: { notifyUrl?: string; production?: boolean } = {},
): WechatPayConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (!Object.keys(env).some((name) => name.startsWith(PREFIX) && value(name) !== undefined))
    return undefined;

  const missing: string[] = REQUIRED.filter((name) => value(name) === undefined);
  const notifyUrl = value('WECHAT_PAY_NOTIFY_URL') ?? defaults.notifyUrl;
  if (!notifyUrl) missing.push('WECHAT_PAY_NOTIFY_URL');
  if (missing.length > 0) {
    throw new ConfigError(`WeChat Pay is partly configured: missing ${missing.join(', ')}`);
  }
  const need = (name: (typeof REQUIRED)[number]) => value(name) as string;

  const apiV3Key = need('WECHAT_PAY_API_V3_KEY');
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32) {
    throw new ConfigError(
      'WECHAT_PAY_API_V3_KEY must be exactly 32 bytes (the APIv3 key set in the merchant platform)',
    );
  }
  const platformPublicKeyId = need('WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID');
  if (!platformPublicKeyId.startsWith('PUB_KEY_ID_')) {
    throw new ConfigError('WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID must be the 微信支付公钥ID (PUB_KEY_ID_…)');
  }
  const mchSerial = need('WECHAT_PAY_MCH_SERIAL');
  if (mchSerial === platformPublicKeyId) {
    throw new ConfigError('WECHAT_PAY_MCH_SERIAL is the merchant certificate serial, not the 微信支付公钥ID');
  }
  const production = defaults.production ?? false;
  const refundNotifyUrl = value('WECHAT_PAY_REFUND_NOTIFY_URL');
  const h5Type = value('WECHAT_PAY_H5_TYPE') ?? 'Wap';
  if (!(H5_TYPES as readonly string[]).includes(h5Type)) {
    throw new ConfigError(`WECHAT_PAY_H5_TYPE must be one of ${H5_TYPES.join(', ')}`);
  }

  return {
    mchId: need('WECHAT_PAY_MCH_ID'),
    appId: need('WECHAT_PAY_APP_ID'),
    apiV3Key: createSecretKey(Buffer.from(apiV3Key, 'utf8')),
    mchSerial,
    mchPrivateKey: readKey(
      'WECHAT_PAY_MCH_PRIVATE_KEY_FILE',
      need('WECHAT_PAY_MCH_PRIVATE_KEY_FILE'),
      'private',
    ),
    platformPublicKeyId,
    platformPublicKey: readKey(
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE',
      need('WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE'),
      'public',
    ),
    notifyUrl: checkUrl('WECHAT_PAY_NOTIFY_URL', notifyUrl as string, production),
    refundNotifyUrl: checkUrl(
      'WECHAT_PAY_REFUND_NOTIFY_URL',
      refundNotifyUrl ?? (notifyUrl as string),
      production,
    ),
    baseUrl: checkUrl('WECHAT_PAY_BASE_URL', value('WECHAT_PAY_BASE_URL') ?? WECHAT_PAY_API, false),
    h5Type: h5Type as H5Type,
  };
}

/** Reads and parses a PEM key file; the message names the variable, never the key. */
function readKey(name: string, file: string, kind: 'private' | 'public'): KeyObject {
  let pem: Buffer;
  try {
    pem = readFileSync(file);
  } catch {
    throw new ConfigError(`${name}: cannot read ${file}`);
  }
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    throw new ConfigError(`${name}: ${file} is not a PEM ${kind} key`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new ConfigError(`${name}: ${file} is not an RSA ${kind} key`);
  return key;
}

function checkUrl(name: string, text: string, httpsOnly: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new ConfigError(`${name}: "${text}" is not a URL`);
  }
  const allowed = httpsOnly ? ['https:'] : ['http:', 'https:'];
  if (!allowed.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must be an ${httpsOnly ? 'https' : 'http(s)'} URL`);
  }
  return text;
}
