/**
 * Trims every string of a request's body and query before validation (DESIGN §4), so
 * ' 热卷 ' and '热卷' are the same search and a blank name fails `minLength`. Passwords are left
 * exactly as typed.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const UNTOUCHED = new Set(['password', 'oldPassword', 'newPassword']);

/** Returns the value with its strings trimmed, recursively through arrays and plain objects. */
export function trimStrings(value: unknown, key?: string): unknown {
  if (typeof value === 'string') return key && UNTOUCHED.has(key) ? value : value.trim();
  if (Array.isArray(value)) return value.map((v) => trimStrings(v));
  const proto = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as object)) out[k] = trimStrings(v, k);
    return out;
  }
  return value;
}

async function trimPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body) request.body = trimStrings(request.body);
    if (request.query) request.query = trimStrings(request.query);
  });
}

export default fp(trimPlugin, { name: 'trim' });
