/**
 * Users in the operator console (issue 18): search, role, disable/enable, beans and membership,
 * each write with exactly one audit row holding the user before and after.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, beanLedger, userMemberships, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser, vipCommodityId } from '../../test/factories.ts';
import { hashPassword } from '../account/passwords.ts';

const t = useTestApp();
let ipSeq = 10;
const newIp = () => `10.8.0.${ipSeq++}`;
let admin: MadeUser;

beforeAll(async () => {
  admin = await makeUser(t.db, { role: 'admin', linkMan: '值班运营' });
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin.token) {
  return t.app.inject({
    method,
    url,
    headers: { 'x-token': token },
    remoteAddress: newIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The audit rows of one user (entity user), oldest first. */
async function auditRowsOf(userId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(auditLog.id);
}

describe('GET /api/admin/users', () => {
  it('searches by phone, name and company, filters by role and disabled', async () => {
    const trader = await makeUser(t.db, { role: 'trader', linkMan: '搜索张三' });
    const member = await makeUser(t.db, { linkMan: '搜索李四', beans: 7 });
    const byName = (await call('GET', `/api/admin/users?keyword=${encodeURIComponent('搜索')}`)).json();
    expect(byName.code).toBe(0);
    expect(byName.data.list.map((u: { id: number }) => u.id)).toEqual([member.id, trader.id]);
    expect(byName.data.list[0]).toMatchObject({
      phone: member.phone,
      linkMan: '搜索李四',
      role: 'member',
      beans: 7,
      company: null,
      disabledAt: null,
      memberships: [],
    });
    const byPhone = (await call('GET', `/api/admin/users?keyword=${trader.phone}`)).json();
    expect(byPhone.data.list).toHaveLength(1);
    expect(byPhone.data.list[0].company).toMatchObject({ id: trader.companyId });
    const company = byPhone.data.list[0].company.name as string;
    const byCompany = (await call('GET', `/api/admin/users?keyword=${encodeURIComponent(company)}`)).json();
    expect(byCompany.data.list.map((u: { id: number }) => u.id)).toEqual([trader.id]);
    const traders = (
      await call('GET', `/api/admin/users?role=trader&keyword=${encodeURIComponent('搜索')}`)
    ).json();
    expect(traders.data.total).toBe(1);
    // `%` is a character, not a wildcard.
    expect((await call('GET', '/api/admin/users?keyword=%25%25%25')).json().data.total).toBe(0);
  });
});

describe('role changes', () => {
  it('promotes a member with one audit row, refuses a trader without a company and self-demotion', async () => {
    const user = await makeUser(t.db);
    const res = (await call('PUT', `/api/admin/users/${user.id}/role`, { role: 'admin' })).json();
    expect(res).toMatchObject({ code: 0, data: { id: user.id, role: 'admin' } });
    const rows = await auditRowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.role',
      actorUserId: admin.id,
      before: expect.objectContaining({ id: user.id, role: 'member' }),
      after: expect.objectContaining({ id: user.id, role: 'admin' }),
    });
    expect(rows[0]?.requestId).not.toBe('');

    const noCompany = (await call('PUT', `/api/admin/users/${user.id}/role`, { role: 'trader' })).json();
    expect(noCompany).toMatchObject({ code: 1, message: '该用户未绑定公司，不能设为商家' });
    const self = (await call('PUT', `/api/admin/users/${admin.id}/role`, { role: 'member' })).json();
    expect(self).toMatchObject({ code: 1, message: '不能取消自己的管理员角色' });
    expect(await auditRowsOf(admin.id)).toHaveLength(0);
    expect(await auditRowsOf(user.id)).toHaveLength(1);
    const missing = (await call('PUT', '/api/admin/users/999999/role', { role: 'member' })).json();
    expect(missing).toMatchObject({ code: 6, message: '用户不存在' });
    const bad = (await call('PUT', `/api/admin/users/${user.id}/role`, { role: 'boss' })).json();
    expect(bad.code).toBe(2);
  });
});

