/**
 * Beans (钢豆) movements: one helper every module uses to move a balance and write its ledger
 * line together (this module owns bean_ledger and users.beans: nothing else writes them), the
 * earnings (registration's welcome beans, daily sign-in, publishing, answering an enquiry), the
 * member's history and the sign-in endpoint's service. The balance never goes negative and always equals the sum of the
 * ledger: each movement locks the user row, checks, writes the line, then the balance.
 */
import {
  type BeanMovement,
  type PageOf,
  type PageQuery,
  SIGN_IN_BEANS,
  SIGNUP_BEANS,
  type SignInResult,
} from '@steelport/contracts';
import { dayString } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { BeanReason } from '../../db/schema/vip.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import { say } from '../../text.ts';
import { presentBeanMovement } from './present.ts';
import * as repo from './repo.ts';

export interface BeanMovementInput {
  userId: number;
  /** positive in, negative out; never 0 */
  delta: number;
  reason: BeanReason;
  /** what it is about: sign_in, vip_order, cargo_publish, enquiry_answer... */
  refType: string;
  refId: number | null;
  note: string;
  /** the operator of an adjustment (reason `adjusted`) */
  actorUserId?: number | null;
}

export type MoveOutcome =
  | { kind: 'moved'; balance: number }
  /** a once-only movement that was already written: nothing changed */
  | { kind: 'duplicate'; balance: number }
  | { kind: 'insufficient'; balance: number };

/**
 * Moves beans inside the caller's transaction (or its own statement sequence on the pool):
 * locks the user row, refuses a movement that would go below zero, writes the ledger line and
 * then the balance. A once-only movement seen before (bean_ledger_once_uq) changes nothing.
 */
export async function moveBeans(db: DbOrTx, m: BeanMovementInput): Promise<MoveOutcome> {
  if (!Number.isInteger(m.delta) || m.delta === 0)
    throw new Error(`bean delta must be a non-zero integer: ${m.delta}`);
  const before = await repo.lockBalance(db, m.userId);
  if (before === null) throw new NotFound(say('用户不存在', 'User not found'));
  const after = before + m.delta;
  if (after < 0) return { kind: 'insufficient', balance: before };
  const written = await repo.insertBeanMovement(db, {
    userId: m.userId,
    delta: m.delta,
    balanceAfter: after,
    reason: m.reason,
    refType: m.refType,
    refId: m.refId,
    note: m.note,
    actorUserId: m.actorUserId ?? null,
  });
  if (!written) return { kind: 'duplicate', balance: before };
  await repo.setBalance(db, m.userId, after);
  return { kind: 'moved', balance: after };
}

/** The balance, locking the user row until the caller's transaction ends (see moveBeans). */
export async function lockedBalance(db: DbOrTx, userId: number): Promise<number> {
  const balance = await repo.lockBalance(db, userId);
  if (balance === null) throw new NotFound(say('用户不存在', 'User not found'));
  return balance;
}

/** The balance as it is now, or null for no such user. */
export function readBalance(db: DbOrTx, userId: number): Promise<number | null> {
  return repo.balanceOf(db, userId);
}

/**
 * Registration's welcome beans (SIGNUP_BEANS), inside the registration's transaction: the new
 * user row is locked and credited like any other movement, with its ledger line.
 */
export async function welcomeBeans(db: DbOrTx, userId: number): Promise<MoveOutcome> {
  return moveBeans(db, {
    userId,
    delta: SIGNUP_BEANS,
    reason: 'earned',
    refType: 'signup',
    refId: null,
    note: '注册赠送钢豆',
  });
}

/** One page of the user's own bean ledger (钢豆明细), newest first. */
export async function beanHistory(
  db: DbOrTx,
  userId: number,
  { page, pageSize }: PageQuery,
): Promise<PageOf<BeanMovement>> {
  const { list, total } = await repo.beanMovementsPage(db, userId, page, pageSize);
  return { list: list.map(presentBeanMovement), total, page, pageSize };
}

/** Beans earned by activity, by kind (the trader ranking counts the same activities). */
export const ACTIVITY_BEANS = {
  /** a lot of spot stock or surplus published */
  publish: 1,
  /** an enquiry answered */
  answer: 2,
} as const;
export type EarningKind = keyof typeof ACTIVITY_BEANS;

const EARNING_NOTES: Record<EarningKind, string> = {
  publish: '发布资源奖励',
  answer: '回复询价奖励',
};

/** The day number of the sign-in ledger line: yyyymmdd in Shanghai. */
function signInDay(now: Date): number {
  return Number(dayString(now).replaceAll('-', ''));
}

export interface BeansService {
  /** 每日签到: SIGN_IN_BEANS once per Shanghai day; a second call that day earns nothing. */
  signIn(userId: number, now?: Date): Promise<SignInResult>;
}

/** The sign-in service over the database. */
export function beansService(deps: { db: Db }): BeansService {
  const { db } = deps;
  return {
    async signIn(userId, now = new Date()) {
      const day = signInDay(now);
      const outcome = await db.transaction((tx) =>
        moveBeans(tx, {
          userId,
          delta: SIGN_IN_BEANS,
          reason: 'earned',
          refType: 'sign_in',
          refId: day,
          note: '每日签到',
        }),
      );
      if (outcome.kind === 'insufficient')
        throw new BusinessError(say('签到失败，请稍后再试', 'Check-in failed; please try again later'));
      return {
        earned: outcome.kind === 'moved' ? SIGN_IN_BEANS : 0,
        alreadySigned: outcome.kind === 'duplicate',
        balance: outcome.balance,
      };
    },
  };
}

/**
 * Beans for publishing or answering, inside the caller's transaction: the hook the publishing
 * and enquiry-answering features call (`refId` is the lot or enquiry).
 */
export async function earnForActivity(
  db: DbOrTx,
  userId: number,
  kind: EarningKind,
  refId: number,
): Promise<MoveOutcome> {
  return moveBeans(db, {
    userId,
    delta: ACTIVITY_BEANS[kind],
    reason: 'earned',
    refType: kind === 'publish' ? 'publish' : 'enquiry_answer',
    refId,
    note: EARNING_NOTES[kind],
  });
}
