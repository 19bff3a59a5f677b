/**
 * 企业会员 seats through the API (issue 30 item 6): a trader buys 3 seats, invites a registered
 * colleague (seated at once) and an unregistered phone (SMS, seated when it registers); a seated
 * colleague's phone unlock costs no beans and removing the seat restores the cost; a 4th seat is
 * refused; every change is audited; nobody else touches the seats; a renewal keeps them.
 */
import { BEANS_PER_SUPPLIER, type MySeats } from '@steelport/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../dates.ts';
import { auditLog, enterpriseSeats, userMemberships, users } from '../../db/schema/index.ts';
import { seedVipCatalog } from '../../seed/users.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';
import { createSession } from '../account/sessions.ts';

const t = useTestApp();
let catalog: TestCatalog;
let COMPANY = 0;
let ipSeq = 0;
const newIp = () => `10.30.6.${++ipSeq}`;

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
  // The demo catalogue (seed/users.ts) as deployed: 企业会员 on sale, per seat, free unlocks.
  COMPANY = (await seedVipCatalog(t.db)).get('企业会员')!;
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { 'x-token': token } : {},
    remoteAddress: newIp(),
    ...(payload ? { payload } : {}),
  });

const mySeats = async (token: string): Promise<MySeats> => {
  const res = await call('GET', '/api/web/seats', token);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
};
const invite = (token: string, phone: string) =>
  call('POST', '/api/web/seats/invite', token, { commodityId: COMPANY, phone });

/** Buys `seats` seats of 企业会员 for 30 days through the checkout and the sandbox's 确认支付. */
async function buySeats(owner: MadeUser, seats: number) {
  const saved = await call('POST', `/api/web/order/savePayment?count=${seats}`, owner.token, {
    commodityIds: [COMPANY],
    day: 30,
    useBeans: false,
  });
  expect(saved.json().code, saved.body).toBe(0);
  const { paymentId } = saved.json().data as { paymentId: number };
  const paid = await call('POST', '/api/web/order/payConfirm', owner.token, { paymentId });
  expect(paid.json().data?.state, paid.body).toBe('paid');
}

/** Unlocks a fresh supplier's phone; answers the beans it cost. */
async function unlockCost(user: { token: string }): Promise<number> {
  const lot = await makeLot(t.db, catalog);
  const res = await call('POST', '/api/web/searchCargo/enquiry', user.token, {
    kind: 'cargo',
    ids: [lot.id],
  });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data.beansSpent;
}