describe('disable and enable', () => {
  it('a disabled user: its token gets code 3 at once, its login is refused in Chinese; enable lets it in again', async () => {
    const user = await makeUser(t.db);
    await t.db.execute(
      sql`update users set password_hash = ${await hashPassword('steel123')} where id = ${user.id}`,
    );
    const me = () => call('GET', '/api/web/user/myInfo', undefined, user.token);
    expect((await me()).json().code).toBe(0);

    const noReason = (await call('POST', `/api/admin/users/${user.id}/disable`, { reason: '' })).json();
    expect(noReason.code).toBe(2);
    const res = (await call('POST', `/api/admin/users/${user.id}/disable`, { reason: '恶意刷询价' })).json();
    expect(res.code).toBe(0);
    expect(res.data.disabledAt).not.toBeNull();
    expect(res.data.disabledReason).toBe('恶意刷询价');

    const after = await me();
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(3);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      payload: { phone: user.phone, password: 'steel123' },
      remoteAddress: newIp(),
    });
    expect(login.json()).toMatchObject({ code: 1, message: '该账号已被停用，请联系客服' });

    const again = (await call('POST', `/api/admin/users/${user.id}/disable`, { reason: '再次停用' })).json();
    expect(again).toMatchObject({ code: 1, message: '该账号已停用' });
    const self = (await call('POST', `/api/admin/users/${admin.id}/disable`, { reason: '自己停用' })).json();
    expect(self).toMatchObject({ code: 1, message: '不能停用自己的账号' });

    const enabled = (await call('POST', `/api/admin/users/${user.id}/enable`, { reason: '申诉通过' })).json();
    expect(enabled).toMatchObject({ code: 0, data: { disabledAt: null, disabledReason: null } });
    // The old token stays dead (its session was revoked); a new login works.
    expect((await me()).json().code).toBe(3);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      payload: { phone: user.phone, password: 'steel123' },
      remoteAddress: newIp(),
    });
    expect(relogin.json().code).toBe(0);

    const rows = await auditRowsOf(user.id);
    expect(rows.map((r) => r.action)).toEqual(['user.disable', 'user.enable']);
    expect(rows[0]?.before).toMatchObject({ disabledAt: null });
    expect(rows[0]?.after).toMatchObject({ disabledReason: '恶意刷询价' });
    expect(rows[0]?.after).toMatchObject({ disabledAt: expect.any(String) });
    expect(rows[1]?.after).toMatchObject({ disabledAt: null, reason: '申诉通过' });
  });
});

describe('API keys die with their trader', () => {
  /** A trader's key: a sync call with an empty body reaches validation (code 2) while it lives. */
  async function keyOf(trader: MadeUser) {
    const res = await call('POST', '/api/trader/keys', { name: 'ERP', scopes: ['stock'] }, trader.token);
    return res.json().data as { id: number; key: string };
  }
  const sync = (key: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/trader/sync/stock',
      headers: { 'x-api-key': key },
      payload: {},
    });
  const revokedAt = async (id: number) =>
    (await t.db.select({ at: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]?.at ?? null;

  it('disabling or demoting a trader revokes its keys, named in the one audit row; enabling does not revive them', async () => {
    for (const change of ['disable', 'demote'] as const) {
      const trader = await makeUser(t.db, { role: 'trader' });
      const key = await keyOf(trader);
      expect((await sync(key.key)).json().code).toBe(2);
      const res =
        change === 'disable'
          ? await call('POST', `/api/admin/users/${trader.id}/disable`, { reason: '停止合作' })
          : await call('PUT', `/api/admin/users/${trader.id}/role`, { role: 'member' });
      expect(res.json().code).toBe(0);
      expect(await revokedAt(key.id)).not.toBeNull();
      const rows = await auditRowsOf(trader.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.after).toMatchObject({ revokedApiKeys: [key.id] });

      // Back as an enabled trader, the old key stays revoked: a new one must be made.
      if (change === 'disable') await call('POST', `/api/admin/users/${trader.id}/enable`, {});
      else await call('PUT', `/api/admin/users/${trader.id}/role`, { role: 'trader' });
      expect((await sync(key.key)).json()).toMatchObject({ code: 3 });
    }
  });

  it('a colleague’s keys live on while the company keeps an enabled trader, and die with the last one', async () => {
    const first = await makeUser(t.db, { role: 'trader' });
    const second = await makeUser(t.db, { role: 'trader' });
    await t.db.update(users).set({ companyId: first.companyId }).where(eq(users.id, second.id));
    const firstKey = await keyOf(first);
    const secondKey = await keyOf(second);

    await call('POST', `/api/admin/users/${first.id}/disable`, { reason: '离职' });
    expect(await revokedAt(firstKey.id)).not.toBeNull();
    expect(await revokedAt(secondKey.id)).toBeNull();
    expect((await sync(secondKey.key)).json().code).toBe(2);

    await call('PUT', `/api/admin/users/${second.id}/role`, { role: 'member' });
    expect(await revokedAt(secondKey.id)).not.toBeNull();
    expect((await auditRowsOf(second.id))[0]?.after).toMatchObject({ revokedApiKeys: [secondKey.id] });
  });
});

describe('beans adjustment', () => {
  it('writes a ledger row with the reason and one audit row; never below 0', async () => {
    const user = await makeUser(t.db, { beans: 5 });
    const res = (
      await call('POST', `/api/admin/users/${user.id}/beans`, { delta: 20, reason: '活动补偿' })
    ).json();
    expect(res).toMatchObject({ code: 0, data: { beans: 25 } });
    const [line] = await t.db
      .select()
      .from(beanLedger)
      .where(eq(beanLedger.userId, user.id))
      .orderBy(desc(beanLedger.id))
      .limit(1);
    expect(line).toMatchObject({
      delta: 20,
      balanceAfter: 25,
      reason: 'adjusted',
      note: '活动补偿',
      actorUserId: admin.id,
    });

    const tooMuch = (
      await call('POST', `/api/admin/users/${user.id}/beans`, { delta: -26, reason: '误发扣回' })
    ).json();
    expect(tooMuch).toMatchObject({ code: 1, message: '钢豆不足：当前余额 25，不能扣减 26' });
    const zero = (await call('POST', `/api/admin/users/${user.id}/beans`, { delta: 0, reason: '零' })).json();
    expect(zero.code).toBe(2);
    const noReason = (await call('POST', `/api/admin/users/${user.id}/beans`, { delta: 3 })).json();
    expect(noReason.code).toBe(2);
    const minus = (
      await call('POST', `/api/admin/users/${user.id}/beans`, { delta: -25, reason: '误发扣回' })
    ).json();
    expect(minus).toMatchObject({ code: 0, data: { beans: 0 } });

    const rows = await auditRowsOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'user.beans',
      before: expect.objectContaining({ beans: 5 }),
      after: expect.objectContaining({ beans: 25, delta: 20, reason: '活动补偿' }),
    });
    expect(rows[1]).toMatchObject({
      before: expect.objectContaining({ beans: 25 }),
      after: expect.objectContaining({ beans: 0, delta: -25 }),
    });
  });
});

