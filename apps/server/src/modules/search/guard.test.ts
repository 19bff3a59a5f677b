import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../store/index.ts';
import { searchGuard } from './guard.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('search guard', () => {
  it('holds a client past the limit until it passes the captcha, even once its rate drops', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:30+08:00'));
    const store = memoryStore();
    const guard = searchGuard(store, 5);
    for (let i = 0; i < 5; i++) await guard.check('a');
    await expect(guard.check('a')).rejects.toMatchObject({ code: 7 });

    // Two minutes on, the sliding window is empty, but the client still owes the captcha;
    // another client was never held.
    vi.setSystemTime(new Date('2026-11-26T10:02:40+08:00'));
    await expect(guard.check('a')).rejects.toMatchObject({ code: 7 });
    await guard.check('b');

    const { captchaId } = await guard.captcha();
    const answer = (await store.get(`captcha:${captchaId}`)) ?? '';
    await guard.pass('a', captchaId, answer);
    await guard.check('a');
  });
});
