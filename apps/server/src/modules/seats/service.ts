/**
 * 企业会员 seats (issue 30 item 6): the buyer of a per-seat commodity (the owner) gives its seats
 * to colleagues by phone. The owner always holds one seat; a registered colleague is seated at
 * once, an unregistered phone is invited by SMS and seated when it registers (`claimSeats`, called
 * by the account module's registration). Seats never exceed the count of the owner's period
 * covering now, a colleague holds at most one enterprise seat (unique index), and every change
 * is one transaction with one audit row (`seat.invite|seat|remove|reassign`, the actor as operator).
 *
 * Benefits are not decided here: `membership_periods` (db/schema/seats.ts) lists a held seat as
 * the owner's periods, and every membership check reads that view (account/repo.ts).
 */
import type { Lang, MySeats, OrderSeats, SeatInviteBody, SeatReassignBody } from '@steelport/contracts';
import { HOUR_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import { inviteMessage, type SmsProvider } from '../../providers/sms/index.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { presentGroup, presentHeld, presentOrderSeats } from './present.ts';
import * as repo from './repo.ts';

/** Invitations and reassignments one owner may make in an hour (each may send an SMS). */
export const SEAT_CHANGES_PER_HOUR = 30;

/** Where an invitation sends the colleague: the registration form (a path under the portal). */
export const INVITE_PATH = 'login?mode=register';

export interface SeatsDeps {
  db: Db;
  store: KvStore;
  /** the site's SMS provider; none: invitations are stored without an SMS */
  sms?: Pick<SmsProvider, 'send'> | undefined;
  /** the portal's address, for the registration link of an invitation */
  publicUrl: string;
  log?: { warn(obj: object, msg: string): void };
}

export interface SeatsService {
  /** The seats the caller owns (per per-seat commodity) and the one they hold. */
  mine(userId: number): Promise<MySeats>;
  invite(ctx: AuditContext, ownerId: number, body: SeatInviteBody): Promise<MySeats>;
  remove(ctx: AuditContext, ownerId: number, seatId: number): Promise<MySeats>;
  reassign(ctx: AuditContext, ownerId: number, seatId: number, body: SeatReassignBody): Promise<MySeats>;
  /** An order's seats for the operator console (admin-vip), or null for an unknown order. */
  orderSeats(orderId: number): Promise<OrderSeats | null>;
}

/** What an audit row keeps of a seat. */
function auditOf(seat: repo.StoredSeat) {
  return {
    ownerUserId: seat.ownerUserId,
    commodityId: seat.commodityId,
    phone: seat.phone,
    holderUserId: seat.holderUserId,
    state: seat.holderUserId === null ? 'invited' : 'seated',
  };
}

/** The seats service over the database, the shared store (limits) and an SMS provider. */
export function seatsService(deps: SeatsDeps): SeatsService {
  const { db, store, sms, publicUrl, log } = deps;

  const mine = async (userId: number): Promise<MySeats> => {
    const now = new Date();
    const groups = await repo.ownerGroups(db, userId, now);
    const rows = groups.length ? await repo.seatRows(db, userId, null) : [];
    const effective = await repo.effectiveSeats(
      db,
      rows.map((r) => r.id),
      now,
    );
    const owner = await repo.userContact(db, userId);
    const held = await repo.heldSeat(db, userId);
    let heldSeat: MySeats['held'] = null;
    if (held) {
      const active = (await repo.effectiveSeats(db, [held.seatId], now)).has(held.seatId);
      heldSeat = presentHeld(held, active, await repo.seatExpiry(db, held.seatId));
    }
    return {
      groups: owner
        ? groups.map((g) =>
            presentGroup(
              g,
              owner,
              rows.filter((r) => r.commodityId === g.commodityId),
              effective,
            ),
          )
        : [],
      held: heldSeat,
    };
  };

  /** The phone's holder if registered; refuses the owner's own phone and a colleague seated elsewhere. */
  const holderFor = async (tx: DbOrTx, ownerPhone: string, phone: string) => {
    if (phone === ownerPhone)
      throw new BusinessError(
        say(
          '购买者本人已占用一个席位，请填写同事的手机号',
          "The buyer already holds a seat; enter a colleague's phone number",
        ),
      );
    const user = await repo.userByPhone(tx, phone);
    if (user) {
      if (await repo.seatHeldBy(tx, user.id))
        throw new BusinessError(
          say('该手机号已占用一个企业会员席位', 'This phone number already holds a company membership seat'),
        );
    } else if (await repo.invitationOf(tx, phone)) {
      throw new BusinessError(
        say(
          '该手机号已有待注册的企业会员席位邀请',
          'This phone number already has a pending company membership seat invitation',
        ),
      );
    }
    return user;
  };

  /** The owner's seat count now, under the owner's lock; code 1 when no period covers now. */
  const boughtNow = async (tx: DbOrTx, ownerId: number, commodityId: number, now: Date) => {
    const group = (await repo.ownerGroups(tx, ownerId, now)).find((g) => g.commodityId === commodityId);
    if (!group || group.bought === 0)
      throw new BusinessError(
        say('企业会员未开通或已到期，请先购买席位', 'No active company membership; please buy seats first'),
      );
    return group.bought;
  };

  /**
   * Sends the invitation SMS after commit; a failed send is logged, the seat stays. An invited
   * phone has no account yet, so the SMS speaks the inviting owner's language.
   */
  const sendInvite = async (phone: string, invite: { company: string; lang: Lang }) => {
    if (!sms) return;
    try {
      await sms.send(phone, inviteMessage(invite.company, INVITE_PATH, publicUrl, invite.lang));
    } catch (err) {
      log?.warn({ err }, '企业会员席位邀请短信发送失败');
    }
  };

  const ownSeat = async (tx: DbOrTx, ownerId: number, seatId: number) => {
    const seat = await repo.lockSeat(tx, seatId);
    // Someone else's seat reads exactly like a missing one.
    if (!seat || seat.ownerUserId !== ownerId) throw new NotFound(say('席位不存在', 'Seat not found'));
    return seat;
  };

  return {
    mine,

    async invite(ctx, ownerId, body) {
      await limitRate(store, `seats:change:${ownerId}`, SEAT_CHANGES_PER_HOUR, HOUR_MS);
      const commodity = await repo.findCommodity(db, body.commodityId);
      if (!commodity?.perSeat)
        throw new NotFound(say('该会员不按席位购买', 'This membership is not sold per seat'));
      const now = new Date();
      const sent = await db.transaction(async (tx) => {
        const owner = await repo.lockOwner(tx, ownerId);
        if (!owner) throw new NotFound(say('用户不存在', 'User not found'));
        const bought = await boughtNow(tx, ownerId, commodity.id, now);
        const used = (await repo.countSeats(tx, ownerId, commodity.id)) + 1;
        if (used >= bought) {
          throw new BusinessError(
            say(
              `席位已满：已购 ${bought} 个席位（含您本人）均已分配。可移除或更换同事的席位，或增购席位`,
              `All seats are taken: the ${bought} seats bought (yours included) are all assigned. Remove or change a colleague's seat, or buy more seats`,
            ),
          );
        }
        const holder = await holderFor(tx, owner.phone, body.phone);
        const seat = await repo.insertSeat(tx, {
          ownerUserId: ownerId,
          commodityId: commodity.id,
          phone: body.phone,
          holderUserId: holder?.id ?? null,
          at: now,
        });
        await recordAudit(tx, ctx, {
          action: holder ? 'seat.seat' : 'seat.invite',
          entity: 'seat',
          entityId: seat.id,
          before: null,
          after: auditOf(seat),
        });
        return holder
          ? null
          : { company: owner.company ?? owner.linkMan, lang: owner.lang ?? ('zh-CN' as const) };
      });
      if (sent !== null) await sendInvite(body.phone, sent);
      return mine(ownerId);
    },

    async remove(ctx, ownerId, seatId) {
      await db.transaction(async (tx) => {
        await repo.lockOwner(tx, ownerId);
        const seat = await ownSeat(tx, ownerId, seatId);
        await repo.deleteSeat(tx, seat.id);
        await recordAudit(tx, ctx, {
          action: 'seat.remove',
          entity: 'seat',
          entityId: seat.id,
          before: auditOf(seat),
          after: null,
        });
      });
      return mine(ownerId);
    },

    async reassign(ctx, ownerId, seatId, body) {
      await limitRate(store, `seats:change:${ownerId}`, SEAT_CHANGES_PER_HOUR, HOUR_MS);
      const now = new Date();
      const sent = await db.transaction(async (tx) => {
        const owner = await repo.lockOwner(tx, ownerId);
        if (!owner) throw new NotFound(say('用户不存在', 'User not found'));
        const seat = await ownSeat(tx, ownerId, seatId);
        if (seat.phone === body.phone)
          throw new BusinessError(
            say('该席位已分配给这个手机号', 'This seat is already assigned to this phone number'),
          );
        const holder = await holderFor(tx, owner.phone, body.phone);
        const after = await repo.reassignSeat(tx, seat.id, {
          phone: body.phone,
          holderUserId: holder?.id ?? null,
          at: now,
        });
        await recordAudit(tx, ctx, {
          action: 'seat.reassign',
          entity: 'seat',
          entityId: seat.id,
          before: auditOf(seat),
          after: auditOf(after),
        });
        return holder
          ? null
          : { company: owner.company ?? owner.linkMan, lang: owner.lang ?? ('zh-CN' as const) };
      });
      if (sent !== null) await sendInvite(body.phone, sent);
      return mine(ownerId);
    },

    orderSeats: (orderId) => orderSeats(db, orderId),
  };
}

/**
 * Seats the invitations of a phone for the user who has just registered it, inside the
 * registration's transaction, one audit row each (`seat.seat`, the new user as actor). Answers
 * how many seats it gave. A phone has at most one open invitation (unique index).
 */
export async function claimSeats(
  tx: DbOrTx,
  user: { id: number; phone: string },
  ctx: AuditContext,
): Promise<number> {
  const seated = await repo.claimInvitations(tx, user.id, user.phone, new Date());
  for (const seat of seated) {
    await recordAudit(tx, ctx, {
      action: 'seat.seat',
      entity: 'seat',
      entityId: seat.id,
      before: { ...auditOf(seat), holderUserId: null, state: 'invited' },
      after: auditOf(seat),
    });
  }
  return seated.length;
}

/**
 * An order's seats as the operator console shows them (admin-vip's order detail calls this):
 * the seats it bought, the owner's count now, and every holder with whole phones; null for an
 * unknown order or one without a per-seat commodity.
 */
export async function orderSeats(db: DbOrTx, orderId: number): Promise<OrderSeats | null> {
  const order = await repo.findOrder(db, orderId);
  if (!order) return null;
  const groups = await repo.ownerGroups(db, order.userId, new Date());
  const group = groups.find((g) => order.commodityIds.includes(g.commodityId));
  const owner = await repo.userContact(db, order.userId);
  if (!group || !owner) return null;
  const rows = await repo.seatRows(db, order.userId, group.commodityId);
  return presentOrderSeats(order.quantity, group, owner, rows);
}
