/**
 * Anti-scraping for the lot searches. Each client (IP plus user) has a sliding one-minute
 * window, estimated from this and the previous minute's counters; beyond SEARCHES_PER_MINUTE
 * the client is held (for CAPTCHA_HOLD_MS at most) and its searches answer code 7 until it passes
 * an image captcha, which then lets it search freely for CAPTCHA_PASS_MS. The hold does not lift
 * by itself when the rate drops a few seconds later: a scraper that slows down just under the
 * limit still owes the captcha.
 */
import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { MINUTE_MS } from '../../dates.ts';
import { BusinessError, TooMany } from '../../errors.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';

export const SEARCHES_PER_MINUTE = 60;
export const CAPTCHA_PASS_MS = 10 * MINUTE_MS;
export const CAPTCHA_HOLD_MS = 10 * MINUTE_MS;
const CAPTCHA_TTL_MS = 5 * MINUTE_MS;

export interface SearchGuard {
  /** Counts one search; throws code 7 when the client must pass a captcha first. */
  check(client: string): Promise<void>;
  captcha(): Promise<{ captchaId: string; svg: string }>;
  /** Verifies a captcha answer; a right one lets the client search again. */
  pass(client: string, captchaId: string, text: string): Promise<void>;
}

/**
 * A new image captcha kept in the shared store for CAPTCHA_TTL_MS. Also the login forms'
 * captcha (account module), which needs one right answer per request rather than a pass.
 */
export async function newCaptcha(store: KvStore): Promise<{ captchaId: string; svg: string }> {
  const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1ilI', color: true });
  const captchaId = randomBytes(12).toString('base64url');
  await store.set(`captcha:${captchaId}`, text.toLowerCase(), CAPTCHA_TTL_MS);
  return { captchaId, svg: data };
}

/** Whether `text` answers the captcha; one answer per captcha, right or wrong. */
export async function solveCaptcha(store: KvStore, captchaId: string, text: string): Promise<boolean> {
  const key = `captcha:${captchaId}`;
  const expected = await store.get(key);
  // Dropped before comparing, so it cannot be guessed at leisure.
  await store.del(key);
  return Boolean(expected) && expected === text.trim().toLowerCase();
}

/** The search guard over the shared store. */
export function searchGuard(store: KvStore, limit = SEARCHES_PER_MINUTE): SearchGuard {
  return {
    async check(client) {
      const now = Date.now();
      const minute = Math.floor(now / MINUTE_MS);
      // One round trip, not four: the four commands go out together (Redis pipelines them on
      // its one connection). The minute is counted even while a pass is held; a client still past
      // the limit when its pass ends is asked again at once instead of after another 60 searches.
      const [passed, held, current, previousCount] = await Promise.all([
        store.get(`captcha:pass:${client}`),
        store.get(`captcha:hold:${client}`),
        store.incr(`scrape:${client}:${minute}`, 2 * MINUTE_MS),
        store.get(`scrape:${client}:${minute - 1}`),
      ]);
      if (passed) return;
      if (held)
        throw new TooMany(
          say(
            '搜索过于频繁，请输入图片验证码后继续',
            'Too many searches; enter the characters in the picture to continue',
          ),
        );
      const previous = Number(previousCount ?? 0);
      // The part of the previous minute that still lies inside the last 60 seconds.
      const overlap = 1 - (now % MINUTE_MS) / MINUTE_MS;
      if (current + previous * overlap > limit) {
        await store.set(`captcha:hold:${client}`, '1', CAPTCHA_HOLD_MS);
        throw new TooMany(
          say(
            '搜索过于频繁，请输入图片验证码后继续',
            'Too many searches; enter the characters in the picture to continue',
          ),
        );
      }
    },

    captcha: () => newCaptcha(store),

    async pass(client, captchaId, text) {
      if (!(await solveCaptcha(store, captchaId, text)))
        throw new BusinessError(
          say('验证码错误，请重新输入', 'Wrong verification code; please enter it again'),
        );
      await store.set(`captcha:pass:${client}`, '1', CAPTCHA_PASS_MS);
      await store.del(`captcha:hold:${client}`);
    },
  };
}
