/**
 * Accounts: registration by phone with an SMS code (`registration.ts`), password, SMS and QR
 * logins with throttling (`login.ts`), logout, the member's own profile and password, and
 * operator promotion for the CLI (`operators.ts`). Every login answers `{ token, user }`. Rules
 * and transactions live here; SQL in repo.ts; shapes in present.ts.
 */
import type {
  BeanMovement,
  Captcha,
  Lang,
  LoginResult,
  MyInfo,
  PageOf,
  PageQuery,
  RegisterBody,
  Role,
} from '@steelport/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import type { LoginOutcome } from '../../metrics.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import { beanHistory } from '../beans/service.ts';
import { type ClientInfo, type LoginWay, loginMethods } from './login.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { presentMyInfo } from './present.ts';
import { registrationMethods } from './registration.ts';
import * as repo from './repo.ts';
import { createSession, type NewSession } from './sessions.ts';
import type { CaptchaAnswer, SmsCodes } from './sms.ts';

export {
  type ClientInfo,
  DISABLED_MESSAGE,
  LOGIN_CLIENT_FREE_FAILURES,
  LOGIN_DELAY_BASE_MS,
  LOGIN_DELAY_MAX_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_PHONE_FREE_FAILURES,
  type LoginWay,
  loginDelayMs,
} from './login.ts';
export { type AdminOutcome, alertSmsBudget, makeAdmin } from './operators.ts';

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

/** What the account service is built over. */
export interface AccountDeps {
  db: Db;
  store: KvStore;
  sms: SmsCodes;
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
  /** Counts each password or SMS login by how it ended (the metrics' `steelport_logins_total`). */
  onLogin?: ((way: 'password' | 'sms', outcome: LoginOutcome) => void) | undefined;
}

/** The account service over a database, the shared store and the SMS codes. */
export function accountService(deps: AccountDeps): AccountService {
  const { db, store, sms } = deps;

  const myInfo = async (userId: number): Promise<MyInfo> => {
    const info = presentMyInfo(await repo.loadMyInfoRows(db, userId));
    if (!info) throw new NotFound(say('用户不存在', 'User not found'));
    return info;
  };

  const login = loginMethods(deps, myInfo);
  return {
    ...login,
    ...registrationMethods(deps, login.issueLogin),
    myInfo,

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

    beanHistory: (userId, query) => beanHistory(db, userId, query),

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
 * The user's own profile (myInfo) on any connection, or null for no such user: the VIP module
 * answers the membership entries with it after a payment.
 */
export async function myInfoOf(db: DbOrTx, userId: number): Promise<MyInfo | null> {
  return presentMyInfo(await repo.loadMyInfoRows(db, userId));
}

// --- writes of other modules: account alone writes users, companies and sessions ----------------

export type { CompanyProfileWrite } from './repo.ts';

/** Changes a user's role (an operator's write, admin-users), on the write's transaction. */
export async function setUserRole(db: DbOrTx, userId: number, role: Role): Promise<void> {
  await repo.updateUser(db, userId, { role });
}

/**
 * Disables a user (an operator's write, admin-users) as of `at`: the user's disable columns, then
 * every live session ends at that instant (enabling again revives none). Run it on the write's
 * transaction.
 */
export async function disableUser(
  db: DbOrTx,
  userId: number,
  disable: { at: Date; reason: string },
): Promise<void> {
  await repo.updateUser(db, userId, { disabledAt: disable.at, disabledReason: disable.reason });
  await repo.revokeOtherSessions(db, userId, null, disable.at);
}

/** Enables a disabled user again (an operator's write, admin-users): clears the disable columns. */
export async function enableUser(db: DbOrTx, userId: number): Promise<void> {
  await repo.updateUser(db, userId, { disabledAt: null, disabledReason: null });
}

/** Gives a company its new full name (an operator's change, admin-users; a trader's own is refused). */
export async function setCompanyName(db: DbOrTx, companyId: number, name: string): Promise<void> {
  await repo.renameCompany(db, companyId, name);
}

/** Writes a company's profile fields (the trader's firm profile; the full name is not one of them). */
export async function updateCompanyProfile(
  db: DbOrTx,
  companyId: number,
  fields: repo.CompanyProfileWrite,
): Promise<void> {
  await repo.updateCompanyProfile(db, companyId, fields);
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
