import type { MembershipEntry, MyInfo } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { canAccess } from './access.ts';

const vipEntry = (isVip: 0 | 1): MembershipEntry => ({ name: '免豆会员', isVip, expireAt: null });

function user(overrides: Partial<MyInfo> = {}): MyInfo {
  return {
    id: 1,
    linkMan: '张伟',
    phone: '13800000001',
    company: null,
    role: 'member',
    beans: 0,
    userNewVipVo: [{ name: '数据会员', isVip: 1, expireAt: null }, vipEntry(0)],
    ...overrides,
  };
}

describe('canAccess', () => {
  it('lets everybody open a public screen', () => {
    expect(canAccess('public', null)).toBe(true);
    expect(canAccess('public', user())).toBe(true);
  });

  it('keeps visitors out of every other level', () => {
    for (const level of ['member', 'vip', 'trader', 'admin'] as const)
      expect(canAccess(level, null)).toBe(false);
  });

  it('lets any logged-in user open a member screen', () => {
    expect(canAccess('member', user())).toBe(true);
  });

  it('needs the 免豆会员 entry active for vip; another active entry is not enough', () => {
    expect(canAccess('vip', user())).toBe(false);
    expect(canAccess('vip', user({ userNewVipVo: [vipEntry(1)] }))).toBe(true);
    expect(canAccess('vip', user({ userNewVipVo: [] }))).toBe(false);
  });

  it('opens data to VIP, to an active entry that opens data, and to operators', () => {
    const data = (isVip: 0 | 1) => ({ name: '数据会员', isVip, expireAt: null, dataAccess: 1 as const });
    expect(canAccess('data', user())).toBe(false);
    expect(canAccess('data', user({ userNewVipVo: [vipEntry(1)] }))).toBe(true);
    expect(canAccess('data', user({ userNewVipVo: [data(1)] }))).toBe(true);
    expect(canAccess('data', user({ userNewVipVo: [data(0)] }))).toBe(false);
    expect(canAccess('vip', user({ userNewVipVo: [data(1)] }))).toBe(false);
    expect(canAccess('data', user({ role: 'admin' }))).toBe(true);
  });

  it('needs a company (or admin) for trader screens', () => {
    expect(canAccess('trader', user())).toBe(false);
    expect(canAccess('trader', user({ company: { id: 9, name: '上海宝联钢铁' }, role: 'trader' }))).toBe(
      true,
    );
    expect(canAccess('trader', user({ role: 'admin' }))).toBe(true);
  });

  it('reads the role of a carried-over loginUser that has no company field', () => {
    expect(canAccess('trader', { role: 'trader', userNewVipVo: [] })).toBe(true);
    expect(canAccess('trader', { role: 'member', userNewVipVo: [] })).toBe(false);
  });

  it('opens admin screens to admins only', () => {
    expect(canAccess('admin', user({ role: 'trader', company: { id: 9, name: '上海宝联钢铁' } }))).toBe(
      false,
    );
    expect(canAccess('admin', user({ role: 'admin' }))).toBe(true);
  });

  it('opens no screen for the ERP key level, not even to an admin', () => {
    expect(canAccess('apiKey', null)).toBe(false);
    expect(canAccess('apiKey', user({ role: 'admin' }))).toBe(false);
    expect(canAccess('apiKey', user({ role: 'trader', company: { id: 9, name: '上海宝联钢铁' } }))).toBe(
      false,
    );
  });
});
