/** GET /api/web/user/beans: the caller's own bean ledger (钢豆明细), newest first and paged. */
import { describe, expect, it } from 'vitest';
import { beanLedger } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';

const t = useTestApp();

const beans = (token: string | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/web/user/beans${query}`,
    headers: token ? { 'x-token': token } : {},
  });

describe('bean history', () => {
  it('shows a new member the signup beans of registration', async () => {
    const phone = '13911180001';
    await t.app.inject({
      method: 'POST',
      url: '/api/uaa/sms/send',
      payload: { phone, purpose: 'register' },
      remoteAddress: '10.0.1.1',
    });
    const mailbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${phone}` });
    const code = /验证码是(\d{6})/.exec(mailbox.json().data.text)![1];
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/register',
      payload: { phone, code, password: 'steel123', linkMan: '孙' },
      remoteAddress: '10.0.1.1',
    });
    const res = await beans(reg.json().data.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'ok',
      data: {
        list: [
          {
            id: expect.any(Number),
            delta: 10,
            balanceAfter: 10,
            reason: 'earned',
            reasonLabel: '获得',
            note: '注册赠送钢豆',
            refType: 'signup',
            time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      },
    });
  });

  it('lists only the caller’s movements, newest first, page by page, with their reasons', async () => {
    const member = await makeUser(t.db, { beans: 6 });
    const other = await makeUser(t.db, { beans: 10 });
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    await t.db.insert(beanLedger).values([
      {
        userId: member.id,
        delta: 10,
        balanceAfter: 10,
        reason: 'earned',
        refType: 'signup',
        note: '注册赠送钢豆',
        createdAt: at(4),
      },
      {
        userId: member.id,
        delta: -5,
        balanceAfter: 5,
        reason: 'spent',
        refType: 'cargo_enquiry',
        refId: 7,
        note: '查看 1 家供应商联系方式',
        createdAt: at(3),
      },
      {
        userId: member.id,
        delta: 5,
        balanceAfter: 10,
        reason: 'refunded',
        refType: 'cargo_enquiry',
        note: '供应商联系方式无效，退还钢豆',
        createdAt: at(2),
      },
      // An operator's adjustment written without a note still says what it was.
      { userId: member.id, delta: -4, balanceAfter: 6, reason: 'adjusted', createdAt: at(1) },
      { userId: other.id, delta: 10, balanceAfter: 10, reason: 'earned', note: '别人的钢豆' },
    ]);

    const first = (await beans(member.token, '?page=1&pageSize=3')).json().data;
    expect(first.total).toBe(4);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(3);
    expect(first.list.map((m: { delta: number }) => m.delta)).toEqual([-4, 5, -5]);
    expect(first.list[0]).toMatchObject({
      reason: 'adjusted',
      reasonLabel: '调整',
      note: '钢豆调整',
      refType: null,
      balanceAfter: 6,
    });
    expect(first.list[1]).toMatchObject({ reason: 'refunded', reasonLabel: '退还' });
    expect(first.list[2]).toMatchObject({
      reason: 'spent',
      reasonLabel: '消费',
      note: '查看 1 家供应商联系方式',
      refType: 'cargo_enquiry',
    });
    // Times run backwards down the page.
    const times = first.list.map((m: { time: string }) => Date.parse(m.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = (await beans(member.token, '?page=2&pageSize=3')).json().data;
    expect(second.list).toHaveLength(1);
    expect(second.list[0]).toMatchObject({ delta: 10, note: '注册赠送钢豆', reasonLabel: '获得' });
    const beyond = (await beans(member.token, '?page=9&pageSize=3')).json().data;
    expect(beyond).toMatchObject({ list: [], total: 4, page: 9 });
  });

  it('gives a member without movements an empty first page', async () => {
    const member = await makeUser(t.db);
    expect((await beans(member.token)).json().data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
  });

  it('asks a visitor to log in and refuses a page size beyond 100', async () => {
    const visitor = await beans(null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 4, data: null });
    const member = await makeUser(t.db);
    const huge = await beans(member.token, '?pageSize=500');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 2, message: expect.stringContaining('pageSize') });
  });
});
