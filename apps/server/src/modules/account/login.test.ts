/** Registration, SMS codes, password login, throttling and logout through the real API. */
import { CAPTCHA_REQUIRED_MESSAGE } from '@steelport/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayString } from '../../dates.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';

const t = useTestApp();
let ipSeq = 10;
/** Each test acts from its own address, so per-client limits of one test do not leak into another. */
const newIp = () => `10.0.0.${ipSeq++}`;

afterEach(() => {
  vi.useRealTimers();
});

async function sendCode(phone: string, ip = newIp(), purpose = 'register') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uaa/sms/send',
    payload: { phone, purpose },
    remoteAddress: ip,
  });
  const mailbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${phone}` });
  const text: string = mailbox.json().data?.text ?? '';
  return { res, code: /验证码是(\d{6})/.exec(text)?.[1] ?? '' };
}

/** Moves the clock past the 60 s wait between two codes to one phone (registration sent one). */
function afterSmsWait() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 61_000);
}

function register(body: Record<string, unknown>, ip = newIp()) {
  return t.app.inject({ method: 'POST', url: '/api/uaa/register', payload: body, remoteAddress: ip });
}

function login(phone: string, password: string, ip = newIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uaa/login/password',
    payload: { phone, password },
    remoteAddress: ip,
  });
}

describe('registration', () => {
  it('registers with an SMS code and logs the new member in', async () => {
    const { res, code } = await sendCode('13911110001');
    expect(res.json()).toEqual({
      code: 0,
      message: 'ok',
      data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    expect(code).toMatch(/^\d{6}$/);
    const reg = await register({ phone: '13911110001', code, password: 'steel123', linkMan: ' 陈明 ' });
    expect(reg.statusCode).toBe(200);
    const { token, user } = reg.json().data;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(user).toMatchObject({
      linkMan: '陈明',
      phone: '13911110001',
      role: 'member',
      beans: 10,
      company: null,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/web/user/myInfo',
      headers: { 'x-token': token },
    });
    expect(me.json().data.linkMan).toBe('陈明');
  });

  it('makes a trader of a member who names a company', async () => {
    const { code } = await sendCode('13911110002');
    const reg = await register({
      phone: '13911110002',
      code,
      password: 'steel123',
      linkMan: '刘洋',
      company: '上海恒钢贸易有限公司',
    });
    expect(reg.json().data.user).toMatchObject({ role: 'trader', company: { name: '上海恒钢贸易有限公司' } });
  });

  it('refuses a wrong code, and a code once it has expired', async () => {
    const { code } = await sendCode('13911110003');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await register({ phone: '13911110003', code: wrong, password: 'steel123', linkMan: '周' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1, message: '验证码错误或已过期' });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const late = await register({ phone: '13911110003', code, password: 'steel123', linkMan: '周' });
    expect(late.json()).toMatchObject({ code: 1, message: '验证码错误或已过期' });
  });

  it('uses a code once only', async () => {
    // No reset code goes to an unregistered number (issue 28): nothing is stored, nothing sent.
    const { code } = await sendCode('13911110004', newIp(), 'reset');
    expect(code).toBe('');
    expect(await t.app.store.get('sms:code:reset:13911110004')).toBeNull();

    const again = await sendCode('13911110005');
    const ok = await register({
      phone: '13911110005',
      code: again.code,
      password: 'steel123',
      linkMan: '郑',
    });
    expect(ok.json().code).toBe(0);
    const reuse = await register({
      phone: '13911110006',
      code: again.code,
      password: 'steel123',
      linkMan: '郑',
    });
    expect(reuse.json()).toMatchObject({ code: 1, message: '验证码错误或已过期' });
  });

  it('refuses a phone that is already registered', async () => {
    const user = await makeUser(t.db);
    const { code } = await sendCode(user.phone);
    const res = await register({ phone: user.phone, code, password: 'steel123', linkMan: '重复' });
    expect(res.json()).toMatchObject({ code: 1, message: '该手机号已注册，请直接登录' });
  });

  it('names the field of a weak password or a bad phone (code 2)', async () => {
    const weak = await register({
      phone: '13911110007',
      code: '123456',
      password: '12345678',
      linkMan: '王',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 2, message: expect.stringContaining('password 格式不正确') });
    const phone = await register({ phone: '1234', code: '123456', password: 'steel123', linkMan: '王' });
    expect(phone.json()).toMatchObject({ code: 2, message: expect.stringContaining('phone 格式不正确') });
    const blank = await register({
      phone: '13911110007',
      code: '123456',
      password: 'steel123',
      linkMan: '   ',
    });
    expect(blank.json()).toMatchObject({ code: 2, message: expect.stringContaining('linkMan') });
  });

  it('sends SMS at most once a minute per phone; another phone from the same client at once', async () => {
    const ip = newIp();
    expect((await sendCode('13911110008', ip)).res.json().code).toBe(0);
    const again = await sendCode('13911110008', newIp());
    expect(again.res.statusCode).toBe(429);
    // The refusal says how long the wait still is, in its text, its envelope and Retry-After.
    const { retryAfterSeconds } = again.res.json();
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(55);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(again.res.json()).toMatchObject({
      code: 7,
      message: `验证码发送过于频繁，请${retryAfterSeconds}秒后再试`,
    });
    expect(again.res.headers['retry-after']).toBe(String(retryAfterSeconds));
    // 20 s later the phone's wait has 20 s less to go.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20_000);
    const later = await sendCode('13911110008', newIp());
    expect(later.res.json().retryAfterSeconds).toBe(retryAfterSeconds - 20);
    vi.useRealTimers();
    // An office shares one address: the client's limit is a count a minute, not a gap (issue 32).
    const otherPhoneSameClient = await sendCode('13911110009', ip);
    expect(otherPhoneSameClient.res.json().code).toBe(0);
  });
});

describe('password login and logout', () => {
  async function registered(phone: string) {
    const { code } = await sendCode(phone);
    await register({ phone, code, password: 'steel123', linkMan: '测试' });
  }

  it('logs in with the right password and says nothing about unknown phones', async () => {
    await registered('13911120001');
    const good = await login('13911120001', 'steel123');
    expect(good.json().data.user.phone).toBe('13911120001');
    const wrong = await login('13911120001', 'wrong123');
    const unknown = await login('13911129999', 'wrong123');
    expect(wrong.json()).toEqual({
      code: 1,
      message: '手机号或密码错误',
      data: null,
      requestId: expect.any(String),
    });
    expect(unknown.json()).toEqual({ ...wrong.json(), requestId: expect.any(String) });
  });

  it('asks for a captcha after 5 failures for the phone, even with the right password', async () => {
    await registered('13911120002');
    for (let i = 0; i < 5; i++) expect((await login('13911120002', 'nope1234')).json().code).toBe(1);
    const blocked = await login('13911120002', 'steel123');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 7, message: CAPTCHA_REQUIRED_MESSAGE });
  });

  it('asks one client guessing across many phones for a captcha', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) await login(`139111300${String(i).padStart(2, '0')}`, 'nope1234', ip);
    expect((await login('13911130019', 'nope1234', ip)).json()).toMatchObject({
      code: 7,
      message: CAPTCHA_REQUIRED_MESSAGE,
    });
  });

  it('revokes the token on logout (code 3 afterwards)', async () => {
    await registered('13911120003');
    const { token } = (await login('13911120003', 'steel123')).json().data;
    const out = await t.app.inject({ method: 'POST', url: '/api/uaa/logout', headers: { 'x-token': token } });
    expect(out.json()).toEqual({ code: 0, message: 'ok', data: null });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/web/user/myInfo',
      headers: { 'x-token': token },
    });
    expect(after.json().code).toBe(3);
  });

  it('lets a stale stored token not block a login', async () => {
    await registered('13911120004');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      headers: { 'x-token': 'stale-token' },
      payload: { phone: '13911120004', password: 'steel123' },
      remoteAddress: newIp(),
    });
    expect(res.json().code).toBe(0);
  });
});

describe('profile', () => {
  it('updates the contact name, becomes a trader with a company, and changes the password', async () => {
    const { code } = await sendCode('13911140001');
    const { token } = (
      await register({ phone: '13911140001', code, password: 'steel123', linkMan: '旧名' })
    ).json().data;
    const headers = { 'x-token': token };
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/web/user/profile',
      headers,
      payload: { linkMan: '新名', company: '天津北钢贸易有限公司' },
    });
    expect(updated.json().data).toMatchObject({
      linkMan: '新名',
      role: 'trader',
      company: { name: '天津北钢贸易有限公司' },
    });

    const wrongOld = await t.app.inject({
      method: 'POST',
      url: '/api/web/user/password',
      headers,
      payload: { oldPassword: 'bad', newPassword: 'newpass99' },
    });
    expect(wrongOld.json()).toMatchObject({ code: 1, message: '原密码不正确' });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/web/user/password',
      headers,
      payload: { oldPassword: 'steel123', newPassword: 'newpass99' },
    });
    expect(changed.json().code).toBe(0);
    expect((await login('13911140001', 'newpass99')).json().code).toBe(0);
  });
});

describe('lockout that holds under parallel guessing', () => {
  async function registered(phone: string) {
    const { code } = await sendCode(phone);
    await register({ phone, code, password: 'steel123', linkMan: '测试' });
  }

  it('refuses the right password sent after 99 parallel wrong guesses, from one or many addresses', async () => {
    await registered('13911150001');
    const wrong = Array.from({ length: 99 }, (_, i) => login('13911150001', `wrong${1000 + i}`, newIp()));
    const right = login('13911150001', 'steel123', newIp());
    const answers = await Promise.all([...wrong, right]);
    const codes = answers.map((a) => a.json().code);
    // At most the first five are ever looked at; every other guess is refused unchecked.
    expect(codes.filter((c) => c === 1).length).toBeLessThanOrEqual(5);
    expect(codes.at(-1)).toBe(7);
    expect(codes.filter((c) => c === 0)).toHaveLength(0);
  });

  it('lets the owner in by SMS code while password login is locked, which lifts the lock', async () => {
    await registered('13911150002');
    for (let i = 0; i < 6; i++) await login('13911150002', 'nope1234');
    expect((await login('13911150002', 'steel123')).json().code).toBe(7);
    afterSmsWait();
    const { code } = await sendCode('13911150002', newIp(), 'login');
    const bySms = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/sms',
      payload: { phone: '13911150002', code },
      remoteAddress: newIp(),
    });
    expect(bySms.json().data.user.phone).toBe('13911150002');
    expect((await login('13911150002', 'steel123')).json().code).toBe(0);
  });

  it('does not count successful logins towards the lock', async () => {
    await registered('13911150003');
    const ip = newIp();
    for (let i = 0; i < 8; i++) expect((await login('13911150003', 'steel123', ip)).json().code).toBe(0);
  });
});

describe('SMS codes under parallel guessing', () => {
  it('refuses the right code sent after a burst of wrong guesses', async () => {
    const { code } = await sendCode('13911160001');
    const guesses = Array.from({ length: 20 }, (_, i) =>
      register({ phone: '13911160001', code: String(100000 + i), password: 'steel123', linkMan: '甲' }),
    );
    await Promise.all(guesses);
    const right = await register({ phone: '13911160001', code, password: 'steel123', linkMan: '甲' });
    expect(right.json()).toMatchObject({ code: 1, message: '验证码错误或已过期' });
  });

  it('does not use up the wait or the counts on a refused send', async () => {
    expect((await sendCode('13911160002', newIp())).res.json().code).toBe(0);
    // Refused: the phone must wait; the requester's minute and day must not be taken by the refusal.
    const ip = newIp();
    expect((await sendCode('13911160002', ip)).res.json().code).toBe(7);
    expect(await t.app.store.get(`sms:minute:c:${ip}`)).toBe('0');
    const today = dayString(new Date());
    expect(await t.app.store.get(`sms:day:c:${ip}:${today}`)).toBe('0');
    expect((await sendCode('13911160003', ip)).res.json().code).toBe(0);
  });
});

describe('password reset and change end other sessions', () => {
  async function registered(phone: string) {
    const { code } = await sendCode(phone);
    return (await register({ phone, code, password: 'steel123', linkMan: '测试' })).json().data
      .token as string;
  }
  const myInfo = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/web/user/myInfo', headers: { 'x-token': token } });

  it('resets the password by SMS code and logs every device out', async () => {
    const first = await registered('13911170001');
    const second = (await login('13911170001', 'steel123')).json().data.token;
    afterSmsWait();
    const { code } = await sendCode('13911170001', newIp(), 'reset');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/password/reset',
      payload: { phone: '13911170001', code: code === '000000' ? '111111' : '000000', password: 'fresh2024' },
      remoteAddress: newIp(),
    });
    expect(wrong.json()).toMatchObject({ code: 1, message: '验证码错误或已过期' });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/password/reset',
      payload: { phone: '13911170001', code, password: 'fresh2024' },
      remoteAddress: newIp(),
    });
    expect(reset.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await myInfo(first)).json().code).toBe(3);
    expect((await myInfo(second)).json().code).toBe(3);
    expect((await login('13911170001', 'steel123')).json().code).toBe(1);
    expect((await login('13911170001', 'fresh2024')).json().code).toBe(0);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/password/reset',
      payload: { phone: '13911170001', code, password: 'again2024' },
      remoteAddress: newIp(),
    });
    expect(reused.json().code).toBe(1);
  });

  it('keeps the session that changed the password and ends the others', async () => {
    const current = await registered('13911170002');
    const other = (await login('13911170002', 'steel123')).json().data.token;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/web/user/password',
      headers: { 'x-token': current },
      payload: { oldPassword: 'steel123', newPassword: 'newpass99' },
    });
    expect(changed.json().code).toBe(0);
    expect((await myInfo(current)).json().code).toBe(0);
    expect((await myInfo(other)).json().code).toBe(3);
  });
});

describe('SMS-code login and reset codes', () => {
  async function registered(phone: string) {
    const { code } = await sendCode(phone);
    await register({ phone, code, password: 'steel123', linkMan: '测试' });
    // The registration code took this phone's 60 s wait: the next code comes after it.
    afterSmsWait();
  }
  const smsLogin = (phone: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/sms',
      payload: { phone, code },
      remoteAddress: newIp(),
    });
  const reset = (phone: string, code: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uaa/password/reset',
      payload: { phone, code, password },
      remoteAddress: newIp(),
    });
  const notThe = (code: string) => (code === '000000' ? '111111' : '000000');
  const refused = { code: 1, message: '验证码错误或已过期', data: null, requestId: expect.any(String) };

  it('refuses a wrong code, logs in with the right one, and refuses it the second time', async () => {
    await registered('13911190001');
    const { code } = await sendCode('13911190001', newIp(), 'login');
    const wrong = await smsLogin('13911190001', notThe(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(refused);

    const good = await smsLogin('13911190001', code);
    const { token, user } = good.json().data;
    expect(user).toMatchObject({ phone: '13911190001', linkMan: '测试' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/web/user/myInfo',
      headers: { 'x-token': token },
    });
    expect(me.json().data.phone).toBe('13911190001');

    expect((await smsLogin('13911190001', code)).json()).toEqual(refused);
  });

  it('refuses a login code once its 5 minutes are over', async () => {
    await registered('13911190002');
    const { code } = await sendCode('13911190002', newIp(), 'login');
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    expect((await smsLogin('13911190002', code)).json()).toEqual(refused);
  });

  it('does not log in with a reset code, nor reset with a login code', async () => {
    await registered('13911190003');
    const resetCode = (await sendCode('13911190003', newIp(), 'reset')).code;
    expect((await smsLogin('13911190003', resetCode)).json()).toEqual(refused);
    vi.setSystemTime(Date.now() + 61_000);
    const loginCode = (await sendCode('13911190003', newIp(), 'login')).code;
    expect((await reset('13911190003', loginCode, 'fresh2024')).json()).toEqual(refused);
    expect((await login('13911190003', 'steel123')).json().code).toBe(0);
  });

  it('sends an unregistered phone no login code, so a code login is refused like a wrong code', async () => {
    const { res, code } = await sendCode('13911190004', newIp(), 'login');
    expect(res.json().code).toBe(0);
    expect(code).toBe('');
    expect((await smsLogin('13911190004', '123456')).json()).toEqual(refused);
  });

  it('refuses a reset code once its 5 minutes are over and keeps the old password', async () => {
    await registered('13911190005');
    const { code } = await sendCode('13911190005', newIp(), 'reset');
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    expect((await reset('13911190005', code, 'fresh2024')).json()).toEqual(refused);
    expect((await login('13911190005', 'fresh2024')).json().code).toBe(1);
    expect((await login('13911190005', 'steel123')).json().code).toBe(0);
  });
});
