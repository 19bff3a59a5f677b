/**
 * A local double of the Aliyun SMS API (dysmsapi 2017-05-25, `SendSms`) for tests and end-to-end
 * runs; production never imports it. It listens on 127.0.0.1 and checks a request as Aliyun
 * does: the V3 signature the official SDK sends (`Authorization: ACS3-HMAC-SHA256
 * Credential=…,SignedHeaders=…,Signature=…` over the canonical request, Aliyun's "V3 request
 * structure and signature"), the time and the nonce, then the sign name, the template and its
 * parameters, answering with Aliyun's codes and shapes. Sent messages are kept (`messages`,
 * `last(phone)`; `GET /__double/messages?phone=` for another process) and the next send can be
 * made to fail with a given Code (`failNext`).
 *
 * As a process: `tsx src/doubles/aliyun-sms.ts -- --port 4010 --env-file .tmp/aliyun-sms.env`
 * writes SMS_PROVIDER=aliyun and the ALIYUN_* variables pointing at it to the file and serves
 * until stopped. Keep the `--`: Node 20 takes an `--env-file` anywhere before it as its own flag.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * The message kinds the site sends and the variables of their registered templates; each kind
 * also has an English template (`codeEn`, ALIYUN_SMS_TEMPLATE_*_EN) that a test may configure.
 */
const TEMPLATES = {
  code: { code: 'SMS_900000001', codeEn: 'SMS_900000011', params: ['code'] },
  digest: { code: 'SMS_900000002', codeEn: 'SMS_900000012', params: ['count', 'title'] },
  invite: { code: 'SMS_900000003', codeEn: 'SMS_900000013', params: ['company', 'link'] },
} as const;
type TemplateKind = keyof typeof TEMPLATES;

/** Aliyun refuses a variable longer than this (isv.PARAM_LENGTH_LIMIT). */
const PARAM_MAX = 35;
/** How far x-acs-date may be from the double's clock. */
const CLOCK_SKEW_MS = 15 * 60_000;
/** The headers a V3 signature must cover. */
const REQUIRED_SIGNED = [
  'host',
  'x-acs-action',
  'x-acs-content-sha256',
  'x-acs-date',
  'x-acs-signature-nonce',
  'x-acs-version',
];

export interface AliyunSmsDoubleOptions {
  /** 0 (the default): any free port */
  port?: number;
  accessKeyId?: string;
  /** random by default */
  accessKeySecret?: string;
  signName?: string;
}

/** One message the double accepted. */
export interface SentSms {
  phone: string;
  signName: string;
  templateCode: string;
  /** which of the site's templates the code is */
  template: TemplateKind;
  params: Record<string, string>;
  bizId: string;
  requestId: string;
  sentAt: Date;
}

export interface AliyunSmsDouble {
  /** ALIYUN_* variables that point the server at the double */
  env: Record<string, string>;
  /** accepted messages, oldest first */
  messages: SentSms[];
  /** the last message to a phone */
  last(phone: string): SentSms | undefined;
  /** the next SendSms answers with this Code (e.g. isv.BUSINESS_LIMIT_CONTROL) */
  failNext(code: string): void;
  /** every request seen, accepted or not (signature failures included) */
  requests: number;
  close(): Promise<void>;
}

/** Aliyun's messages for the Codes a test is likely to ask for. */
const CODE_MESSAGES: Record<string, string> = {
  'isv.BUSINESS_LIMIT_CONTROL': '触发分钟级流控Permits:1',
  'isv.DAY_LIMIT_CONTROL': '触发日发送限额',
  'isv.MOBILE_NUMBER_ILLEGAL': '非法手机号',
  'isv.AMOUNT_NOT_ENOUGH': '账户余额不足',
  'isv.SMS_SIGNATURE_ILLEGAL': '该账号下找不到对应签名',
  'isv.SMS_TEMPLATE_ILLEGAL': '该账号下找不到对应模板',
  'isv.TEMPLATE_MISSING_PARAMETERS': '模板变量缺少对应参数值',
  'isv.INVALID_JSON_PARAM': 'JSON参数不合法，只接受字符串值',
  'isv.PARAM_LENGTH_LIMIT': '参数超出长度限制',
};

