/**
 * The double's signatures, as WeChat makes and checks them: answers signed with the platform key
 * (Wechatpay-Signature over `timestamp\nnonce\nbody\n`), the merchant's Authorization verified
 * over the exact request, notifications signed and their resource encrypted (AEAD_AES_256_GCM
 * under the APIv3 key). The SDK's own `Rsa`, `Formatter` and `Aes`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { DoubleNotification, NotificationOptions, WechatPayDoubleContext } from './types.ts';
import { ApiError, beijingNow, CLOCK_SKEW_SECONDS } from './wire.ts';

/** The signing side of one double. */
export function signer(ctx: WechatPayDoubleContext) {
  /** Signs an answer with the platform key the way WeChat does and sends it. */
  function answer(res: ServerResponse, status: number, data?: unknown): void {
    const body = data === undefined ? '' : JSON.stringify(data);
    const timestamp = String(Formatter.timestamp());
    const nonce = Formatter.nonce();
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Request-ID': randomUUID(),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Serial': ctx.platformPublicKeyId,
      'Wechatpay-Signature': Rsa.sign(Formatter.response(timestamp, nonce, body), ctx.platform.privateKey),
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    });
    res.end(body);
  }

  /** Verifies the merchant's Authorization header over the exact request. */
  function authorize(req: IncomingMessage, body: string): void {
    const header = req.headers.authorization ?? '';
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'SIGN_ERROR', 'Authorization 头缺失或格式错误');
    const fields: Record<string, string> = {};
    for (const part of match[1].matchAll(/(\w+)="([^"]*)"/g)) fields[part[1] as string] = part[2] as string;
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (!mchid || !nonce || !signature || !timestamp || !serial) {
      throw new ApiError(401, 'SIGN_ERROR', 'Authorization 头缺少字段');
    }
    if (mchid !== ctx.mchId) throw new ApiError(401, 'SIGN_ERROR', '商户号不匹配');
    if (serial !== ctx.mchSerial) throw new ApiError(401, 'SIGN_ERROR', '商户证书序列号有误');
    if (Math.abs(Formatter.timestamp() - Number(timestamp)) > CLOCK_SKEW_SECONDS) {
      throw new ApiError(401, 'SIGN_ERROR', '签名时间戳已过期');
    }
    const message = Formatter.request(req.method ?? 'GET', req.url ?? '/', timestamp, nonce, body);
    if (!Rsa.verify(message, signature, ctx.merchant.publicKey)) {
      throw new ApiError(401, 'SIGN_ERROR', '签名错误');
    }
  }

  /** Signs an event and encrypts its resource as WeChat does. */
  function envelope(
    eventType: string,
    summary: string,
    originalType: 'transaction' | 'refund',
    resource: Record<string, unknown>,
    options: NotificationOptions = {},
  ): DoubleNotification {
    const nonce = Formatter.nonce(12);
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: beijingNow(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(
          JSON.stringify(resource),
          options.badCiphertext ? randomBytes(32) : ctx.apiV3KeyBytes,
          nonce,
          originalType,
        ),
        associated_data: originalType,
        nonce,
      },
    });
    const timestamp = String(Formatter.timestamp() - (options.ageSeconds ?? 0));
    const headerNonce = Formatter.nonce();
    const signed = options.badSignature ? `${body} ` : body;
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-nonce': headerNonce,
        'wechatpay-timestamp': timestamp,
        'wechatpay-serial': options.serial ?? ctx.platformPublicKeyId,
        'wechatpay-signature': Rsa.sign(
          Formatter.response(timestamp, headerNonce, signed),
          ctx.platform.privateKey,
        ),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }

  return { answer, authorize, envelope };
}

export type Signer = ReturnType<typeof signer>;
