/**
 * The envelope in one place (docs/api.md#envelope): `ok()` for answers, one error handler
 * mapping typed errors, validation failures and framework errors to
 * `{ code, message, data: null, requestId }` with the matching HTTP status, and the 404 answer
 * for unknown API paths. A 5xx never carries internals.
 */

import type { Duplex } from 'node:stream';
import { Code, type CodeValue, httpStatusOf } from '@steelport/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, TooMany } from '../errors.ts';
import { type LocalText, type Message, say, textIn } from '../text.ts';
import { langOfHeaders } from './lang.ts';

export interface Ok<T> {
  code: 0;
  message: 'ok';
  data: T;
}

/** Wraps a route's data in the success envelope. */
export function ok<T>(data: T): Ok<T> {
  return { code: 0, message: 'ok', data };
}

/**
 * Sends an error envelope with the status that matches its code, in the request's language, with
 * the request's id (`requestId`, also the X-Request-Id header): the key to its log lines. A limit
 * that knows when it lets the caller in again passes `retryAfterSeconds`: the envelope carries it
 * and so does the `Retry-After` header.
 */
export function sendError(
  reply: FastifyReply,
  code: CodeValue,
  message: Message,
  retryAfterSeconds?: number,
): FastifyReply {
  const lang = reply.request.lang ?? langOfHeaders(reply.request.headers);
  const body = { code, message: textIn(message, lang), data: null, requestId: String(reply.request.id) };
  if (retryAfterSeconds === undefined) return reply.status(httpStatusOf[code]).send(body);
  return reply
    .status(httpStatusOf[code])
    .header('Retry-After', String(retryAfterSeconds))
    .send({ ...body, retryAfterSeconds });
}

/** Allowed values a message lists at most; a longer enum is described without them. */
const ENUM_NAMED_MAX = 8;

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  /** present with Ajv's `verbose`; its description tells the user what is expected */
  parentSchema?: { description?: string };
}

/** One Ajv issue in both languages, the field named as the request names it. */
function describeIssue(issue: ValidationIssue, context: string | undefined): LocalText {
  const params = issue.params ?? {};
  const pathField = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
  const named =
    issue.keyword === 'required'
      ? String(params.missingProperty ?? pathField)
      : issue.keyword === 'additionalProperties'
        ? String(params.additionalProperty ?? pathField)
        : pathField || context;
  const zhField = named || '请求';
  const enField = named || 'request';
  const both = (zh: string, en: string) => say(`${zhField} ${zh}`, `${enField} ${en}`);
  switch (issue.keyword) {
    case 'required':
      return both('不能为空', 'is required');
    case 'minimum':
      return both(`不能小于 ${params.limit}`, `must not be less than ${params.limit}`);
    case 'maximum':
      return both(`不能大于 ${params.limit}`, `must not be greater than ${params.limit}`);
    case 'exclusiveMinimum':
      return both(`必须大于 ${params.limit}`, `must be greater than ${params.limit}`);
    case 'exclusiveMaximum':
      return both(`必须小于 ${params.limit}`, `must be less than ${params.limit}`);
    case 'minLength':
      return both(`长度不能少于 ${params.limit}`, `must be at least ${params.limit} characters long`);
    case 'maxLength':
      return both(`长度不能超过 ${params.limit}`, `must be at most ${params.limit} characters long`);
    case 'maxItems':
      return both(`最多 ${params.limit} 项`, `may have at most ${params.limit} items`);
    case 'minItems':
      return both(`至少 ${params.limit} 项`, `needs at least ${params.limit} items`);
    case 'type':
      return both(`类型错误，应为 ${params.type}`, `has the wrong type, expected ${params.type}`);
    case 'pattern':
    case 'format': {
      // The schema's description is Chinese (it documents the API): the English names the field only.
      const hint = issue.parentSchema?.description;
      return both(hint ? `格式不正确（${hint}）` : '格式不正确', 'is not in the right format');
    }
    case 'enum': {
      // A short list of allowed values is named, so the caller learns what to send (ad positions).
      const allowed = params.allowedValues;
      if (Array.isArray(allowed) && allowed.length > 0 && allowed.length <= ENUM_NAMED_MAX) {
        return both(`须为 ${allowed.join('、')} 之一`, `must be one of ${allowed.join(', ')}`);
      }
      return both('取值不在允许范围内', 'is not one of the allowed values');
    }
    case 'const':
    case 'anyOf':
      return both('取值不在允许范围内', 'is not one of the allowed values');
    case 'additionalProperties':
      return both('是未知字段', 'is not a known field');
    default:
      return both('不合法', 'is not valid');
  }
}

