/**
 * A company's full name (issue 28 row 5): fixed once set — a trader cannot rename its firm to
 * another's name; no two firms share a name up to spaces, full-width forms and letter case; an
 * operator changes it, with a reason, in one audit row.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, companies } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';

const t = useTestApp();
let ipSeq = 1;

function call(user: MadeUser, method: 'PUT', url: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method,
    url,
    headers: { 'x-token': user.token },
    payload,
    remoteAddress: `10.28.5.${ipSeq++}`,
  });
}

const nameOf = async (companyId: number | null) =>
  (await t.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId!)))[0]?.name;

describe('a trader and its full name', () => {
  it('cannot rename the company, yet still saves its contact name with the name unchanged', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const name = await nameOf(trader.companyId);
    const renamed = await call(trader, 'PUT', '/api/web/user/profile', {
      linkMan: '王强',
      company: '宝武钢铁集团有限公司（官方）',
    });
    expect(renamed.json()).toMatchObject({
      code: 1,
      message: '公司全称确定后不能自行修改，如需变更请联系客服',
    });
    expect(await nameOf(trader.companyId)).toBe(name);

    const saved = await call(trader, 'PUT', '/api/web/user/profile', { linkMan: '王强', company: name });
    expect(saved.json()).toMatchObject({ code: 0, data: { linkMan: '王强', company: { name } } });
    const contact = await t.db
      .select({ contactName: companies.contactName })
      .from(companies)
      .where(eq(companies.id, trader.companyId!));
    expect(contact[0]?.contactName).toBe('王强');
  });

  it('a member cannot take a firm’s name written with other spaces, brackets or case', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const admin = await makeUser(t.db, { role: 'admin' });
    await call(admin, 'PUT', `/api/admin/users/${trader.id}/company`, {
      name: '上海 Steel 润钢（集团）有限公司',
      reason: '工商变更后的全称',
    });
    const member = await makeUser(t.db);
    for (const lookalike of [
      '上海steel润钢(集团)有限公司',
      '上海 STEEL 润钢（集团） 有限公司',
      '上海Ｓｔｅｅｌ润钢（集团）有限公司',
    ]) {
      const res = await call(member, 'PUT', '/api/web/user/profile', { linkMan: '张三', company: lookalike });
      expect(res.json(), lookalike).toMatchObject({ code: 1, message: '该公司名称已被注册，请联系客服认领' });
    }
  });
});

describe('PUT /api/admin/users/{id}/company', () => {
  it('renames with one audit row naming the old and new name and the reason; refuses what is no change', async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const trader = await makeUser(t.db, { role: 'trader' });
    const other = await makeUser(t.db, { role: 'trader' });
    const before = await nameOf(trader.companyId);

    const res = await call(admin, 'PUT', `/api/admin/users/${trader.id}/company`, {
      name: '天津北钢贸易有限公司',
      reason: '营业执照已更名',
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { id: trader.id, company: { name: '天津北钢贸易有限公司' } },
    });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(trader.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.company',
      actorUserId: admin.id,
      after: expect.objectContaining({
        company: { from: before, to: '天津北钢贸易有限公司' },
        reason: '营业执照已更名',
      }),
    });

    const same = await call(admin, 'PUT', `/api/admin/users/${trader.id}/company`, {
      name: '天津北钢贸易有限公司',
      reason: '再次确认',
    });
    expect(same.json()).toMatchObject({ code: 1, message: '新的公司全称与原名相同' });
    const taken = await call(admin, 'PUT', `/api/admin/users/${other.id}/company`, {
      name: '天津北钢贸易 有限公司',
      reason: '误填他人名称',
    });
    expect(taken.json()).toMatchObject({ code: 1, message: '该公司名称已被其他企业使用' });
    const member = await makeUser(t.db);
    const none = await call(admin, 'PUT', `/api/admin/users/${member.id}/company`, {
      name: '无名贸易有限公司',
      reason: '没有公司',
    });
    expect(none.json()).toMatchObject({ code: 1, message: '该用户未绑定公司' });
    const noReason = await call(admin, 'PUT', `/api/admin/users/${trader.id}/company`, { name: '某某公司' });
    expect(noReason.json().code).toBe(2);
  });
});
