// @vitest-environment happy-dom
import { Code, REQUEST_TIMEOUT_MS, StorageKey } from '@steelport/contracts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import {
  ApiError,
  configureApiClient,
  get,
  type HttpRequest,
  type HttpResponse,
  http,
  NETWORK_ERROR_CODE,
  post,
  TransportError,
} from './client.ts';
import type { TransportErrorCode } from './transport.ts';

const toasts: string[] = [];
const loginPrompts: string[] = [];
let expiredCalls = 0;
let seen: HttpRequest | null = null;

/** Answers every call with `status` and `body` (as the JSON text a server sends), no network. */
function answer(status: number, body: unknown): void {
  http.transport = async (call): Promise<HttpResponse> => {
    seen = call;
    const data = typeof body === 'string' ? body : JSON.stringify(body);
    return { data, status, headers: {} };
  };
}

/** Fails every call the way the transport does without an answer. */
function failTransport(code: TransportErrorCode): void {
  http.transport = async (call) => {
    seen = call;
    throw new TransportError('transport failed', code);
  };
}

function storeSession(): void {
  localStorage.setItem(StorageKey.token, 'tok-1');
  localStorage.setItem(StorageKey.lang, 'zh-CN');
  localStorage.setItem(StorageKey.loginUser, JSON.stringify({ id: 1, linkMan: '张伟' }));
  localStorage.setItem(StorageKey.vipInfo, JSON.stringify({ name: '免豆会员', isVip: 0 }));
  localStorage.setItem(StorageKey.memberVipInfo, '[]');
  localStorage.setItem(StorageKey.floatingAdClosed, '1');
}

beforeAll(() => {
  initI18n('zh-CN');
});

beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
  loginPrompts.length = 0;
  expiredCalls = 0;
  seen = null;
  configureApiClient({
    toast: (text) => toasts.push(text),
    onSessionExpired: () => expiredCalls++,
    onLoginRequired: (text) => loginPrompts.push(text),
  });
});

