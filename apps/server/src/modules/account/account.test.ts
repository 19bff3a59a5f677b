/** GET /api/web/user/myInfo: the caller's own profile and the membership entries of the header. */
import { VIP_ENTRY_NAME } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';

const t = useTestApp();

const myInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/web/user/myInfo', headers: { 'x-token': token } });

describe('myInfo', () => {
  it('gives a member their own unmasked phone, beans and a non-VIP entry', async () => {
    const user = await makeUser(t.db, { linkMan: '张伟', beans: 20 });
    await makeUser(t.db, { vip: true }); // makes sure the 免豆会员 commodity exists
    const res = await myInfo(user.token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: user.id,
      linkMan: '张伟',
      phone: user.phone,
      role: 'member',
      beans: 20,
    });
    expect(data.company).toBeNull();
    expect(data.userNewVipVo).toContainEqual({
      name: VIP_ENTRY_NAME,
      isVip: 0,
      expireAt: null,
      dataAccess: 1,
    });
  });

  it('marks an active 免豆会员 membership with isVip 1 and its expiry', async () => {
    const vip = await makeUser(t.db, { vip: true });
    const { data } = (await myInfo(vip.token)).json();
    const entry = data.userNewVipVo.find((e: { name: string }) => e.name === VIP_ENTRY_NAME);
    expect(entry.isVip).toBe(1);
    expect(new Date(entry.expireAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('shows a trader their company', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const { data } = (await myInfo(trader.token)).json();
    expect(data.role).toBe('trader');
    expect(data.company).toEqual({ id: trader.companyId, name: expect.stringContaining('测试钢铁贸易') });
  });

  it('never leaks the password hash', async () => {
    const user = await makeUser(t.db);
    const res = await myInfo(user.token);
    expect(res.body).not.toMatch(/password|hash/i);
  });
});
