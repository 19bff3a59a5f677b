/**
 * Aliyun SMS (dysmsapi 2017-05-25, `SendSms`) behind SmsProvider, through the official SDK
 * (`@alicloud/dysmsapi20170525`, which signs with V3 `ACS3-HMAC-SHA256` in the Authorization
 * header). Each SmsMessage template maps to a template code registered at Aliyun; its params
 * become `TemplateParam`. A refusal (a Code other than OK, an HTTP error, no answer within
 * SEND_DEADLINE_MS) is logged at error level with Aliyun's Code and RequestId, never the secret,
 * the parameters or the text, and reaches the user as a Chinese BusinessError.
 */
import DysmsapiModule, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { ConfigError, type Env } from '../../config-error.ts';
import { BusinessError } from '../../errors.ts';
import { type LocalText, say } from '../../text.ts';
import type { SmsProvider, SmsTemplate } from './types.ts';

/**
 * The SDK is CommonJS compiled with `exports.default = Client`: Node's ESM import (tsx, vitest)
 * gives `module.exports` as the default, a bundler the class itself. Take whichever is the class.
 */
const Dysmsapi = (DysmsapiModule as unknown as { default?: typeof DysmsapiModule }).default ?? DysmsapiModule;

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** 签名, e.g. 钢市通 */
  signName: string;
  /** The registered template code (SMS_123456789) of each message kind. */
  templates: Record<SmsTemplate, string>;
  /** The English template of a kind, when one is registered (ALIYUN_SMS_TEMPLATE_*_EN); else the Chinese one is sent. */
  templatesEn?: Partial<Record<SmsTemplate, string>>;
  /** host[:port], e.g. dysmsapi.aliyuncs.com */
  endpoint: string;
  /** http only for a local double on 127.0.0.1 or localhost */
  protocol: 'https' | 'http';
}

/** The template code variable of each message kind. */
const TEMPLATE_VARIABLES: Record<SmsTemplate, string> = {
  code: 'ALIYUN_SMS_TEMPLATE_CODE',
  digest: 'ALIYUN_SMS_TEMPLATE_DIGEST',
  invite: 'ALIYUN_SMS_TEMPLATE_INVITE',
};

/** What SMS_PROVIDER=aliyun needs (ALIYUN_SMS_ENDPOINT is optional). */
export const ALIYUN_SMS_REQUIRED = [
  'ALIYUN_ACCESS_KEY_ID',
  'ALIYUN_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  ...Object.values(TEMPLATE_VARIABLES),
] as const;

const DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The Aliyun settings from the environment: undefined when none is set; a ConfigError naming
 * the missing variables when some are.
 */
export function aliyunSmsConfig(env: Env): AliyunSmsConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const missing = ALIYUN_SMS_REQUIRED.filter((name) => !value(name));
  if (missing.length === ALIYUN_SMS_REQUIRED.length && !value('ALIYUN_SMS_ENDPOINT')) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(`Aliyun SMS is half configured: set ${missing.join(', ')}`);
  }
  const templates = Object.fromEntries(
    Object.entries(TEMPLATE_VARIABLES).map(([template, name]) => [template, value(name) ?? '']),
  ) as Record<SmsTemplate, string>;
  // Optional: a recipient who chose English gets the English template of a kind that has one.
  const templatesEn = Object.fromEntries(
    Object.entries(TEMPLATE_VARIABLES)
      .map(([template, name]) => [template, value(`${name}_EN`)])
      .filter(([, code]) => code !== undefined),
  ) as Partial<Record<SmsTemplate, string>>;
  return {
    accessKeyId: value('ALIYUN_ACCESS_KEY_ID') ?? '',
    accessKeySecret: value('ALIYUN_ACCESS_KEY_SECRET') ?? '',
    signName: value('ALIYUN_SMS_SIGN_NAME') ?? '',
    templates,
    ...(Object.keys(templatesEn).length > 0 ? { templatesEn } : {}),
    ...endpointOf(value('ALIYUN_SMS_ENDPOINT') ?? DEFAULT_ENDPOINT),
  };
}

/**
 * ALIYUN_SMS_ENDPOINT: a host[:port], or a URL with nothing after the host. Without a scheme it
 * is https, except on 127.0.0.1 or localhost (a local double), where it is http.
 */
