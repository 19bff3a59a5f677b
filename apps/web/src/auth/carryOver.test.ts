// @vitest-environment happy-dom
import { type MyInfo, StorageKey } from '@steelport/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyLoginCarryOver,
  buildCarryOverUrl,
  CARRY_ARRIVED,
  CARRY_PENDING,
  CARRY_WELCOME,
  REGISTERED_PARAM,
} from './carryOver.ts';

const user = JSON.stringify({ id: 2, linkMan: '李娜' });
const vip = JSON.stringify({ name: '免豆会员', isVip: 1 });

function query(params: Record<string, string>): string {
  return `?${new URLSearchParams(params).toString()}`;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('applyLoginCarryOver', () => {
  it('stores the carried login under the spec keys and reloads without the query', () => {
    const search = query({ 'X-Token': 't0k', loginUser: user, CURRENT_LANG: 'zh-CN', VIPINFO: vip });
    const target = applyLoginCarryOver(
      { search, pathname: '/beginMain', hash: '#top' },
      localStorage,
      sessionStorage,
    );
    expect(target).toBe('/beginMain#top');
    expect(localStorage.getItem(StorageKey.token)).toBe('t0k');
    expect(localStorage.getItem(StorageKey.loginUser)).toBe(user);
    expect(localStorage.getItem(StorageKey.lang)).toBe('zh-CN');
    expect(localStorage.getItem(StorageKey.vipInfo)).toBe(vip);
  });

  it('keeps the page’s own query parameters and drops only the login', () => {
    const search = `?city=${encodeURIComponent('上海')}&${query({ 'X-Token': 't0k', loginUser: user, CURRENT_LANG: 'zh-CN', VIPINFO: vip }).slice(1)}&page=2`;
    const target = applyLoginCarryOver(
      { search, pathname: '/wareHouse', hash: '' },
      localStorage,
      sessionStorage,
    );
    expect(target).toBe(`/wareHouse?city=${encodeURIComponent('上海')}&page=2`);
    expect(target).not.toContain('t0k');
  });

  it('works without VIPINFO and drops membership data of an earlier login', () => {
    localStorage.setItem(StorageKey.vipInfo, vip);
    localStorage.setItem(StorageKey.memberVipInfo, `[${vip}]`);
    const search = query({ 'X-Token': 't0k', loginUser: user, CURRENT_LANG: 'en' });
    expect(applyLoginCarryOver({ search, pathname: '/', hash: '' }, localStorage, sessionStorage)).toBe('/');
    expect(localStorage.getItem(StorageKey.token)).toBe('t0k');
    expect(localStorage.getItem(StorageKey.vipInfo)).toBeNull();
    expect(localStorage.getItem(StorageKey.memberVipInfo)).toBeNull();
  });

  it('leaves the page alone when the login is incomplete', () => {
    const incomplete: Record<string, string>[] = [
      {},
      { indexSearch: '热轧' },
      { 'X-Token': 't0k', loginUser: user },
      { 'X-Token': '', loginUser: user, CURRENT_LANG: 'zh-CN' },
    ];
    for (const params of incomplete) {
      expect(
        applyLoginCarryOver({ search: query(params), pathname: '/', hash: '' }, localStorage, sessionStorage),
      ).toBeNull();
    }
    expect(localStorage.length).toBe(0);
  });
});

describe('a carried login while another account is logged in (login CSRF)', () => {
  const other = JSON.stringify({ id: 9, linkMan: '王强' });
  const carried = () =>
    applyLoginCarryOver(
      {
        search: query({ 'X-Token': 'theirs', loginUser: other, CURRENT_LANG: 'zh-CN' }),
        pathname: '/',
        hash: '',
      },
      localStorage,
      sessionStorage,
    );

  it('keeps the current session and holds the other login for this tab until the user chooses', () => {
    localStorage.setItem(StorageKey.token, 'mine');
    localStorage.setItem(StorageKey.loginUser, user);
    expect(carried()).toBe('/');
    expect(localStorage.getItem(StorageKey.token)).toBe('mine');
    expect(localStorage.getItem(StorageKey.loginUser)).toBe(user);
    expect(JSON.parse(sessionStorage.getItem(CARRY_PENDING) ?? '{}')).toMatchObject({
      'X-Token': 'theirs',
      loginUser: other,
    });
    expect(sessionStorage.getItem(CARRY_ARRIVED)).toBeNull();
  });

  it('takes a new login of the same user without asking', () => {
    localStorage.setItem(StorageKey.token, 'old');
    localStorage.setItem(StorageKey.loginUser, other);
    carried();
    expect(localStorage.getItem(StorageKey.token)).toBe('theirs');
    expect(sessionStorage.getItem(CARRY_PENDING)).toBeNull();
    expect(sessionStorage.getItem(CARRY_ARRIVED)).toBeNull();
  });

  it('stores a first login and notes whom, so the page can say who is logged in', () => {
    carried();
    expect(localStorage.getItem(StorageKey.token)).toBe('theirs');
    expect(sessionStorage.getItem(CARRY_ARRIVED)).toBe(other);
  });
});

describe('a carried login that has just registered', () => {
  it('round-trips the flag: the page welcomes the new member and drops the flag from the address', () => {
    const href = buildCarryOverUrl('https://www.steelport.cn/?x=1', { token: 't0k', user: myInfo }, 'zh-CN', {
      registered: true,
    });
    const url = new URL(href);
    expect(url.searchParams.get(REGISTERED_PARAM)).toBe('1');
    const target = applyLoginCarryOver(
      { search: url.search, pathname: url.pathname, hash: '' },
      localStorage,
      sessionStorage,
    );
    expect(target).toBe('/?x=1');
    expect(JSON.parse(sessionStorage.getItem(CARRY_WELCOME) ?? '{}')).toMatchObject({ id: 2 });
    expect(sessionStorage.getItem(CARRY_ARRIVED)).toBeNull();
  });

  it('welcomes also when a login site on this origin has already stored the same session', () => {
    localStorage.setItem(StorageKey.token, 't0k');
    const href = buildCarryOverUrl('https://www.steelport.cn/', { token: 't0k', user: myInfo }, 'zh-CN', {
      registered: true,
    });
    const url = new URL(href);
    applyLoginCarryOver(
      { search: url.search, pathname: url.pathname, hash: '' },
      localStorage,
      sessionStorage,
    );
    expect(sessionStorage.getItem(CARRY_WELCOME)).not.toBeNull();
  });

  it('is not set by a plain login', () => {
    const href = buildCarryOverUrl(
      'https://www.steelport.cn/?registered=1',
      { token: 't', user: myInfo },
      'en',
    );
    expect(new URL(href).searchParams.has(REGISTERED_PARAM)).toBe(false);
  });
});

const myInfo: MyInfo = {
  id: 2,
  linkMan: '李娜',
  phone: '13800000002',
  company: null,
  role: 'member',
  beans: 50,
  userNewVipVo: [
    { name: '免豆会员', isVip: 1, expireAt: '2027-01-01T00:00:00.000Z' },
    { name: '数据会员', isVip: 0, expireAt: null },
  ],
};

describe('buildCarryOverUrl', () => {
  it('appends the login to the target, keeping its own query and hash', () => {
    const href = buildCarryOverUrl(
      'https://www.steelport.cn/wareHouse?city=上海#list',
      { token: 't0k', user: myInfo },
      'zh-CN',
    );
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://www.steelport.cn/wareHouse');
    expect(url.hash).toBe('#list');
    expect(url.searchParams.get('city')).toBe('上海');
    expect(url.searchParams.get('X-Token')).toBe('t0k');
    expect(url.searchParams.get('CURRENT_LANG')).toBe('zh-CN');
    expect(JSON.parse(url.searchParams.get('loginUser') ?? '')).toEqual({
      id: 2,
      linkMan: '李娜',
      role: 'member',
      company: null,
      userNewVipVo: myInfo.userNewVipVo,
    });
    expect(JSON.parse(url.searchParams.get('VIPINFO') ?? '')).toEqual(myInfo.userNewVipVo[0]);
  });

  it('keeps the phone number and bean balance out of the address', () => {
    const href = buildCarryOverUrl('https://www.steelport.cn/', { token: 't0k', user: myInfo }, 'zh-CN');
    expect(href).not.toContain('13800000002');
    expect(new URL(href).searchParams.get('loginUser')).not.toContain('beans');
  });

  it('sends no VIPINFO when the user has no 免豆会员 entry, and replaces stale login parameters', () => {
    const stale = 'https://www.steelport.cn/?X-Token=old&VIPINFO=%7B%7D&CURRENT_LANG=en';
    const href = buildCarryOverUrl(stale, { token: 'new', user: { ...myInfo, userNewVipVo: [] } }, 'zh-CN');
    const url = new URL(href);
    expect(url.searchParams.getAll('X-Token')).toEqual(['new']);
    expect(url.searchParams.getAll('CURRENT_LANG')).toEqual(['zh-CN']);
    expect(url.searchParams.has('VIPINFO')).toBe(false);
  });

  it('round-trips: the target page stores exactly what the login site sent', () => {
    const url = new URL(
      buildCarryOverUrl('https://www.steelport.cn/beginMain#top', { token: 't0k', user: myInfo }, 'en'),
    );
    const reload = applyLoginCarryOver(
      { search: url.search, pathname: url.pathname, hash: url.hash },
      localStorage,
      sessionStorage,
    );
    expect(reload).toBe('/beginMain#top');
    expect(localStorage.getItem(StorageKey.token)).toBe('t0k');
    expect(localStorage.getItem(StorageKey.lang)).toBe('en');
    expect(JSON.parse(localStorage.getItem(StorageKey.loginUser) ?? '')).toMatchObject({ linkMan: '李娜' });
    expect(JSON.parse(localStorage.getItem(StorageKey.vipInfo) ?? '')).toMatchObject({
      name: '免豆会员',
      isVip: 1,
    });
  });
});