describe('api client', () => {
  it('uses the same origin and the 100 s timeout', async () => {
    answer(200, { code: 0, message: 'ok', data: null });
    await get('/api/web/2.0/common/site');
    expect(seen?.url).toBe('/api/web/2.0/common/site');
    expect(seen?.timeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('resolves the data of a code-0 envelope', async () => {
    answer(200, { code: 0, message: 'ok', data: { categories: [{ id: 1 }] } });
    await expect(get('/api/web/2.0/common/productMap')).resolves.toEqual({ categories: [{ id: 1 }] });
    expect(toasts).toEqual([]);
  });

  it('sends the stored token in the X-Token header', async () => {
    localStorage.setItem(StorageKey.token, 'abc123');
    answer(200, { code: 0, message: 'ok', data: null });
    await post('/api/web/searchCargo/enquiry', { ids: [1] });
    expect(seen?.headers.get('X-Token')).toBe('abc123');
  });

  it('sends no token header when nobody is logged in', async () => {
    answer(200, { code: 0, message: 'ok', data: null });
    await get('/api/web/2.0/common/site');
    expect(seen?.headers.has('X-Token')).toBe(false);
  });

  it('toasts a business error message and rejects with a typed error', async () => {
    answer(400, { code: Code.Business, message: '钢豆余额不足', data: null });
    const error = await get('/api/web/order/checkDerateCount').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: Code.Business, message: '钢豆余额不足', status: 400 });
    expect(toasts).toEqual(['钢豆余额不足']);
  });

  it('handles an HTTP error that carries an envelope like any other answer', async () => {
    answer(404, { code: Code.NotFound, message: '接口不存在', data: null });
    await expect(get('/api/nope')).rejects.toMatchObject({ code: Code.NotFound });
    expect(toasts).toEqual(['接口不存在']);
  });

  it('carries a limit’s retryAfterSeconds on the error (the SMS button counts it down)', async () => {
    answer(429, {
      code: Code.TooMany,
      message: '验证码发送过于频繁，请37秒后再试',
      data: null,
      retryAfterSeconds: 37,
    });
    await expect(get('/api/x', undefined, { silent: true })).rejects.toMatchObject({
      code: Code.TooMany,
      retryAfterSeconds: 37,
    });
  });

  it('lets a caller opt out of the toast', async () => {
    answer(400, { code: Code.Business, message: '钢豆余额不足', data: null });
    await expect(get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: Code.Business });
    expect(toasts).toEqual([]);
  });

  it('ends an expired session: clears the stored login, toasts and goes home', async () => {
    storeSession();
    answer(401, { code: Code.TokenExpired, message: 'token过期,需要重新登录', data: null });
    await expect(get('/api/web/user/myInfo')).rejects.toMatchObject({ code: Code.TokenExpired });
    for (const key of [
      StorageKey.token,
      StorageKey.lang,
      StorageKey.loginUser,
      StorageKey.vipInfo,
      StorageKey.memberVipInfo,
    ]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    // Not part of the login: the closed floating ad stays closed.
    expect(localStorage.getItem(StorageKey.floatingAdClosed)).toBe('1');
    expect(toasts).toEqual(['token过期,需要重新登录']);
    expect(expiredCalls).toBe(1);
  });

  it('keeps an expiry found before the app has mounted: toast and move home come once it has', async () => {
    vi.resetModules();
    // A fresh client, as a first visit has it: its reads start before React has mounted.
    (await import('../i18n/index.ts')).initI18n('zh-CN');
    const fresh = await import('./client.ts');
    fresh.http.transport = async (): Promise<HttpResponse> => ({
      data: JSON.stringify({ code: Code.TokenExpired, message: 'token过期,需要重新登录', data: null }),
      status: 401,
      headers: {},
    });
    storeSession();
    fresh.configureApiClient({ onSessionExpired: () => expiredCalls++ });
    await expect(fresh.get('/api/x', undefined, { silent: true })).rejects.toBeInstanceOf(fresh.ApiError);
    // The session is cleared at once; the toast and the move home wait for the app.
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(expiredCalls).toBe(0);
    const shown: string[] = [];
    fresh.configureApiClient({ toast: (text) => shown.push(text) });
    expect(shown).toEqual(['token过期,需要重新登录']);
    expect(expiredCalls).toBe(1);
    fresh.configureApiClient({ toast: (text) => shown.push(text) });
    expect(shown).toHaveLength(1);
    expect(expiredCalls).toBe(1);
  });

  it('announces an expired session even for a silent call', async () => {
    storeSession();
    answer(401, { code: Code.TokenExpired, message: 'token过期,需要重新登录', data: null });
    await expect(get('/api/x', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['token过期,需要重新登录']);
    expect(expiredCalls).toBe(1);
  });

  it('lets a login page keep its screen on an expired session, still clearing and announcing it', async () => {
    storeSession();
    answer(401, { code: Code.TokenExpired, message: 'token过期,需要重新登录', data: null });
    await expect(get('/api/x', undefined, { silent: true, keepPageOnExpiry: true })).rejects.toMatchObject({
      code: Code.TokenExpired,
    });
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(toasts).toEqual(['token过期,需要重新登录']);
    expect(expiredCalls).toBe(0);
  });

  it('does not log out on code 3 when no token is stored', async () => {
    localStorage.setItem(StorageKey.floatingAdClosed, '1');
    answer(401, { code: Code.TokenExpired, message: '登录已失效', data: null });
    await expect(get('/api/x')).rejects.toMatchObject({ code: Code.TokenExpired });
    expect(expiredCalls).toBe(0);
    expect(toasts).toEqual(['登录已失效']);
  });

  it('keeps a newer login when an old token is rejected', async () => {
    localStorage.setItem(StorageKey.token, 'new-token');
    answer(401, { code: Code.TokenExpired, message: 'token过期,需要重新登录', data: null });
    await expect(get('/api/x', undefined, { headers: { 'X-Token': 'old-token' } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(localStorage.getItem(StorageKey.token)).toBe('new-token');
    expect(expiredCalls).toBe(0);
  });

  it('points a visitor to the login site on code 4 instead of a bare toast', async () => {
    answer(401, { code: Code.NeedLogin, message: '请先登录', data: null });
    const error = await post('/api/web/searchCargo/enquiry', { ids: [1] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: Code.NeedLogin, message: '请先登录', status: 401 });
    expect(loginPrompts).toEqual(['请先登录']);
    // One announcement: the login prompt replaces the plain toast, it does not add to it.
    expect(toasts).toEqual([]);
  });

  it('points to the login site on code 4 even for a silent call: the screen has no way to it', async () => {
    answer(401, { code: Code.NeedLogin, message: '请先登录', data: null });
    await expect(get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: Code.NeedLogin });
    expect(loginPrompts).toEqual(['请先登录']);
    expect(toasts).toEqual([]);
  });

  it('says 请先登录 on code 4 when the server gave no message', async () => {
    answer(401, { code: Code.NeedLogin, message: '', data: null });
    await expect(get('/api/x')).rejects.toMatchObject({ code: Code.NeedLogin, message: '请先登录' });
    expect(loginPrompts).toEqual(['请先登录']);
  });

  it('keeps storage and the screen on code 4: there was no session to end', async () => {
    localStorage.setItem(StorageKey.floatingAdClosed, '1');
    localStorage.setItem(StorageKey.lang, 'zh-CN');
    answer(401, { code: Code.NeedLogin, message: '请先登录', data: null });
    await expect(get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(StorageKey.lang)).toBe('zh-CN');
    expect(localStorage.getItem(StorageKey.floatingAdClosed)).toBe('1');
    expect(expiredCalls).toBe(0);
  });

  it('shows a Chinese network message when the server cannot be reached or times out', async () => {
    for (const code of ['ERR_NETWORK', 'ECONNABORTED', 'ETIMEDOUT'] as const) {
      toasts.length = 0;
      failTransport(code);
      await expect(get('/api/x')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
      expect(toasts).toEqual(['网络异常，请稍后重试']);
    }
  });

  it('treats an answer without an envelope as a server error', async () => {
    answer(502, '<html>Bad Gateway</html>');
    await expect(get('/api/x')).rejects.toMatchObject({ code: Code.Internal, status: 502 });
    expect(toasts).toEqual(['服务器异常，请稍后重试']);
  });
});
