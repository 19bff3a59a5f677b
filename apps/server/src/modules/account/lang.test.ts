/**
 * The portal's language on the server (issue 31): a member's chosen language in the profile
 * (`PUT /api/web/user/lang`, myInfo and login results), error messages in the request's language
 * (X-Lang, else Accept-Language, else Chinese), and an export and an SMS in the user's.
 */
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { langOfAcceptLanguage, langOfHeaders } from '../../plugins/lang.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';
import { multipart } from '../../test/multipart.ts';
import { alertTitle, digestText } from '../subscription/present.ts';

const t = useTestApp();
let ipSeq = 1;
/** Each request from its own address, so the SMS and login limits of one test stay in it. */
const newIp = () => `10.131.0.${ipSeq++}`;

let catalog: TestCatalog;

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
});

afterEach(() => {
  vi.useRealTimers();
});

const setLang = (token: string | null, lang: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/web/user/lang',
    headers: token ? { 'x-token': token, ...headers } : headers,
    payload: { lang },
  });

const myInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/web/user/myInfo', headers: { 'x-token': token } });

/** Sends a code to `phone` and reads the sandbox's message back. */
async function smsText(phone: string, purpose: 'register' | 'login', headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uaa/sms/send',
    payload: { phone, purpose },
    headers,
    remoteAddress: newIp(),
  });
  expect(res.json().code).toBe(0);
  const mailbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${phone}` });
  return String(mailbox.json().data?.text ?? '');
}

describe('PUT /api/web/user/lang', () => {
  it('keeps the choice: myInfo, the login result and the SMS codes follow it', async () => {
    const phone = '13931310001';
    const first = await smsText(phone, 'register');
    const code = /验证码是(\d{6})/.exec(first)?.[1] ?? '';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/register',
      payload: { phone, code, password: 'steel123', linkMan: '李娜' },
      remoteAddress: newIp(),
    });
    const { token, user } = reg.json().data;
    expect(user.lang).toBeNull();

    const set = await setLang(token, 'en');
    expect(set.json()).toMatchObject({ code: 0, data: { id: user.id, lang: 'en' } });
    expect((await myInfo(token)).json().data.lang).toBe('en');

    // A code to a member who chose English is English, whatever the requester's language.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const text = await smsText(phone, 'login');
    expect(text).toMatch(/^\[SteelPort\] Your verification code is \d{6}, valid for 5 minutes\./);
    const smsCode = /code is (\d{6})/.exec(text)?.[1] ?? '';
    const bySms = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/sms',
      payload: { phone, code: smsCode },
      remoteAddress: newIp(),
    });
    expect(bySms.json().data.user.lang).toBe('en');
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      payload: { phone, password: 'steel123' },
      remoteAddress: newIp(),
    });
    expect(byPassword.json().data.user).toMatchObject({ id: user.id, lang: 'en' });

    expect((await setLang(token, 'zh-CN')).json().data.lang).toBe('zh-CN');
    expect((await myInfo(token)).json().data.lang).toBe('zh-CN');
  });

  it('refuses a language the portal does not speak (code 2), in the request language', async () => {
    const member = await makeUser(t.db);
    const zh = await setLang(member.token, 'fr');
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ code: 2, message: expect.stringMatching(/^参数错误：lang /) });
    const en = await setLang(member.token, 'fr', { 'x-lang': 'en' });
    expect(en.json()).toMatchObject({ code: 2, message: expect.stringMatching(/^Invalid request: lang /) });
    expect((await myInfo(member.token)).json().data.lang).toBeNull();
  });

  it('refuses a visitor (code 4)', async () => {
    const res = await setLang(null, 'en');
    expect(res.json()).toEqual({ code: 4, message: '请先登录', data: null, requestId: expect.any(String) });
  });
});

describe('error messages in the request language', () => {
  it('answers X-Lang: en in English', async () => {
    const res = await setLang(null, 'en', { 'x-lang': 'en' });
    expect(res.json()).toEqual({
      code: 4,
      message: 'Please log in first',
      data: null,
      requestId: expect.any(String),
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-lang': 'en' },
    });
    expect(missing.json()).toMatchObject({ code: 6, message: 'No such API' });
    const business = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      payload: { phone: '13931319999', password: 'wrong-one' },
      headers: { 'x-lang': 'en' },
      remoteAddress: newIp(),
    });
    expect(business.json()).toMatchObject({ code: 1, message: 'Wrong phone number or password' });
  });

  it('falls back to Accept-Language, honouring q-values, and to Chinese', async () => {
    const ask = (headers: Record<string, string>) =>
      setLang(null, 'en', headers).then((r) => r.json().message);
    expect(await ask({ 'accept-language': 'fr-FR,fr;q=0.9,en-US;q=0.8,zh;q=0.7' })).toBe(
      'Please log in first',
    );
    expect(await ask({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('请先登录');
    expect(await ask({ 'accept-language': 'en;q=0.5, zh-TW;q=0.8' })).toBe('请先登录');
    expect(await ask({ 'accept-language': 'en-GB', 'x-lang': 'zh-CN' })).toBe('请先登录');
    expect(await ask({ 'accept-language': 'de, fr' })).toBe('请先登录');
    expect(await ask({})).toBe('请先登录');
  });

  it('reads the headers by the rule (unit)', () => {
    expect(langOfAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(langOfAcceptLanguage('*, en;q=0')).toBeNull();
    expect(langOfAcceptLanguage('zh-Hant-TW')).toBe('zh-CN');
    expect(langOfHeaders({ 'x-lang': 'EN' })).toBe('en');
    expect(langOfHeaders({ 'x-lang': 'klingon', 'accept-language': 'en' })).toBe('en');
    expect(langOfHeaders({})).toBe('zh-CN');
  });
});

describe('what the server writes for later, in the user language', () => {
  it('exports the search with English headers for a member who chose English', async () => {
    await makeLot(t.db, catalog, { price: 0, spec: '2.31*1250*C' });
    const vip = await makeUser(t.db, { vip: true });
    const sheetOf = async (headers: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/web/2.0/searchCargo/export?specs=2.31*1250*C',
        headers: { 'x-token': vip.token, ...headers },
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]!;
    };
    const zh = await sheetOf({});
    expect(zh.name).toBe('仓库现货');
    expect(zh.getRow(1).values).toEqual(expect.arrayContaining(['品名', '单价(元/吨)']));

    // The request's language when the user has not chosen...
    expect((await sheetOf({ 'x-lang': 'en' })).getRow(1).values).toEqual(expect.arrayContaining(['Product']));
    // ...and the user's choice over it once made.
    await setLang(vip.token, 'en');
    const en = await sheetOf({ 'x-lang': 'zh-CN' });
    expect(en.name).toBe('Warehouse stock');
    expect((en.getRow(1).values as unknown[]).filter(Boolean)).toEqual([
      'Product',
      'Grade',
      'Size',
      'Mill',
      'Warehouse',
      'City',
      'Pieces',
      'Weight (t)',
      'Price (CNY/t)',
      'Supplier',
      'Contact',
      'Remark',
      'Updated',
    ]);
    expect(en.getRow(2).values).toEqual(expect.arrayContaining(['Call for price']));
  });

  it("heads a trader's template in English, and it imports back", async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/trader/import/template/cargo',
      headers: { 'x-token': trader.token, 'x-lang': 'en' },
    });
    expect(res.headers['content-disposition']).toContain('Stock%20import%20template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.name).toBe('Stock');
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 4)).toEqual([
      'Product',
      'Grade',
      'Size',
    ]);
    const body = multipart([{ name: 'stock.xlsx', bytes: res.rawPayload }]);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/trader/import/cargo/preview',
      headers: { ...body.headers, 'x-token': trader.token },
      payload: body.payload,
      remoteAddress: newIp(),
    });
    expect(preview.json()).toMatchObject({ code: 0, data: { rows: 1, valid: 1, errorCount: 0 } });
  });

  it('writes index alerts and the digest in English for an English reader', () => {
    const alert = { indexName: '乐从热卷', indexNameEn: 'Lecong HRC', levelFen: 360_000, movePercent: null };
    expect(alertTitle({ ...alert, kind: 'above', priceFen: 361_200, changeFen: 1_200, lang: 'en' })).toBe(
      'Lecong HRC rose above 3600 CNY/t, now 3612 CNY/t',
    );
    expect(alertTitle({ ...alert, kind: 'above', priceFen: 361_200, changeFen: 1_200 })).toBe(
      '乐从热卷 涨破 3600 元/吨，现报 3612 元/吨',
    );
    const digest = { unread: 3, latestTitle: 'HRC 2.75*1250', token: 'abc' };
    expect(digestText(digest, 'https://x.test', 'en')).toBe(
      '[SteelPort] Your subscriptions have 3 new messages, the newest: HRC 2.75*1250. Read them at https://x.test/account/inbox?lang=en ; unsubscribe: https://x.test/api/web/subscription/unsubscribe?token=abc',
    );
    expect(digestText(digest, 'https://x.test')).toMatch(/^【钢市通】您的订阅有 3 条新消息/);
  });
});
