/**
 * A small fuzzer over the OpenAPI document: every documented operation is called with hostile
 * values in each of its path, query and body fields (NUL bytes, lone surrogates, Infinity,
 * integers beyond int4, very long strings, wrong types, deep nesting), as an operator with an
 * active VIP membership so access checks do not stop the input before validation. No answer may
 * be a 5xx, and every JSON answer must be the envelope.
 */
import { describe, expect, inject, it } from 'vitest';
import { useTestApp } from './test/app.ts';
import { makeUser } from './test/factories.ts';

const t = useTestApp({ TEST_HOOKS: '1' });

interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  body: Record<string, { type?: string }> | null;
}

const HOSTILE_TEXT = ['\u0000', 'a\ud800b', 'x'.repeat(5000), '1e309', '-1', '2147483648', '%00', '<script>'];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXT,
  1e308,
  -1e308,
  2_147_483_648,
  -2_147_483_649,
  0.5,
  true,
  null,
  [],
  Array.from({ length: 500 }, (_, i) => i),
  { nested: { deeper: { deepest: 1 } } },
];
/**
 * Values `plugins/input.ts` refuses for every route before any SQL runs (NUL, a lone surrogate,
 * a number beyond int4, nesting beyond its depth): the same answer on every engine, so
 * PostgreSQL's pass leaves them to PGlite's and sends only what can reach the database.
 */
const REFUSED_BEFORE_SQL = new Set<unknown>([
  '\u0000',
  'a\ud800b',
  1e308,
  -1e308,
  2_147_483_648,
  -2_147_483_649,
]);
const onPostgres = inject('testDb').engine === 'postgres';
const reachesSql = (value: unknown) => !(onPostgres && REFUSED_BEFORE_SQL.has(value));

/** Calls that would end the fuzzer's own session, or never end (the inbox's event stream). */
const SKIP = new Set(['POST /api/uaa/logout', 'GET /api/web/inbox/stream']);

async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const parameters = (op.parameters ?? []) as { in: string; name: string }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })
        ?.content;
      const schema = content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: schema ? ((schema.properties ?? {}) as Operation['body']) : null,
      });
    }
  }
  return out.filter((op) => !SKIP.has(`${op.method} ${op.path}`));
}

/** Percent-encodes text; a lone surrogate (which encodeURIComponent refuses) as its raw bytes. */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\ud800-\udfff]/g, '%ED%A0%80');
  }
}

/** The URL of `op` with each path parameter set to `value` (or 1). */
function urlOf(op: Operation, value?: string, query?: Record<string, string>): string {
  let url = op.path;
  for (const name of op.params) url = url.replace(`{${name}}`, encodePart(value ?? '1'));
  const qs = new URLSearchParams(query ?? {}).toString();
  return qs ? `${url}?${qs}` : url;
}

describe('the OpenAPI document', () => {
  it('names, describes and tags every operation with a declared tag (Spectral spectral:oas)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const declared = new Set((doc.tags ?? []).map((tag: { name: string }) => tag.name));
    expect(doc.info.contact).toBeTruthy();
    expect(doc.servers?.length).toBeGreaterThan(0);
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const id = op.operationId as string | undefined;
        if (!id) problems.push(`${where}: no operationId`);
        else if (ids.has(id)) problems.push(`${where}: duplicate operationId ${id}`);
        else ids.add(id);
        if (!op.description) problems.push(`${where}: no description`);
        const tags = (op.tags ?? []) as string[];
        if (tags.length === 0) problems.push(`${where}: no tag`);
        for (const tag of tags) if (!declared.has(tag)) problems.push(`${where}: tag ${tag} not declared`);
        const responses = Object.keys((op.responses ?? {}) as object);
        if (!responses.some((code) => code.startsWith('2'))) problems.push(`${where}: no success response`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('every documented operation', () => {
  it('answers hostile input with the envelope and never a 5xx', async () => {
    const admin = await makeUser(t.db, { role: 'admin', vip: true, beans: 100 });
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let calls = 0;
    let ip = 0;

    const call = async (op: Operation, url: string, payload?: unknown) => {
      calls += 1;
      ip += 1;
      const label = `${op.method} ${url.slice(0, 80)} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 60)}`;
      const res = await t.app
        .inject({
          method: op.method as 'GET',
          url,
          headers: {
            'x-token': admin.token,
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
          remoteAddress: `10.77.${Math.floor(ip / 250)}.${ip % 250}`,
        })
        .catch((err: Error) => {
          failures.push(`${err.message}: ${label}`);
          return null;
        });
      if (!res) return;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}`);
      const type = String(res.headers['content-type'] ?? '');
      if (type.includes('application/json')) {
        const body = res.json();
        if (!('code' in body && 'message' in body && 'data' in body)) failures.push(`no envelope ${label}`);
      } else if (res.statusCode >= 400) {
        failures.push(`error without JSON envelope ${res.statusCode} ${label}`);
      }
    };

    for (const op of ops) {
      for (const value of HOSTILE_TEXT.filter(reachesSql)) {
        if (op.params.length > 0) await call(op, urlOf(op, value), op.body ? {} : undefined);
        for (const name of op.query)
          await call(op, urlOf(op, undefined, { [name]: value }), op.body ? {} : undefined);
      }
      if (op.body) {
        for (const name of Object.keys(op.body)) {
          for (const value of HOSTILE_VALUES.filter(reachesSql))
            await call(op, urlOf(op), { [name]: value, page: 1, pageSize: 10 });
        }
        if (onPostgres) continue;
        await call(op, urlOf(op), Object.fromEntries(Object.keys(op.body).map((k) => [k, '\u0000'])));
        await call(op, urlOf(op), JSON.parse(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`));
      }
    }
    expect(calls).toBeGreaterThan(onPostgres ? 100 : 200);
    expect(failures).toEqual([]);
    // Every operation with every hostile value, one after another: about 100 s on a busy
    // 2-core machine with ~250 operations, and it grows with each new route.
  }, 360_000);
});
