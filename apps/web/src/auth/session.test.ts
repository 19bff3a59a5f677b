// @vitest-environment happy-dom
import { type MyInfo, StorageKey } from '@steelport/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  isVipMember,
  saveMemberships,
  saveMyInfo,
  subscribeSession,
  viewerOf,
} from './session.ts';

const info = (isVip: 0 | 1): MyInfo => ({
  id: 2,
  linkMan: '李娜',
  phone: '13800000002',
  company: null,
  role: 'member',
  beans: 10,
  userNewVipVo: [
    { name: '查询会员', isVip: 1, expireAt: null },
    { name: '免豆会员', isVip, expireAt: '2027-01-01T00:00:00.000Z' },
  ],
});

beforeEach(() => {
  localStorage.clear();
  clearSession();
});

describe('session', () => {
  it('stores myInfo as loginUser, the 免豆会员 entry and the whole list', () => {
    localStorage.setItem(StorageKey.token, 't');
    saveMyInfo(info(1));
    expect(JSON.parse(localStorage.getItem(StorageKey.loginUser) ?? '{}')).toMatchObject({ linkMan: '李娜' });
    expect(JSON.parse(localStorage.getItem(StorageKey.vipInfo) ?? '{}')).toMatchObject({
      name: '免豆会员',
      isVip: 1,
    });
    expect(JSON.parse(localStorage.getItem(StorageKey.memberVipInfo) ?? '[]')).toHaveLength(2);
    expect(getSession().loginUser?.linkMan).toBe('李娜');
  });

  it('is VIP only with a token and the 免豆会员 entry active', () => {
    localStorage.setItem(StorageKey.token, 't');
    saveMyInfo(info(1));
    expect(isVipMember(getSession())).toBe(true);
    saveMyInfo(info(0));
    expect(isVipMember(getSession())).toBe(false);
    // Another active entry does not make a VIP.
    expect(getSession().memberVipInfo?.some((entry) => entry.isVip === 1)).toBe(true);
  });

  it('reads a carried-over VIPINFO written by another tab before myInfo arrives', () => {
    const unsubscribe = subscribeSession(() => undefined);
    expect(isVipMember(getSession())).toBe(false);
    localStorage.setItem(StorageKey.token, 't');
    localStorage.setItem(StorageKey.vipInfo, JSON.stringify({ name: '免豆会员', isVip: 1 }));
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.vipInfo }));
    unsubscribe();
    expect(isVipMember(getSession())).toBe(true);
  });

  it('turns the badge on from the membership list of a paid order, without a new login', () => {
    localStorage.setItem(StorageKey.token, 't');
    saveMyInfo(info(0));
    let notified = 0;
    const unsubscribe = subscribeSession(() => notified++);
    saveMemberships(info(1).userNewVipVo);
    unsubscribe();
    expect(notified).toBe(1);
    expect(isVipMember(getSession())).toBe(true);
    expect(JSON.parse(localStorage.getItem(StorageKey.vipInfo) ?? '{}')).toMatchObject({ isVip: 1 });
    expect(getSession().loginUser?.userNewVipVo).toEqual(info(1).userNewVipVo);
    expect(getSession().memberVipInfo).toEqual(info(1).userNewVipVo);
  });

  it('turns the badge off when the next myInfo says the membership expired', () => {
    localStorage.setItem(StorageKey.token, 't');
    saveMyInfo(info(1));
    expect(isVipMember(getSession())).toBe(true);
    saveMyInfo(info(0));
    expect(isVipMember(getSession())).toBe(false);
    expect(JSON.parse(localStorage.getItem(StorageKey.vipInfo) ?? '{}')).toMatchObject({ isVip: 0 });
  });

  it('stores no membership list without a login', () => {
    saveMemberships(info(1).userNewVipVo);
    expect(localStorage.getItem(StorageKey.memberVipInfo)).toBeNull();
    expect(isVipMember(getSession())).toBe(false);
  });

  it('clears the login and notifies subscribers', () => {
    localStorage.setItem(StorageKey.token, 't');
    saveMyInfo(info(1));
    let notified = 0;
    const unsubscribe = subscribeSession(() => notified++);
    clearSession();
    unsubscribe();
    expect(notified).toBe(1);
    expect(getSession()).toMatchObject({ token: null, loginUser: null, vipInfo: null, memberVipInfo: null });
  });

  it('names the viewer of query keys by user id, never by token', () => {
    const empty = { token: null, loginUser: null, vipInfo: null, memberVipInfo: null, lang: null };
    expect(viewerOf(empty)).toBe('visitor');
    // A token handed over without its user: a member until myInfo names them.
    expect(viewerOf({ ...empty, token: 'secret-token' })).toBe('member');
    localStorage.setItem(StorageKey.token, 'secret-token');
    saveMyInfo(info(0));
    expect(viewerOf(getSession())).toBe(2);
    // A stored user without a token is a visitor: the server would not know them.
    expect(viewerOf({ ...getSession(), token: null })).toBe('visitor');
  });
});