describe('membership grant', () => {
  it('grants days after the current period, or until a day; one audit row each', async () => {
    const user = await makeUser(t.db);
    const commodityId = await vipCommodityId(t.db);
    const res = (
      await call('POST', `/api/admin/users/${user.id}/membership`, {
        commodityId,
        days: 30,
        reason: '合作伙伴赠送',
      })
    ).json();
    expect(res.code).toBe(0);
    expect(res.data.memberships).toHaveLength(1);
    expect(res.data.memberships[0]).toMatchObject({ commodityId, active: true });
    const firstEnd = Date.parse(res.data.memberships[0].expireAt);
    expect(Math.abs(firstEnd - (Date.now() + 30 * 86400_000))).toBeLessThan(60_000);

    // A second grant starts where the first ends.
    const more = (
      await call('POST', `/api/admin/users/${user.id}/membership`, { commodityId, days: 10, reason: '续赠' })
    ).json();
    expect(Date.parse(more.data.memberships[0].expireAt) - firstEnd).toBe(10 * 86400_000);
    // The member is VIP now: its own session sees it.
    const myVip = (await call('GET', '/api/web/order/myVip', undefined, user.token)).json();
    expect(myVip.data.isVip).toBe(true);

    const until = (
      await call('POST', `/api/admin/users/${user.id}/membership`, {
        commodityId,
        until: '2099-12-31',
        reason: '长期',
      })
    ).json();
    expect(until.data.memberships[0].expireAt).toBe('2099-12-31T16:00:00.000Z');

    const both = (
      await call('POST', `/api/admin/users/${user.id}/membership`, {
        commodityId,
        days: 3,
        until: '2099-12-31',
        reason: '两者',
      })
    ).json();
    expect(both).toMatchObject({ code: 2, message: '请填写赠送天数或截止日期（二选一）' });
    const unknown = (
      await call('POST', `/api/admin/users/${user.id}/membership`, {
        commodityId: 999999,
        days: 3,
        reason: '不存在',
      })
    ).json();
    expect(unknown).toMatchObject({ code: 6, message: '会员商品不存在' });

    const periods = await t.db.select().from(userMemberships).where(eq(userMemberships.userId, user.id));
    expect(periods).toHaveLength(3);
    expect(periods.every((p) => p.sourceOrderId === null)).toBe(true);
    const rows = await auditRowsOf(user.id);
    expect(rows.map((r) => r.action)).toEqual(['user.membership', 'user.membership', 'user.membership']);
    expect(rows[0]?.after).toMatchObject({ reason: '合作伙伴赠送', granted: { commodityId } });
  });
});
