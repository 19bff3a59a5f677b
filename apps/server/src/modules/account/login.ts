/**
 * Logging in: by password, throttled so that nothing a stranger does locks the owner out (issue
 * 28), by SMS code, and the session every way in ends with (`issueLogin`, QR logins too).
 * Operators' logins are audited, successes and failures.
 */
import {
  CAPTCHA_REQUIRED_MESSAGE,
  CAPTCHA_REQUIRED_MESSAGE_EN,
  CAPTCHA_WRONG_MESSAGE,
  CAPTCHA_WRONG_MESSAGE_EN,
  type MyInfo,
  maskPhone,
} from '@steelport/contracts';
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../dates.ts';
import { BusinessError, TooMany } from '../../errors.ts';
import type { LoginOutcome } from '../../metrics.ts';
import { type LocalText, say } from '../../text.ts';
import { recordAudit } from '../audit/service.ts';
import { newCaptcha, solveCaptcha } from '../search/guard.ts';
import { verifyPassword } from './passwords.ts';
import * as repo from './repo.ts';
import type { AccountDeps, AccountService } from './service.ts';
import { createSession } from './sessions.ts';

/**
 * Password failures (issue 28): nothing a stranger does locks the owner out. One phone *and*
 * address together get LOGIN_FREE_FAILURES tries, then wait LOGIN_DELAY_BASE_MS before the next,
 * doubling with each further failure up to LOGIN_DELAY_MAX_MS; other addresses are not slowed.
 * A phone failed more than LOGIN_PHONE_FREE_FAILURES times from anywhere (guessing spread over
 * many addresses), or an address failing more than LOGIN_CLIENT_FREE_FAILURES times over any
 * phones (one address trying many phones, or a busy office), asks for an image captcha instead
 * of refusing. Counts live LOGIN_FAILURE_WINDOW_MS from their first failure.
 */
export const LOGIN_FREE_FAILURES = 3;
export const LOGIN_DELAY_BASE_MS = 30 * SECOND_MS;
export const LOGIN_DELAY_MAX_MS = 15 * MINUTE_MS;
export const LOGIN_PHONE_FREE_FAILURES = 5;
export const LOGIN_CLIENT_FREE_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = HOUR_MS;

/** The wait after the `failures`-th failure of one phone and address (none before the free ones). */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_BASE_MS * 2 ** (failures - LOGIN_FREE_FAILURES));
}

