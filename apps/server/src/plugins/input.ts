/**
 * Input hygiene for every route, before and after schema validation (docs/api.md#input):
 * - depth: a body nested deeper than MAX_DEPTH is refused before anything recurses into it
 *   (a 400,000-level JSON array would otherwise overflow the stack);
 * - text: strings are trimmed, so ' 热卷 ' and '热卷' are the same search and a blank name fails
 *   `minLength` (passwords are left exactly as typed); a NUL byte or a lone UTF-16 surrogate is
 *   refused with code 2 naming the field (PostgreSQL cannot store either);
 * - numbers: after validation (query strings are coerced there), Infinity and NaN, and any
 *   integer outside PostgreSQL's int4, are refused with code 2 naming the field, so no
 *   out-of-range value reaches a query.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Invalid } from '../errors.ts';
import { say } from '../text.ts';

const UNTOUCHED = new Set(['password', 'oldPassword', 'newPassword']);
/** Deeper than any request of ours (filters are two levels). */
export const MAX_DEPTH = 16;
export const INT4_MAX = 2_147_483_647;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Throws code 2 when `value` nests deeper than MAX_DEPTH; iterative, so any depth is safe. */
export function checkDepth(value: unknown): void {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (!current || typeof current !== 'object') continue;
    if (depth > MAX_DEPTH)
      throw new Invalid(
        say('参数错误：请求内容嵌套过深', 'Invalid request: the request is nested too deeply'),
      );
    for (const child of Object.values(current)) {
      if (child && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
}

/**
 * A plain object or a dictionary: Object.prototype, no prototype, or (fast-querystring's parsed
 * query) a prototype that itself has none.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Throws code 2 naming `field` when a string holds a NUL byte or a lone surrogate. */
function checkText(text: string, field: string): void {
  if (text.includes('\u0000') || LONE_SURROGATE.test(text)) {
    throw new Invalid(
      say(
        `参数错误：${field || '请求'} 含有不允许的字符`,
        `Invalid request: ${field || 'the request'} contains characters that are not allowed`,
      ),
    );
  }
}

/**
 * Returns the value with its strings trimmed (recursively through arrays and plain objects),
 * refusing unstorable characters. `path` names the field in messages.
 */
export function cleanStrings(value: unknown, path = ''): unknown {
  if (typeof value === 'string') {
    checkText(value, path);
    const key = path.split('.').pop() ?? '';
    return UNTOUCHED.has(key) ? value : value.trim();
  }
  if (Array.isArray(value)) return value.map((v) => cleanStrings(v, path));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as object)) {
      checkText(k, path);
      out[k] = cleanStrings(v, path ? `${path}.${k}` : k);
    }
    return out;
  }
  return value;
}

/** Throws code 2 naming the field of the first non-finite or beyond-int4 number. */
export function checkNumbers(value: unknown, path = ''): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (Number.isInteger(value) && Math.abs(value) > INT4_MAX)) {
      throw new Invalid(
        say(
          `参数错误：${path || '请求'} 超出允许范围`,
          `Invalid request: ${path || 'the request'} is out of range`,
        ),
      );
    }
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    checkNumbers(v, Array.isArray(value) ? path : path ? `${path}.${k}` : k);
  }
}

async function inputPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body) {
      checkDepth(request.body);
      request.body = cleanStrings(request.body);
    }
    if (request.query) request.query = cleanStrings(request.query);
    if (request.params) cleanStrings(request.params);
  });
  app.addHook('preHandler', async (request) => {
    checkNumbers(request.params);
    checkNumbers(request.query);
    if (request.body) checkNumbers(request.body);
  });
}

export default fp(inputPlugin, { name: 'input' });