/** Starts the double on 127.0.0.1. */
export async function startAliyunSmsDouble(opts: AliyunSmsDoubleOptions = {}): Promise<AliyunSmsDouble> {
  const accessKeyId = opts.accessKeyId ?? 'LTAI5tDoubleKeyId000000';
  const accessKeySecret = opts.accessKeySecret ?? randomBytes(15).toString('base64url');
  const signName = opts.signName ?? '钢市通';
  const messages: SentSms[] = [];
  const nonces = new Set<string>();
  const failures: string[] = [];
  const state = { requests: 0 };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.requests++;
      try {
        handle(req, Buffer.concat(chunks), res);
      } catch {
        answer(res, 500, {
          Code: 'InternalError',
          Message: 'The request processing has failed due to some unknown error.',
        });
      }
    });
  });

  function handle(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double');
    if (req.method === 'GET' && url.pathname === '/__double/messages') {
      const phone = url.searchParams.get('phone');
      const list = phone ? messages.filter((m) => m.phone === phone) : messages;
      return answer(res, 200, phone ? (list.at(-1) ?? null) : list);
    }
    const refusal = checkSignature(req, body);
    if (refusal) return answer(res, refusal.status, { Code: refusal.code, Message: refusal.message });
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25') {
      return answer(res, 404, {
        Code: 'InvalidAction.NotFound',
        Message: 'Specified api is not found, please check your url and method.',
      });
    }
    return answer(res, 200, sendSms(rawQuery(req.url ?? '/')));
  }

  /** Aliyun's V3 signature check; undefined when the request is signed by the known key. */
  function checkSignature(
    req: IncomingMessage,
    body: Buffer,
  ): { status: number; code: string; message: string } | undefined {
    const incomplete = (message: string) => ({ status: 400, code: 'IncompleteSignature', message });
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
    if (!auth) return incomplete('The request signature does not conform to Aliyun standards.');
    const [, credential = '', signedList = '', signature = ''] = auth;
    if (credential !== accessKeyId) {
      return {
        status: 404,
        code: 'InvalidAccessKeyId.NotFound',
        message: 'Specified access key is not found.',
      };
    }
    const signed = signedList.split(';');
    const present = Object.keys(req.headers).filter(
      (h) => h.startsWith('x-acs-') || h === 'host' || h === 'content-type',
    );
    const unsigned = [...REQUIRED_SIGNED, ...present].find((h) => !signed.includes(h));
    if (unsigned) return incomplete(`The header ${unsigned} must be signed.`);
    if ([...signed].sort().join(';') !== signedList || signed.some((h) => req.headers[h] === undefined)) {
      return incomplete('SignedHeaders must list present headers in order.');
    }
    const date = Date.parse(String(req.headers['x-acs-date']));
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(String(req.headers['x-acs-date'])) || Number.isNaN(date)) {
      return {
        status: 400,
        code: 'InvalidTimeStamp.Format',
        message: 'Specified time stamp or date value is not well formatted.',
      };
    }
    if (Math.abs(Date.now() - date) > CLOCK_SKEW_MS) {
      return {
        status: 400,
        code: 'InvalidTimeStamp.Expired',
        message: 'Specified time stamp or date value is expired.',
      };
    }
    const payloadHash = createHash('sha256').update(body).digest('hex');
    const canonical = [
      req.method ?? '',
      canonicalPath(req.url ?? '/'),
      canonicalQuery(rawQuery(req.url ?? '/')),
      signed.map((h) => `${h}:${headerValue(req, h)}\n`).join(''),
      signedList,
      payloadHash,
    ].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonical).digest('hex')}`;
    const expected = createHmac('sha256', accessKeySecret).update(stringToSign).digest('hex');
    if (
      !timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ||
      req.headers['x-acs-content-sha256'] !== payloadHash
    ) {
      return {
        status: 400,
        code: 'SignatureDoesNotMatch',
        message: `Specified signature does not match our calculation. The string to sign: ${stringToSign.replace('\n', ' ')}`,
      };
    }
    // A nonce is good once (checked after the signature, so a forged request spends none).
    const nonce = String(req.headers['x-acs-signature-nonce']);
    if (nonces.has(nonce)) {
      return {
        status: 400,
        code: 'SignatureNonceUsed',
        message: 'Specified signature nonce was used already.',
      };
    }
    nonces.add(nonce);
    return undefined;
  }

  /** SendSms's own checks and answer (HTTP 200 with a Code, as Aliyun answers). */
  function sendSms(query: Map<string, string>): Record<string, string> {
    const requestId = randomUUID().toUpperCase();
    const fail = (code: string) => ({
      Code: code,
      Message: CODE_MESSAGES[code] ?? code,
      RequestId: requestId,
    });
    const phone = query.get('PhoneNumbers') ?? '';
    const templateCode = query.get('TemplateCode') ?? '';
    const template = (Object.keys(TEMPLATES) as TemplateKind[]).find(
      (k) => TEMPLATES[k].code === templateCode || TEMPLATES[k].codeEn === templateCode,
    );
    if (!phone)
      return { ...fail('MissingPhoneNumbers'), Message: 'PhoneNumbers is mandatory for this action.' };
    if (query.get('SignName') !== signName) return fail('isv.SMS_SIGNATURE_ILLEGAL');
    if (!template) return fail('isv.SMS_TEMPLATE_ILLEGAL');
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(query.get('TemplateParam') ?? '{}') as Record<string, unknown>;
      if (typeof params !== 'object' || params === null || Array.isArray(params))
        throw new Error('not an object');
    } catch {
      return fail('isv.INVALID_JSON_PARAM');
    }
    if (Object.values(params).some((v) => typeof v !== 'string')) return fail('isv.INVALID_JSON_PARAM');
    const values = params as Record<string, string>;
    if (TEMPLATES[template].params.some((name) => !values[name]))
      return fail('isv.TEMPLATE_MISSING_PARAMETERS');
    if (Object.values(values).some((v) => Array.from(v).length > PARAM_MAX))
      return fail('isv.PARAM_LENGTH_LIMIT');
    if (!/^(\+?86|0086)?1\d{10}$/.test(phone)) return fail('isv.MOBILE_NUMBER_ILLEGAL');
    const failure = failures.shift();
    if (failure) return fail(failure);
    const bizId = `${Date.now()}^${randomBytes(4).readUInt32BE()}`;
    messages.push({
      phone,
      signName,
      templateCode,
      template,
      params: values,
      bizId,
      requestId,
      sentAt: new Date(),
    });
    return { Code: 'OK', Message: 'OK', BizId: bizId, RequestId: requestId };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    env: {
      ALIYUN_ACCESS_KEY_ID: accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: signName,
      ALIYUN_SMS_TEMPLATE_CODE: TEMPLATES.code.code,
      ALIYUN_SMS_TEMPLATE_DIGEST: TEMPLATES.digest.code,
      ALIYUN_SMS_TEMPLATE_INVITE: TEMPLATES.invite.code,
      ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${port}`,
    },
    messages,
    last: (phone) => messages.findLast((m) => m.phone === phone),
    failNext: (code) => {
      failures.push(code);
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function answer(res: ServerResponse, status: number, body: unknown) {
  const withId =
    body && typeof body === 'object' && !Array.isArray(body) && !('RequestId' in body) && 'Code' in body
      ? { RequestId: randomUUID().toUpperCase(), HostId: 'dysmsapi.aliyuncs.com', ...body }
      : body;
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(withId));
}

