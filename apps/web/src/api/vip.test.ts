// @vitest-environment happy-dom
import { StorageKey } from '@steelport/contracts';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, isVipMember } from '../auth/session.ts';
import { initI18n } from '../i18n/index.ts';
import { type HttpRequest, type HttpResponse, http } from './client.ts';
import {
  confirmPayment,
  fetchBuyVipPrice,
  fetchDerate,
  refreshMembership,
  savePayment,
  vipKeys,
} from './vip.ts';

const calls: { url: string; method: string; body: unknown }[] = [];

/** Answers every call with `data` in an envelope and records the address it was sent to. */
function answer(data: (config: HttpRequest) => unknown): void {
  http.transport = async (call): Promise<HttpResponse> => {
    calls.push({
      url: call.url,
      method: call.method.toUpperCase(),
      body: call.data ? JSON.parse(String(call.data)) : undefined,
    });
    return {
      data: JSON.stringify({ code: 0, message: 'ok', data: data(call) }),
      status: 200,
      headers: {},
    };
  };
}

beforeAll(() => {
  initI18n('zh-CN');
});

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  clearSession();
});

describe('vip calls', () => {
  it('repeat commodity_id and ids as the spec names them', async () => {
    answer(() => ({}));
    await fetchBuyVipPrice(30, [1, 3], 2);
    await fetchDerate(365, [1, 2], 1);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/web/2.0/order/getBuyVIPPrice?day=30&commodity_id=1&commodity_id=3&count=2',
      '/api/web/order/checkDerateCount?days=365&count=1&ids=1&ids=2',
    ]);
  });

  it('send savePayment with count in the query and buyVipCommodityVo as the body, no price', async () => {
    answer(() => ({ paymentId: 9 }));
    await savePayment({ ids: [1], day: 30, count: 1, useBeans: true });
    expect(calls[0]).toEqual({
      url: '/api/web/order/savePayment?count=1',
      method: 'POST',
      body: { commodityIds: [1], day: 30, useBeans: true },
    });
  });

  it('confirm or cancel a payment from the phone', async () => {
    answer(() => ({ state: 'paid' }));
    await confirmPayment(9, 'confirm');
    await confirmPayment(9, 'cancel');
    expect(calls.map((call) => call.body)).toEqual([{ paymentId: 9 }, { paymentId: 9, cancel: true }]);
  });
});

describe('refreshMembership', () => {
  it('lights the badge from the paid answer, then stores the fresh myInfo', async () => {
    localStorage.setItem(StorageKey.token, 'tok');
    localStorage.setItem(
      StorageKey.loginUser,
      JSON.stringify({ id: 5, linkMan: '赵六', role: 'member', userNewVipVo: [] }),
    );
    const entries = [{ name: '免豆会员', isVip: 1 as const, expireAt: '2026-12-23T00:00:00.000Z' }];
    answer(() => ({
      id: 5,
      linkMan: '赵六',
      phone: '13600000001',
      company: null,
      role: 'member',
      beans: 20,
      userNewVipVo: entries,
    }));
    const queryClient = new QueryClient();
    queryClient.setQueryData(vipKeys.payQr(9), { qrUrl: 'x' });
    queryClient.setQueryData(vipKeys.mine(5), { isVip: false });
    queryClient.setQueryData(['lots', 'enquiryTotal', 'cargo', 5, [1]], { vip: false });
    queryClient.setQueryData(['common', 'site'], {});
    await refreshMembership(queryClient, entries);
    expect(isVipMember(getSession())).toBe(true);
    expect(calls.map((call) => call.url)).toContain('/api/web/user/myInfo');
    expect(JSON.parse(localStorage.getItem(StorageKey.memberVipInfo) ?? '[]')).toEqual(entries);
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(vipKeys.mine(5))).toBe(true);
    expect(invalidated(['lots', 'enquiryTotal', 'cargo', 5, [1]])).toBe(true);
    // The QR being shown is not created again, and the site configuration stays.
    expect(invalidated(vipKeys.payQr(9))).toBe(false);
    expect(invalidated(['common', 'site'])).toBe(false);
  });
});
