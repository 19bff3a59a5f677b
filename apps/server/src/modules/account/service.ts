/**
 * Accounts: registration by phone with an SMS code, password login with throttling, logout,
 * the member's own profile, and operator promotion for the CLI. Every login answers
 * `{ token, user }`. Rules and transactions live here; SQL in repo.ts; shapes in present.ts.
 */
import {
  type BeanMovement,
  CAPTCHA_REQUIRED_MESSAGE,
  CAPTCHA_REQUIRED_MESSAGE_EN,
  CAPTCHA_WRONG_MESSAGE,
  CAPTCHA_WRONG_MESSAGE_EN,
  type Captcha,
  type Lang,
  type LoginResult,
  type MyInfo,
  maskPhone,
  type PageOf,
  type PageQuery,
  type RegisterBody,
} from '@steelport/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, NotFound, TooMany } from '../../errors.ts';
import type { LoginOutcome } from '../../metrics.ts';
import type { KvStore } from '../../store/index.ts';
import { type LocalText, say } from '../../text.ts';
import { recordAudit } from '../audit/service.ts';
import { newCaptcha, solveCaptcha } from '../search/guard.ts';
import { claimSeats } from '../seats/service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { presentBeanMovement, presentMyInfo } from './present.ts';
import * as repo from './repo.ts';
import { createSession, type NewSession } from './sessions.ts';
import type { CaptchaAnswer, SmsCodes } from './sms.ts';

/** Beans every new member starts with, so the first contact unlock can be tried. */
export const SIGNUP_BEANS = 10;
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

export interface AccountService {
  register(input: RegisterBody, client: ClientInfo): Promise<LoginResult>;
  /** Code 7 while this phone and address wait, or when a captcha is needed and missing. */
  passwordLogin(
    phone: string,
    password: string,
    client: ClientInfo,
    captcha?: CaptchaAnswer,
  ): Promise<LoginResult>;
  /** A new image captcha for the login forms (the search guard's images, one answer per request). */
  captcha(): Promise<Captcha>;
  /** Creates a session for a user and answers like a login (`via`: how it logged in, qr unless told). */
  issueLogin(userId: number, clientId: number, client: ClientInfo, via?: LoginWay): Promise<LoginResult>;
  /** Ends one session (logout). */
  logout(sessionId: number): Promise<void>;
  /** The caller's own profile; code 6 when the user is gone. */
  myInfo(userId: number): Promise<MyInfo>;
  /** Changes contact and company (naming a company makes the user a trader); answers myInfo. */
  updateProfile(userId: number, linkMan: string, company: string | undefined): Promise<MyInfo>;
  /** Keeps the portal language the user chose (users.lang); answers myInfo. */
  setLang(userId: number, lang: Lang): Promise<MyInfo>;
  /** Changes the password and ends every other session of the user. */
  changePassword(userId: number, sessionId: number, oldPassword: string, newPassword: string): Promise<void>;
  /** Logs in with an SMS code (purpose `login`); also lifts the phone's password captcha and waits. */
  smsLogin(phone: string, code: string, client: ClientInfo): Promise<LoginResult>;
  /** Sets a new password with an SMS code (purpose `reset`) and ends every session. */
  resetPassword(phone: string, code: string, newPassword: string): Promise<void>;
  /** One page of the user's own bean ledger (钢豆明细), newest first. */
  beanHistory(userId: number, query: PageQuery): Promise<PageOf<BeanMovement>>;
}

