import { describe, expect, it } from 'vitest';
import type { Session } from '../../auth/session.ts';
import { RANGES } from './format.ts';
import { accessOf, dateGate, earliestFor, openingRange, rangeGate } from './gate.ts';

const LATEST = '2026-11-24';
const FIRST = '2024-11-24';

const session = (token: string | null, vip = false, role = 'member'): Session =>
  ({
    token,
    loginUser: token ? { id: 1, linkMan: '张伟', role, userNewVipVo: [] } : null,
    vipInfo: null,
    memberVipInfo: vip ? [{ name: '免豆会员', isVip: 1 }] : [],
    lang: null,
  }) as unknown as Session;

describe('index history gates', () => {
  it('reads the window from the session: visitor, member, VIP (or an operator)', () => {
    expect(accessOf(session(null))).toBe('visitor');
    expect(accessOf(session('t'))).toBe('member');
    expect(accessOf(session('t', true))).toBe('vip');
    expect(accessOf(session('t', false, 'admin'))).toBe('vip');
    expect(earliestFor('visitor', LATEST)).toBe('2026-10-26');
    expect(earliestFor('member', LATEST)).toBe('2025-11-25');
    expect(earliestFor('vip', LATEST)).toBeNull();
  });

  it('gates the ranges a caller cannot see whole, saying what opens them', () => {
    const gates = (access: 'visitor' | 'member' | 'vip') =>
      RANGES.map((r) => rangeGate(r, access, LATEST, FIRST));
    expect(gates('visitor')).toEqual([null, 'login', 'login', 'login', 'login']);
    expect(gates('member')).toEqual([null, null, null, null, 'vip']);
    expect(gates('vip')).toEqual([null, null, null, null, null]);
    // history that starts inside the window gates nothing
    expect(rangeGate('all', 'member', LATEST, '2026-06-01')).toBeNull();
  });

  it('opens on three months, or on the widest range the caller sees whole', () => {
    expect(openingRange(RANGES, 'm3', 'visitor', LATEST, FIRST)).toBe('m1');
    expect(openingRange(RANGES, 'm3', 'member', LATEST, FIRST)).toBe('m3');
    expect(openingRange(RANGES, 'm3', 'vip', LATEST, FIRST)).toBe('m3');
  });

  it('says 登录可见 / VIP for a date before the answer’s window, nothing for a missing day', () => {
    const visitor = { earliestAllowed: '2026-10-26', limitedBy: 'login' as const };
    expect(dateGate('2025-11-24', visitor, 'visitor')).toBe('login');
    expect(dateGate('2026-11-17', visitor, 'visitor')).toBeNull();
    expect(dateGate('2025-01-01', { earliestAllowed: '2025-11-25', limitedBy: null }, 'member')).toBe('vip');
    expect(dateGate('2020-01-01', { earliestAllowed: null, limitedBy: null }, 'vip')).toBeNull();
    expect(dateGate('2020-01-01', undefined, 'visitor')).toBeNull();
  });
});