/**
 * Turns Ajv issues into one message naming each field, e.g. `参数错误：pageSize 不能大于 100` /
 * `Invalid request: pageSize must not be greater than 100`.
 */
export function describeValidation(issues: ValidationIssue[], context?: string): LocalText {
  const parts = issues.slice(0, 5).map((issue) => describeIssue(issue, context));
  const zh = [...new Set(parts.map((p) => p.zh))].join('；');
  const en = [...new Set(parts.map((p) => p.en))].join('; ');
  return say(`参数错误：${zh}`, `Invalid request: ${en}`);
}

/** The SQLSTATE of a database error, also when Drizzle wrapped it. */
export function pgErrorCode(err: unknown): string | undefined {
  const candidates = [err, (err as { cause?: unknown })?.cause];
  for (const c of candidates) {
    const code = (c as { code?: unknown })?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers over 16 KB, a broken
 * request line, a request not received by its deadline): answered on the raw socket, still as an
 * envelope.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', '请求头或地址过长']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', '请求发送超时，请重试']
        : [400, 'Bad Request', '请求格式不正确'];
  const body = JSON.stringify({ code: Code.Invalid, message, data: null });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Maps any error to the envelope: the route error handler, and the framework errors Fastify
 * raises before routing (a malformed URL, a body over the limit) through `frameworkErrors`.
 */
export function answerError(err: Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  {
    if (err instanceof AppError) {
      if (err.code === Code.Internal) request.log.error({ err }, 'internal error');
      return sendError(reply, err.code, err.text, err instanceof TooMany ? err.retryAfterSeconds : undefined);
    }
    const error = err as FastifyError;
    if (pgErrorCode(err) === '23505') {
      // A unique index caught a race the service's own check could not (two requests at once).
      request.log.info({ err }, 'unique violation');
      return sendError(
        reply,
        Code.Business,
        say('记录已存在，请勿重复提交', 'This record already exists; please do not submit it twice'),
      );
    }
    if (error.validation) {
      return sendError(reply, Code.Invalid, describeValidation(error.validation, error.validationContext));
    }
    const status = error.statusCode ?? 500;
    if (status === 429)
      return sendError(
        reply,
        Code.TooMany,
        say('请求过于频繁，请稍后再试', 'Too many requests, please try again later'),
      );
    if (status === 413)
      return sendError(reply, Code.Invalid, say('请求内容过大', 'The request is too large'));
    if (status === 415)
      return sendError(
        reply,
        Code.Invalid,
        say('不支持的请求内容类型', 'This content type is not supported'),
      );
    if (status === 404) return sendError(reply, Code.NotFound, say('资源不存在', 'Not found'));
    if (status >= 400 && status < 500) {
      // Framework-level client errors: malformed JSON, empty body with a JSON content type...
      request.log.info({ err: error }, 'client error');
      return sendError(reply, Code.Invalid, say('请求格式不正确', 'The request is malformed'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(
      reply,
      Code.Internal,
      say('服务器繁忙，请稍后再试', 'The server is busy, please try again later'),
    );
  }
}

async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler(answerError);
}

export default fp(envelopePlugin, { name: 'envelope' });