/** The account service over a database, the shared store and the SMS codes. */
export function accountService(deps: {
  db: Db;
  store: KvStore;
  sms: SmsCodes;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Counts each password or SMS login by how it ended (the metrics' `steelport_logins_total`). */
  onLogin?: (way: 'password' | 'sms', outcome: LoginOutcome) => void;
}): AccountService {
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

  const myInfo = async (userId: number): Promise<MyInfo> => {
    const info = presentMyInfo(await repo.loadMyInfoRows(db, userId));
    if (!info) throw new NotFound(say('用户不存在', 'User not found'));
    return info;
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
    myInfo,

    async register(input, client) {
      if ((await repo.findUserIdByPhone(db, input.phone)) !== null) {
        throw new BusinessError(
          say('该手机号已注册，请直接登录', 'This phone number is already registered; please log in'),
        );
      }
      await sms.verify(input.phone, 'register', input.code);
      const passwordHash = await hashPassword(input.password);
      const companyName = input.company?.trim();
      const userId = await db.transaction(async (tx) => {
        let companyId: number | null = null;
        if (companyName) {
          if (await repo.companyNameTaken(tx, companyName)) {
            throw new BusinessError(
              say(
                '该公司名称已被注册，请联系客服认领',
                'This company name is already registered; contact customer service to claim it',
              ),
            );
          }
          companyId = await repo.insertCompany(tx, {
            name: companyName,
            contactName: input.linkMan,
            contactPhone: input.phone,
          });
          if (companyId === null)
            throw new BusinessError(
              say(
                '该公司名称已被注册，请联系客服认领',
                'This company name is already registered; contact customer service to claim it',
              ),
            );
        }
        const id = await repo.insertUser(tx, {
          phone: input.phone,
          passwordHash,
          linkMan: input.linkMan,
          role: companyId ? 'trader' : 'member',
          companyId,
          beans: SIGNUP_BEANS,
        });
        // Two registrations racing for one phone: the unique index lets one through.
        if (id === null)
          throw new BusinessError(
            say('该手机号已注册，请直接登录', 'This phone number is already registered; please log in'),
          );
        await repo.insertBeanMovement(tx, {
          userId: id,
          delta: SIGNUP_BEANS,
          balanceAfter: SIGNUP_BEANS,
          refType: 'signup',
          note: '注册赠送钢豆',
        });
        // A colleague invited to a 企业会员 seat is seated by registering the invited phone.
        await claimSeats(
          tx,
          { id, phone: input.phone },
          { operatorId: id, ip: client.ip, requestId: client.requestId ?? '' },
        );
        return id;
      });
      return issueLogin(userId, 1, client, 'register');
    },

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

    async resetPassword(phone, code, newPassword) {
      await sms.verify(phone, 'reset', code);
      const userId = await repo.findUserIdByPhone(db, phone);
      if (userId === null)
        throw new BusinessError(
          say('该手机号尚未注册，请先注册', 'This phone number is not registered; please register first'),
        );
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, userId, { passwordHash });
        // Whoever knew the old password is out: every session of the user ends.
        await repo.revokeOtherSessions(tx, userId, null);
      });
      await store.del(`login:fail:p:${phone}`);
    },

    logout: (sessionId) => repo.revokeSession(db, sessionId),

    async beanHistory(userId, { page, pageSize }) {
      const { list, total } = await repo.beanMovementsPage(db, userId, page, pageSize);
      return { list: list.map(presentBeanMovement), total, page, pageSize };
    },

    async updateProfile(userId, linkMan, company) {
      await db.transaction(async (tx) => {
        const user = await repo.findUser(tx, userId);
        if (!user) throw new NotFound(say('用户不存在', 'User not found'));
        await repo.updateUser(tx, userId, { linkMan });
        const companyName = company?.trim();
        if (!companyName) return;
        if (user.companyId) {
          // The full name is fixed once set: another firm's name must not be one edit away. A
          // change goes through an operator (PUT /api/admin/users/{id}/company, audited).
          if ((await repo.companyNameOf(tx, user.companyId)) !== companyName) {
            throw new BusinessError(
              say(
                '公司全称确定后不能自行修改，如需变更请联系客服',
                "The company's full name cannot be changed once set; please contact customer service to change it",
              ),
            );
          }
          await repo.updateCompanyContact(tx, user.companyId, linkMan);
          return;
        }
        const companyId = await repo.insertCompany(tx, {
          name: companyName,
          contactName: linkMan,
          contactPhone: user.phone,
        });
        if (companyId === null)
          throw new BusinessError(
            say(
              '该公司名称已被注册，请联系客服认领',
              'This company name is already registered; contact customer service to claim it',
            ),
          );
        await repo.updateUser(tx, userId, { companyId, role: user.role === 'admin' ? 'admin' : 'trader' });
      });
      return myInfo(userId);
    },

    async setLang(userId, lang) {
      await repo.updateUser(db, userId, { lang });
      return myInfo(userId);
    },

    async changePassword(userId, sessionId, oldPassword, newPassword) {
      const stored = await repo.passwordHashOf(db, userId);
      if (stored === undefined) throw new NotFound(say('用户不存在', 'User not found'));
      if (stored && !(await verifyPassword(stored, oldPassword))) {
        throw new BusinessError(say('原密码不正确', 'The current password is wrong'));
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, userId, { passwordHash });
        // Other devices logged in with the old password are logged out; this one stays.
        await repo.revokeOtherSessions(tx, userId, sessionId);
      });
    },
  };
}