/** What a phone and address waiting `ms` more are told. */
function heldMessage(ms: number): LocalText {
  const seconds = Math.max(1, Math.ceil(ms / SECOND_MS));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds}秒` : `${minutes}分钟`;
  const waitEn = seconds < 60 ? `${seconds} s` : `${minutes} min`;
  return say(
    `登录失败次数过多，请${wait}后再试，或使用短信验证码登录`,
    `Too many failed logins; try again in ${waitEn}, or log in with an SMS code`,
  );
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** the request's id, for the audit row of an operator's login */
  requestId?: string;
}

/** The ways into an account, as an operator's login is audited. */
export type LoginWay = 'password' | 'sms' | 'qr' | 'register';

/** What a disabled user is told when logging in (any way). */
export const DISABLED_MESSAGE = say(
  '该账号已被停用，请联系客服',
  'This account has been disabled; please contact customer service',
);

/** The ways in: password and SMS logins (counted by how they ended) and the session they end with. */
export function loginMethods(
  deps: AccountDeps,
  myInfo: (userId: number) => Promise<MyInfo>,
): Pick<AccountService, 'issueLogin' | 'passwordLogin' | 'captcha' | 'smsLogin'> {
  const { db, store, sms, log } = deps;
  /** Runs a login, telling `onLogin` how it ended: `outcome` as the attempt last set it, or success. */
  const counted = async <T>(
    way: 'password' | 'sms',
    attempt: (end: (outcome: LoginOutcome) => void) => Promise<T>,
  ): Promise<T> => {
    let outcome: LoginOutcome = 'error';
    try {
      const result = await attempt((o) => {
        outcome = o;
      });
      outcome = 'success';
      return result;
    } finally {
      deps.onLogin?.(way, outcome);
    }
  };

  /**
   * Operators' logins are audited, successes and failures, whichever way they come in (issue 18):
   * `account.login` with the way (password, sms, qr, register) or `account.login_failed`.
   */
  const auditOperatorLogin = async (
    userId: number,
    client: ClientInfo,
    action: 'account.login' | 'account.login_failed',
    via: LoginWay,
  ) => {
    const ctx = { operatorId: userId, ip: client.ip, requestId: client.requestId ?? '' };
    await recordAudit(db, ctx, { action, entity: 'user', entityId: userId, before: null, after: { via } });
  };

  const issueLogin: AccountService['issueLogin'] = async (userId, clientId, client, via = 'qr') => {
    const state = await repo.loginStateOf(db, userId);
    if (state?.disabled) throw new BusinessError(DISABLED_MESSAGE);
    const token = await createSession(db, { userId, clientId, ip: client.ip, userAgent: client.userAgent });
    if (state?.role === 'admin') await auditOperatorLogin(userId, client, 'account.login', via);
    return { token, user: await myInfo(userId) };
  };

  return {
    issueLogin,

    passwordLogin: (phone, password, client, captcha) =>
      counted('password', async (end) => {
        const pairKey = `login:fail:pc:${phone}|${client.ip}`;
        const holdKey = `login:hold:${phone}|${client.ip}`;
        const phoneKey = `login:fail:p:${phone}`;
        const clientKey = `login:fail:c:${client.ip}`;
        // Reserve the attempt before the slow hash check: parallel guesses each draw a number
        // atomically, so those past a limit are refused without their password being looked at.
        // A refused attempt hands its reservations back; a successful one too; a failed one keeps them.
        const pair = await store.incr(pairKey, LOGIN_FAILURE_WINDOW_MS);
        const onPhone = await store.incr(phoneKey, LOGIN_FAILURE_WINDOW_MS);
        const fromClient = await store.incr(clientKey, LOGIN_FAILURE_WINDOW_MS);
        let tookHold = false;
        try {
          if (pair > LOGIN_FREE_FAILURES) {
            // One try per wait: the hold is taken atomically, so of parallel tries one gets through.
            const waitMs = loginDelayMs(pair);
            tookHold = await store.setIfAbsent(holdKey, String(Date.now() + waitMs), waitMs);
            if (!tookHold) {
              end('held');
              throw new TooMany(heldMessage(Number((await store.get(holdKey)) ?? 0) - Date.now()));
            }
          }
          if (onPhone > LOGIN_PHONE_FREE_FAILURES || fromClient > LOGIN_CLIENT_FREE_FAILURES) {
            if (!captcha?.captchaId || !captcha.captchaText) {
              end('captcha_required');
              throw new TooMany(say(CAPTCHA_REQUIRED_MESSAGE, CAPTCHA_REQUIRED_MESSAGE_EN));
            }
            if (!(await solveCaptcha(store, captcha.captchaId, captcha.captchaText))) {
              end('captcha_wrong');
              throw new BusinessError(say(CAPTCHA_WRONG_MESSAGE, CAPTCHA_WRONG_MESSAGE_EN));
            }
          }
        } catch (refused) {
          if (tookHold) await store.del(holdKey);
          for (const key of [pairKey, phoneKey, clientKey]) await store.decr(key);
          throw refused;
        }
        const user = await repo.findLoginByPhone(db, phone);
        const valid = await verifyPassword(user?.passwordHash ?? null, password);
        // The same words whether or not the phone is registered.
        if (!user || !valid) {
          const waitMs = loginDelayMs(pair);
          if (waitMs > 0) await store.set(holdKey, String(Date.now() + waitMs), waitMs);
          if (onPhone === LOGIN_PHONE_FREE_FAILURES) {
            // Operators hear once per window of a phone that now asks for a captcha (failures keep
            // their count, so this is its one crossing): someone may be guessing it.
            log?.warn(
              { phone: maskPhone(phone), ip: client.ip },
              'password login asks for a captcha after repeated failures',
            );
          }
          if (user?.role === 'admin')
            await auditOperatorLogin(user.id, client, 'account.login_failed', 'password');
          end(user ? 'wrong_password' : 'unregistered');
          throw new BusinessError(say('手机号或密码错误', 'Wrong phone number or password'));
        }
        // The right password from this address: its own failures are forgiven; the phone's and the
        // address's counts only get this attempt back (a guesser elsewhere keeps its captcha).
        await store.del(pairKey);
        await store.del(holdKey);
        await store.decr(phoneKey);
        await store.decr(clientKey);
        if (user.disabledAt) {
          end('disabled');
          throw new BusinessError(DISABLED_MESSAGE);
        }
        return issueLogin(user.id, 1, client, 'password');
      }),

    captcha: () => newCaptcha(store),

    smsLogin: (phone, code, client) =>
      counted('sms', async (end) => {
        // The way in for an owner whose password login is locked by someone else's guesses: the
        // code went to the owner's phone, and its own attempts are limited (sms.ts).
        const userId = await repo.findUserIdByPhone(db, phone);
        try {
          await sms.verify(phone, 'login', code);
        } catch (refused) {
          end('wrong_code');
          if (userId !== null && (await repo.loginStateOf(db, userId))?.role === 'admin') {
            await auditOperatorLogin(userId, client, 'account.login_failed', 'sms');
          }
          throw refused;
        }
        if (userId === null) {
          end('unregistered');
          throw new BusinessError(
            say('该手机号尚未注册，请先注册', 'This phone number is not registered; please register first'),
          );
        }
        // The owner proved to hold the phone: its password captcha and this address's waits end.
        await store.del(`login:fail:p:${phone}`);
        await store.del(`login:fail:pc:${phone}|${client.ip}`);
        await store.del(`login:hold:${phone}|${client.ip}`);
        return issueLogin(userId, 1, client, 'sms');
      }),
  };
}
