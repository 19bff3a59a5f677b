/** What a refund does to a membership timeline and to the purchase reward (pure). */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../dates.ts';
import { type Period, refundPlan, rewardTakeback } from './refund-plan.ts';

const now = new Date('2026-06-01T00:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const period = (id: number, from: number, to: number, sourceOrderId: number | null): Period => ({
  id,
  startsAt: at(from),
  expiresAt: at(to),
  sourceOrderId,
});

describe('refundPlan', () => {
  it('ends a running period now (never below now)', () => {
    const plan = refundPlan([period(1, -5, 25, 7)], 7, now);
    expect(plan.changes).toEqual([{ id: 1, startsAt: at(-5), expiresAt: now }]);
    expect(plan.removed).toEqual([]);
    expect(plan.expiresBefore).toEqual(at(25));
    expect(plan.expiresAfter).toEqual(now);
  });

  it('takes only the order’s days off when later orders extended the membership', () => {
    // A (order 7) runs now; B (order 8) and a grant chained after it.
    const plan = refundPlan([period(1, -5, 25, 7), period(2, 25, 55, 8), period(3, 55, 65, null)], 7, now);
    expect(plan.expiresAfter).toEqual(at(35));
    expect(plan.changes).toEqual([
      { id: 1, startsAt: at(-5), expiresAt: now },
      { id: 2, startsAt: at(-5), expiresAt: at(25) },
      { id: 3, startsAt: at(25), expiresAt: at(35) },
    ]);
  });

  it('removes the period of an order that has not begun and pulls the later ones back', () => {
    const plan = refundPlan([period(1, -5, 25, 7), period(2, 25, 55, 8), period(3, 55, 85, 9)], 8, now);
    expect(plan.removed).toEqual([2]);
    expect(plan.changes).toEqual([{ id: 3, startsAt: at(25), expiresAt: at(55) }]);
    expect(plan.expiresAfter).toEqual(at(55));
  });

  it('leaves periods before the order and after a gap alone', () => {
    const plan = refundPlan([period(1, -90, -60, 6), period(2, -60, -30, 7), period(3, -2, 28, 8)], 7, now);
    expect(plan.changes).toEqual([]);
    expect(plan.removed).toEqual([]);
    expect(plan.expiresAfter).toEqual(at(28));
  });

  it('clamps a chained period at now: an old order’s days cannot push the end into the past', () => {
    const plan = refundPlan([period(1, -40, -10, 7), period(2, -10, 20, 8)], 7, now);
    expect(plan.changes).toEqual([{ id: 2, startsAt: at(-40), expiresAt: now }]);
    expect(plan.expiresAfter).toEqual(now);
  });

  it('changes nothing when the order bought no period of it', () => {
    const plan = refundPlan([period(1, -5, 25, 6)], 7, now);
    expect(plan).toEqual({ changes: [], removed: [], expiresBefore: at(25), expiresAfter: at(25) });
  });
});

describe('rewardTakeback', () => {
  it('takes back the whole reward while the balance holds it', () => {
    expect(rewardTakeback(158, 1000)).toEqual({ taken: 158, owed: 0 });
    expect(rewardTakeback(158, 158)).toEqual({ taken: 158, owed: 0 });
  });

  it('never below zero: what was spent stays owed', () => {
    expect(rewardTakeback(158, 40)).toEqual({ taken: 40, owed: 118 });
    expect(rewardTakeback(158, 0)).toEqual({ taken: 0, owed: 158 });
  });

  it('takes nothing when the payment granted nothing', () => {
    expect(rewardTakeback(0, 500)).toEqual({ taken: 0, owed: 0 });
  });
});
