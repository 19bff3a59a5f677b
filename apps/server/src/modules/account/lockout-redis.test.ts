/**
 * The login lockout and the SMS-code attempts where production keeps them: in Redis, shared by
 * every instance. Runs when TEST_REDIS_URL is set (CI sets it); phones and addresses are random
 * so the PGlite and PostgreSQL runs, which share the one Redis, never meet.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const t = useTestApp(redisUrl ? { REDIS_URL: redisUrl } : {});
const phone = () => `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const ip = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

describe.skipIf(!redisUrl)('lockout on Redis', () => {
  it('refuses the right password after 99 parallel wrong guesses', async () => {
    expect(t.app.store.kind).toBe('redis');
    const who = phone();
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/sms/send',
      payload: { phone: who, purpose: 'register' },
      remoteAddress: ip(),
    });
    expect(send.json().code).toBe(0);
    const text = (await t.app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${who}` })).json().data
      .text;
    const code = /验证码是(\d{6})/.exec(text)?.[1];
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/register',
      payload: { phone: who, code, password: 'steel123', linkMan: '测试' },
      remoteAddress: ip(),
    });
    expect(reg.json().code).toBe(0);

    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uaa/login/password',
        payload: { phone: who, password },
        remoteAddress: ip(),
      });
    const answers = await Promise.all([
      ...Array.from({ length: 99 }, (_, i) => login(`wrong${1000 + i}`)),
      login('steel123'),
    ]);
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 1).length).toBeLessThanOrEqual(5);
    expect(codes.at(-1)).toBe(7);
  });

  it('refuses the right SMS code after a burst of wrong guesses', async () => {
    const who = phone();
    await t.app.inject({
      method: 'POST',
      url: '/api/uaa/sms/send',
      payload: { phone: who, purpose: 'register' },
      remoteAddress: ip(),
    });
    const text = (await t.app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${who}` })).json().data
      .text;
    const code = /验证码是(\d{6})/.exec(text)?.[1] as string;
    const register = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uaa/register',
        payload: { phone: who, code: c, password: 'steel123', linkMan: '甲' },
        remoteAddress: ip(),
      });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register(String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
      ),
    );
    expect((await register(code)).json()).toMatchObject({ code: 1, message: '验证码错误或已过期' });
  });
});
