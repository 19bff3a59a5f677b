/** The end-to-end hooks of the login captcha (TEST_HOOKS only): a phone guessed from elsewhere, an image's answer. */
import { CAPTCHA_REQUIRED_MESSAGE } from '@steelport/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { hashPassword } from '../account/passwords.ts';
import { LOGIN_PHONE_FREE_FAILURES } from '../account/service.ts';

const t = useTestApp({ TEST_HOOKS: '1' });

const login = (phone: string, captcha: { captchaId?: string; captchaText?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uaa/login/password',
    payload: { phone, password: 'steel2026', ...captcha },
    remoteAddress: '10.0.3.1',
  });

const answerOf = (captchaId: string) =>
  t.app.inject({ method: 'GET', url: `/api/test/captcha/${captchaId}` });

describe('POST /api/test/login/guess and GET /api/test/captcha/{captchaId}', () => {
  it('make the phone ask for the captcha everywhere, and answer the image so the owner gets in', async () => {
    const user = await makeUser(t.db);
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('steel2026') })
      .where(eq(users.id, user.id));

    const guessed = await t.app.inject({
      method: 'POST',
      url: '/api/test/login/guess',
      payload: { phone: user.phone },
    });
    expect(guessed.json()).toEqual({ code: 0, message: 'ok', data: { failures: LOGIN_PHONE_FREE_FAILURES } });
    // An address that never failed is asked too, even with the right password.
    expect((await login(user.phone)).json()).toMatchObject({ code: 7, message: CAPTCHA_REQUIRED_MESSAGE });

    const image = await t.app.inject({ method: 'GET', url: '/api/uaa/captcha', remoteAddress: '10.0.3.1' });
    const { captchaId } = image.json().data as { captchaId: string };
    const answer = await answerOf(captchaId);
    expect(answer.statusCode).toBe(200);
    const { text } = answer.json().data as { text: string };
    expect(text).toMatch(/^[a-z0-9]{4}$/i);
    // Reading the answer does not spend the image.
    const passed = await login(user.phone, { captchaId, captchaText: text });
    expect(passed.json().code).toBe(0);
    expect(passed.json().data.token).toEqual(expect.any(String));
    // Answered once, it is gone.
    expect((await answerOf(captchaId)).statusCode).toBe(404);
  });

  it('refuses an id that is unknown or not a captcha id', async () => {
    expect((await answerOf('AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const prefixed = await answerOf('pass:10.0.3.1');
    expect(prefixed.statusCode).toBe(400);
  });
});