const mailbox = async (phone: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${phone}` })).json().data?.text ?? '';

async function register(phone: string, linkMan: string): Promise<{ id: number; token: string }> {
  const ip = newIp();
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/uaa/sms/send',
    payload: { phone, purpose: 'register' },
    remoteAddress: ip,
  });
  expect(sent.json().code, sent.body).toBe(0);
  const code = /验证码是(\d{6})/.exec(await mailbox(phone))?.[1] ?? '';
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/uaa/register',
    payload: { phone, code, password: 'steel123', linkMan },
    remoteAddress: newIp(),
  });
  expect(reg.json().code, reg.body).toBe(0);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return { id: row!.id, token: reg.json().data.token };
}

const auditOf = (seatId: number) =>
  t.db
    .select({ action: auditLog.action, operatorId: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'seat'), eq(auditLog.entityId, String(seatId))))
    .orderBy(auditLog.id);

describe('企业会员 seats', () => {
  let owner: MadeUser;
  let colleague: MadeUser;
  const newcomerPhone = '13912345601';

  it('lists nothing before a purchase and refuses an invitation', async () => {
    owner = await makeUser(t.db, { role: 'trader', beans: 0, linkMan: '王经理' });
    expect(await mySeats(owner.token)).toEqual({ groups: [], held: null });
    const res = await invite(owner.token, '13912345600');
    expect(res.json()).toMatchObject({ code: 1, message: '企业会员未开通或已到期，请先购买席位' });
  });

  it('buys 3 seats, the buyer holding the first', async () => {
    await buySeats(owner, 3);
    const [group] = (await mySeats(owner.token)).groups;
    expect(group).toMatchObject({ commodityId: COMPANY, name: '企业会员', bought: 3, used: 1, active: true });
    expect(group!.seats).toEqual([
      expect.objectContaining({ id: null, owner: true, name: '王经理', state: 'seated', effective: true }),
    ]);
  });

  it('seats a registered colleague at once: the unlock costs no beans', async () => {
    colleague = await makeUser(t.db, { beans: 10, linkMan: '小李' });
    expect(await unlockCost(colleague)).toBe(BEANS_PER_SUPPLIER);
    const res = await invite(owner.token, colleague.phone);
    expect(res.json().code, res.body).toBe(0);
    const seats = (res.json().data as MySeats).groups[0]!.seats;
    expect(seats[1]).toMatchObject({
      name: '小李',
      state: 'seated',
      effective: true,
      phone: `${colleague.phone.slice(0, 3)}****${colleague.phone.slice(-4)}`,
    });
    expect(await unlockCost(colleague)).toBe(0);
    const me = (await call('GET', '/api/web/user/myInfo', colleague.token)).json().data;
    expect(me.userNewVipVo).toContainEqual(expect.objectContaining({ name: '企业会员', isVip: 1 }));
    const held = (await mySeats(colleague.token)).held;
    expect(held).toMatchObject({ name: '企业会员', ownerName: '王经理', active: true });
    expect(await auditOf(seats[1]!.id!)).toEqual([{ action: 'seat.seat', operatorId: owner.id }]);
  });

  it('invites an unregistered phone by SMS and seats it when it registers', async () => {
    const res = await invite(owner.token, newcomerPhone);
    expect(res.json().code, res.body).toBe(0);
    const seat = (res.json().data as MySeats).groups[0]!.seats[2]!;
    expect(seat).toMatchObject({ name: null, state: 'invited', effective: false });
    expect(await mailbox(newcomerPhone)).toContain('邀请您加入企业会员');
    const newcomer = await register(newcomerPhone, '小张');
    const after = (await mySeats(owner.token)).groups[0]!;
    expect(after.seats[2]).toMatchObject({ id: seat.id, name: '小张', state: 'seated', effective: true });
    expect(after.used).toBe(3);
    const me = (await call('GET', '/api/web/user/myInfo', newcomer.token)).json().data;
    expect(me.userNewVipVo).toContainEqual(expect.objectContaining({ name: '企业会员', isVip: 1 }));
    expect((await auditOf(seat.id!)).map((a) => a.action)).toEqual(['seat.invite', 'seat.seat']);
    expect((await auditOf(seat.id!))[1]!.operatorId).toBe(newcomer.id);
  });

  it('refuses a 4th seat', async () => {
    const res = await invite(owner.token, '13912345602');
    expect(res.json()).toMatchObject({ code: 1 });
    expect(res.json().message).toContain('席位已满');
    expect(await t.db.select().from(enterpriseSeats).where(eq(enterpriseSeats.phone, '13912345602'))).toEqual(
      [],
    );
  });

  it('refuses the owner’s own phone and a colleague who holds a seat elsewhere', async () => {
    const other = await makeUser(t.db, { role: 'trader' });
    await buySeats(other, 2);
    expect((await invite(other.token, other.phone)).json().code).toBe(1);
    const taken = await invite(other.token, colleague.phone);
    expect(taken.json()).toMatchObject({ code: 1, message: '该手机号已占用一个企业会员席位' });
  });

  it('lets nobody else remove, reassign or read the seats', async () => {
    const seatId = (await mySeats(owner.token)).groups[0]!.seats[1]!.id!;
    const stranger = await makeUser(t.db);
    expect((await call('DELETE', `/api/web/seats/${seatId}`, stranger.token)).json().code).toBe(6);
    const moved = await call('POST', `/api/web/seats/${seatId}/reassign`, stranger.token, {
      phone: stranger.phone,
    });
    expect(moved.json().code).toBe(6);
    expect(await mySeats(stranger.token)).toEqual({ groups: [], held: null });
    expect((await call('GET', '/api/web/seats', null)).json().code).toBe(4);
    expect(await unlockCost(colleague)).toBe(0);
  });

  it('removes the seat: the unlock costs beans again', async () => {
    const seatId = (await mySeats(owner.token)).groups[0]!.seats[1]!.id!;
    const res = await call('DELETE', `/api/web/seats/${seatId}`, owner.token);
    expect(res.json().code, res.body).toBe(0);
    expect((res.json().data as MySeats).groups[0]!.used).toBe(2);
    expect(await unlockCost(colleague)).toBe(BEANS_PER_SUPPLIER);
    expect((await mySeats(colleague.token)).held).toBeNull();
    expect((await auditOf(seatId)).map((a) => a.action)).toEqual(['seat.seat', 'seat.remove']);
  });

  it('reassigns a seat to another colleague, who gets the benefits instead', async () => {
    const seats = (await mySeats(owner.token)).groups[0]!.seats;
    const seatId = seats[1]!.id!; // the newcomer's
    const next = await makeUser(t.db, { beans: 10, linkMan: '小赵' });
    const res = await call('POST', `/api/web/seats/${seatId}/reassign`, owner.token, { phone: next.phone });
    expect(res.json().code, res.body).toBe(0);
    expect((res.json().data as MySeats).groups[0]!.seats[1]).toMatchObject({ id: seatId, name: '小赵' });
    expect(await unlockCost(next)).toBe(0);
    expect((await auditOf(seatId)).map((a) => a.action)).toContain('seat.reassign');
  });

  it('keeps the seats over a renewal, and their benefits stop while no period is active', async () => {
    const holder = (await mySeats(owner.token)).groups[0]!.seats[1]!;
    const [next] = await t.db.select().from(enterpriseSeats).where(eq(enterpriseSeats.id, holder.id!));
    const holderToken = await createSession(t.db, { userId: next!.holderUserId! });
    // The period ends: the seat stays, its benefits stop.
    await t.db
      .update(userMemberships)
      .set({ startsAt: new Date(Date.now() - 40 * DAY_MS), expiresAt: new Date(Date.now() - DAY_MS) })
      .where(eq(userMemberships.userId, owner.id));
    const lapsed = (await mySeats(owner.token)).groups[0]!;
    expect(lapsed).toMatchObject({ bought: 0, active: false });
    expect(lapsed.seats[1]).toMatchObject({ id: holder.id, effective: false });
    expect(await unlockCost({ token: holderToken })).toBe(BEANS_PER_SUPPLIER);
    // A renewal of 3 seats: the same seats, effective again.
    await buySeats(owner, 3);
    const renewed = (await mySeats(owner.token)).groups[0]!;
    expect(renewed).toMatchObject({ bought: 3, used: 2, active: true });
    expect(renewed.seats[1]).toMatchObject({ id: holder.id, effective: true });
    expect(await unlockCost({ token: holderToken })).toBe(0);
  });

  it('shows the console an order’s seats with whole phones', async () => {
    const [period] = await t.db
      .select({ orderId: userMemberships.sourceOrderId })
      .from(userMemberships)
      .where(eq(userMemberships.userId, owner.id))
      .limit(1);
    const seats = await t.app.seats.orderSeats(period!.orderId!);
    expect(seats).toMatchObject({ quantity: 3, bought: 3, used: 2 });
    expect(seats!.holders[0]).toMatchObject({ owner: true, phone: owner.phone });
  });
});