/** Whether a user has this phone (SMS login and reset codes go to registered numbers only). */
export async function phoneRegistered(db: DbOrTx, phone: string): Promise<boolean> {
  return (await repo.findUserIdByPhone(db, phone)) !== null;
}

/** The language the user of `phone` chose (their SMS speak it), null for none or no such user. */
export async function langOfPhone(db: DbOrTx, phone: string): Promise<Lang | null> {
  return repo.langOfPhone(db, phone);
}

/**
 * The operator alert of an exhausted hourly SMS budget (pumping, or a real rush that needs a
 * bigger SMS_HOURLY_BUDGET): a row `sms.budget_exhausted` in the audit log, which the console's
 * 操作日志 lists and filters by action, and an error log line for whatever watches the logs.
 * Called once per clock hour; a failure to record is logged, never thrown at the refused sender.
 */
export async function alertSmsBudget(
  db: DbOrTx,
  log: Pick<FastifyBaseLogger, 'error'>,
  hour: string,
  budget: number,
): Promise<void> {
  log.error({ hour, budget }, 'SMS hourly budget exhausted: sends refused until the next hour');
  try {
    await recordAudit(
      db,
      { operatorId: null, ip: '', requestId: '' },
      {
        action: 'sms.budget_exhausted',
        entity: 'sms',
        entityId: hour,
        before: null,
        after: { hour, budget },
      },
    );
  } catch (failure) {
    log.error({ err: failure }, 'could not record the SMS budget alert');
  }
}

/** What the operator CLI did. */
export type AdminOutcome = { kind: 'promoted'; linkMan: string } | { kind: 'created' };

/**
 * Makes `phone` an operator: promotes an existing user (optionally resetting the password and
 * name) or creates one (a password is then required). Audited either way.
 */
export async function makeAdmin(
  db: Db,
  input: { phone: string; password?: string | undefined; name?: string | undefined },
): Promise<AdminOutcome> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const existing = await repo.findUserByPhone(db, input.phone);
  if (existing) {
    await db.transaction(async (tx) => {
      await repo.updateUser(tx, existing.id, {
        role: 'admin',
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.name ? { linkMan: input.name } : {}),
      });
      await repo.insertAudit(tx, {
        action: 'user.promote_admin',
        entity: 'user',
        entityId: String(existing.id),
        before: { role: existing.role },
        after: { role: 'admin' },
      });
    });
    return { kind: 'promoted', linkMan: existing.linkMan };
  }
  if (!passwordHash) throw new Error(`no user ${input.phone}: give --password to create the operator`);
  await db.transaction(async (tx) => {
    const id = await repo.insertUser(tx, {
      phone: input.phone,
      passwordHash,
      linkMan: input.name ?? '运营',
      role: 'admin',
    });
    if (id === null) throw new Error(`${input.phone} was registered meanwhile; run again to promote it`);
    await repo.insertAudit(tx, {
      action: 'user.create_admin',
      entity: 'user',
      entityId: String(id),
      after: { phone: input.phone, role: 'admin' },
    });
  });
  return { kind: 'created' };
}

/**
 * The user's own profile (myInfo) on any connection, or null for no such user: the VIP module
 * answers the membership entries with it after a payment.
 */
export async function myInfoOf(db: DbOrTx, userId: number): Promise<MyInfo | null> {
  return presentMyInfo(await repo.loadMyInfoRows(db, userId));
}

/**
 * A session for the user with `phone` (end-to-end test hooks only): null when there is no such
 * user.
 */
export async function sessionForPhone(
  db: Db,
  phone: string,
  opts: Pick<NewSession, 'ttlMs'>,
): Promise<LoginResult | null> {
  const userId = await repo.findUserIdByPhone(db, phone);
  if (userId === null) return null;
  const token = await createSession(db, { userId, ...opts });
  const user = presentMyInfo(await repo.loadMyInfoRows(db, userId));
  return user ? { token, user } : null;
}
