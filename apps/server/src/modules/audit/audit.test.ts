/**
 * The audit log and the admin route guard (issue 18): every `/api/admin` route of the route
 * table refuses members and traders; the log is append-only in the database; operators' logins
 * are recorded; the console searches it.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { hashPassword } from '../account/passwords.ts';
import { recordAudit } from './service.ts';

const t = useTestApp();
let ipSeq = 10;
const newIp = () => `10.9.0.${ipSeq++}`;

/** Every admin route of the app, as METHOD and a callable url (path params filled with 1). */
function adminRoutes(): { method: string; url: string }[] {
  const found = new Map<string, { method: string; url: string }>();
  // The OpenAPI document: every documented operation.
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/admin')) continue;
    for (const method of Object.keys(ops)) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      found.set(`${method.toUpperCase()} ${url}`, { method: method.toUpperCase(), url });
    }
  }
  // The router itself, so a route hidden from the document cannot slip through either.
  const tree = t.app.printRoutes({ commonPrefix: false });
  for (const line of tree.split('\n')) {
    const m = /(\/api\/admin\S*) \(([^)]+)\)/.exec(line);
    if (!m?.[1] || !m[2]) continue;
    const url = m[1].replace(/:[^/]+/g, '1');
    for (const method of m[2].split(',').map((s) => s.trim())) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      found.set(`${method} ${url}`, { method, url });
    }
  }
  return [...found.values()];
}

describe('the admin route guard', () => {
  it('refuses every /api/admin route to a member, a trader and a visitor', async () => {
    const member = await makeUser(t.db);
    const trader = await makeUser(t.db, { role: 'trader' });
    const routes = adminRoutes();
    // The routes of this increment are all in the table (the loop is not vacuous).
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const known of [
      'GET /api/admin/audit',
      'GET /api/admin/users',
      'PUT /api/admin/users/1/role',
      'POST /api/admin/users/1/disable',
      'POST /api/admin/users/1/enable',
      'POST /api/admin/users/1/beans',
      'POST /api/admin/users/1/membership',
      'GET /api/admin/dashboard',
      'POST /api/admin/index/recompute',
    ]) {
      expect(keys).toContain(known);
    }
    const auditBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    for (const route of routes) {
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      for (const [who, token] of [
        ['member', member.token],
        ['trader', trader.token],
        ['visitor', null],
      ] as const) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: token ? { 'x-token': token } : {},
          ...(hasBody ? { payload: {} } : {}),
          remoteAddress: newIp(),
        });
        const body = res.json();
        const label = `${route.method} ${route.url} as ${who}`;
        expect(res.statusCode, label).not.toBe(200);
        // A visitor is asked to log in (code 4); a logged-in member or trader is not entitled
        // (code 5, docs/api.md#codes: 4 means "log in", which would send them to the login page).
        expect(body.code, label).toBe(who === 'visitor' ? 4 : 5);
        expect(body.data, label).toBeNull();
      }
    }
    // Nothing was written by the refused calls.
    const auditAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(auditAfter[0]?.n).toBe(auditBefore[0]?.n);
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE and DELETE in the database', async () => {
    await recordAudit(
      t.db,
      { operatorId: null, ip: '127.0.0.1', requestId: 'r-1' },
      { action: 'test.write', entity: 'test', entityId: 1, before: null, after: { a: 1 } },
    );
    await expect(t.db.execute(sql`update audit_log set action = 'test.changed'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const rows = await t.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'test.write'`,
    );
    const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
    expect(n).toBe(1);
  });
});