function endpointOf(raw: string): Pick<AliyunSmsConfig, 'endpoint' | 'protocol'> {
  const bad = () =>
    new ConfigError(`ALIYUN_SMS_ENDPOINT must be a host[:port] like ${DEFAULT_ENDPOINT}, got "${raw}"`);
  const schemed = /^[a-z][a-z\d+.-]*:\/\//i.test(raw);
  let url: URL;
  try {
    url = new URL(schemed ? raw : `https://${raw}`);
  } catch {
    throw bad();
  }
  if (!schemed && LOOPBACK.has(url.hostname)) url = new URL(`http://${raw}`);
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    !url.hostname ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    (!schemed && /[/?#]/.test(raw))
  ) {
    throw bad();
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    throw new ConfigError('ALIYUN_SMS_ENDPOINT: http is allowed for 127.0.0.1 or localhost only, use https');
  }
  return { endpoint: url.host, protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

/** Connecting, then answering: the SDK's two timeouts, within SEND_DEADLINE_MS together. */
const CONNECT_TIMEOUT_MS = 3_000;
const READ_TIMEOUT_MS = 7_000;
/** The longest a send may take before it counts as failed (a user waits on it). */
export const SEND_DEADLINE_MS = 10_000;

/** What the user reads when Aliyun refuses a message. */
export const SMS_FAILED_MESSAGE = say(
  '短信发送失败，请稍后再试',
  'The SMS could not be sent; please try again later',
);
const USER_MESSAGES: Partial<Record<string, LocalText>> = {
  'isv.MOBILE_NUMBER_ILLEGAL': say('手机号码无法接收短信', 'This phone number cannot receive SMS'),
  'isv.BUSINESS_LIMIT_CONTROL': say(
    '该手机号码接收短信过于频繁，请稍后再试',
    'This phone number receives SMS too often; please try again later',
  ),
  'isv.DAY_LIMIT_CONTROL': say(
    '该手机号码今日接收短信过多，请明天再试',
    'This phone number has received too many SMS today; please try again tomorrow',
  ),
};

/** One refusal, as operators read it. */
interface Refusal {
  /** Aliyun's Code (isv.BUSINESS_LIMIT_CONTROL, SignatureDoesNotMatch) or the network error's */
  code: string;
  requestId: string | undefined;
  status: number | undefined;
  /** Aliyun's Message, without the code digits */
  detail: string | undefined;
}

/** The Aliyun SMS provider. */
export function aliyunSms(
  config: AliyunSmsConfig,
  log: { error(obj: object, msg: string): void },
): SmsProvider {
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: config.endpoint,
      protocol: config.protocol,
      connectTimeout: CONNECT_TIMEOUT_MS,
      readTimeout: READ_TIMEOUT_MS,
    }),
  );

  return {
    name: 'aliyun',
    async send(phone, message) {
      const request = new SendSmsRequest({
        phoneNumbers: phone,
        signName: config.signName,
        templateCode:
          (message.lang === 'en' ? config.templatesEn?.[message.template] : undefined) ??
          config.templates[message.template],
        templateParam: JSON.stringify(message.params),
      });
      // The SDK keeps connections alive; one the server closed while idle resets as it is
      // reused, before the request was read, so that one error is worth a second try.
      const sendOnce = () => client.sendSms(request);
      const sending = sendOnce().catch((err: unknown) =>
        (err as { code?: unknown } | null)?.code === 'ECONNRESET' ? sendOnce() : Promise.reject(err),
      );
      let refusal: Refusal;
      try {
        const { body } = await withDeadline(sending, SEND_DEADLINE_MS);
        if (body?.code === 'OK') return;
        refusal = {
          code: body?.code ?? 'NoCode',
          requestId: body?.requestId,
          status: 200,
          detail: body?.message,
        };
      } catch (err) {
        refusal = refusalOf(err);
      }
      // The code digits may come back inside Aliyun's message; they never reach the log.
      const secret = message.template === 'code' ? message.params.code : undefined;
      log.error(
        {
          provider: 'aliyun',
          template: message.template,
          templateCode: request.templateCode,
          phone: maskPhone(phone),
          aliyunCode: refusal.code,
          requestId: refusal.requestId,
          status: refusal.status,
          detail: secret ? refusal.detail?.split(secret).join('******') : refusal.detail,
        },
        'Aliyun SMS refused a message',
      );
      throw new BusinessError(USER_MESSAGES[refusal.code] ?? SMS_FAILED_MESSAGE);
    },
  };
}

/**
 * What an exception says, field by field: the SDK's error (an HTTP 4xx/5xx answer) carries
 * Aliyun's Code and RequestId; a network error its code (ECONNREFUSED, a RequestTimeout). The
 * exception's message is never used: a network error's names the URL, whose query holds the
 * template parameters (the code digits).
 */
function refusalOf(err: unknown): Refusal {
  const e = (err ?? {}) as {
    name?: unknown;
    code?: unknown;
    requestId?: unknown;
    statusCode?: unknown;
    data?: { Message?: unknown; RequestId?: unknown } | null;
  };
  const text = (v: unknown) => (typeof v === 'string' && v !== '' && v !== 'undefined' ? v : undefined);
  const isAliyun = typeof e.statusCode === 'number';
  return {
    code: text(e.code) ?? text(e.name) ?? 'Error',
    requestId: isAliyun ? (text(e.requestId) ?? text(e.data?.RequestId)) : undefined,
    status: isAliyun ? (e.statusCode as number) : undefined,
    detail: isAliyun ? text(e.data?.Message) : undefined,
  };
}

/** Rejects with a `Timeout` error when `promise` has not settled in `ms`. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('no answer'), { code: 'Timeout' })), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** 138****1234: enough for operators to match a complaint, not a list of numbers. */
function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