/** RFC 3986 encoding as Aliyun's V3 signature uses it (space %20, `*` %2A, `~` kept). */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function decode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, '%20'));
}

/** The query as the client sent it, decoded once; a repeated name keeps its last value. */
function rawQuery(url: string): Map<string, string> {
  const query = new Map<string, string>();
  const text = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    query.set(decode(at < 0 ? pair : pair.slice(0, at)), at < 0 ? '' : decode(pair.slice(at + 1)));
  }
  return query;
}

/** CanonicalQueryString: names in character order, names and values RFC 3986 encoded. */
function canonicalQuery(query: Map<string, string>): string {
  return [...query.keys()]
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(query.get(name) ?? '')}`)
    .join('&');
}

/** CanonicalURI: the path, encoded as in the query (the SDK sends `/`). */
function canonicalPath(url: string): string {
  const path = url.split('?')[0] || '/';
  return path
    .split('/')
    .map((segment) => percentEncode(decode(segment)))
    .join('/');
}

/** A signed header's value, trimmed (Node joins a repeated header with ", "). */
function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value.join(',') : String(value ?? '')).trim();
}

/** `--port N --env-file PATH` */
async function main(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const port = Number(arg('--port') ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be 0-65535');
  const double = await startAliyunSmsDouble({ port });
  const envFile = arg('--env-file');
  const lines = Object.entries(double.env).map(([k, v]) => `${k}=${v}`);
  if (envFile) await writeFile(envFile, `SMS_PROVIDER=aliyun\n${lines.join('\n')}\n`);
  process.stdout.write(`Aliyun SMS double listening on ${double.env.ALIYUN_SMS_ENDPOINT}\n`);
  const stop = () => {
    double.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`Aliyun SMS double: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