describe('operator logins', () => {
  it('records an operator login failure and success, not a member login', async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const member = await makeUser(t.db);
    const passwordHash = await hashPassword('admin123');
    await t.db.execute(
      sql`update users set password_hash = ${passwordHash} where id in (${admin.id}, ${member.id})`,
    );
    const login = (phone: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uaa/login/password',
        payload: { phone, password },
        remoteAddress: newIp(),
        headers: { 'x-request-id': `req-${phone}-${password}` },
      });
    const bad = await login(admin.phone, 'wrong123');
    expect(bad.json()).toMatchObject({ code: 1, message: '手机号或密码错误' });
    const good = await login(admin.phone, 'admin123');
    expect(good.json().code).toBe(0);
    expect((await login(member.phone, 'admin123')).json().code).toBe(0);
    expect((await login(member.phone, 'wrong123')).json().code).toBe(1);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?operatorId=${admin.id}&entity=user`,
      headers: { 'x-token': good.json().data.token },
    });
    expect(res.json().code).toBe(0);
    const list = res.json().data.list as {
      action: string;
      operatorId: number;
      entityId: string;
      requestId: string;
    }[];
    expect(list.map((r) => r.action)).toEqual(['account.login', 'account.login_failed']);
    expect(list[0]).toMatchObject({
      operatorId: admin.id,
      entityId: String(admin.id),
      requestId: `req-${admin.phone}-admin123`,
    });
    const memberRows = await t.db.execute(
      sql`select count(*)::int as n from audit_log where actor_user_id = ${member.id}`,
    );
    expect((memberRows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe('operator logins by SMS code', () => {
  it('records a wrong code as a failure and the right one as a login by sms', async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const smsLogin = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uaa/login/sms',
        payload: { phone: admin.phone, code },
        remoteAddress: newIp(),
      });
    await t.app.inject({
      method: 'POST',
      url: '/api/uaa/sms/send',
      payload: { phone: admin.phone, purpose: 'login' },
      remoteAddress: newIp(),
    });
    const mailbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${admin.phone}` });
    const code = /验证码是(\d{6})/.exec(mailbox.json().data?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect((await smsLogin(code === '000000' ? '111111' : '000000')).json().code).toBe(1);
    expect((await smsLogin(code)).json().code).toBe(0);

    const rows = await t.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${String(admin.id)}`)
      .orderBy(auditLog.id);
    expect(rows).toEqual([
      { action: 'account.login_failed', after: { via: 'sms' } },
      { action: 'account.login', after: { via: 'sms' } },
    ]);
  });
});

describe('GET /api/admin/audit', () => {
  it('searches by action, entity id and days, newest first, paged', async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const ctx = { operatorId: admin.id, ip: '10.1.1.1', requestId: 'search-1' };
    for (let i = 1; i <= 3; i++) {
      await recordAudit(t.db, ctx, {
        action: 'widget.update',
        entity: 'widget',
        entityId: i,
        before: { n: i - 1 },
        after: { n: i, at: new Date('2026-01-02T03:04:05Z') },
      });
    }
    const get = (qs: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/audit?${qs}`, headers: { 'x-token': admin.token } });
    const all = (await get('entity=widget&pageSize=2')).json();
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(3);
    expect(all.data.list).toHaveLength(2);
    expect(all.data.list[0]).toMatchObject({
      action: 'widget.update',
      entityId: '3',
      operatorId: admin.id,
      operatorName: admin.linkMan,
      operatorPhone: admin.phone,
      ip: '10.1.1.1',
      before: { n: 2 },
      after: { n: 3, at: '2026-01-02T03:04:05.000Z' },
    });
    expect((await get('entity=widget&entityId=2')).json().data.list).toHaveLength(1);
    expect((await get('action=widget.none')).json().data.total).toBe(0);
    // Today (Shanghai) holds them; a range in the past does not.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await get(`entity=widget&from=${today}&to=${today}`)).json().data.total).toBe(3);
    expect((await get('entity=widget&from=2020-01-01&to=2020-01-31')).json().data.total).toBe(0);
    const reversed = (await get('from=2020-02-01&to=2020-01-01')).json();
    expect(reversed).toMatchObject({ code: 2, message: '开始日期不能晚于结束日期' });
  });
});
