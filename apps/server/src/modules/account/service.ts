/**
 * Accounts: registration by phone with an SMS code, password login with throttling, logout,
 * and the member's own profile. Every login answers `{ token, user }`.
 */
import type { LoginResult, RegisterBody } from '@steelport/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { beanLedger, companies, users } from '../../db/schema/index.ts';
import { BusinessError, NotFound, TooMany } from '../../errors.ts';
import type { KvStore } from '../../store/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { loadMyInfo } from './repo.ts';
import { createSession } from './sessions.ts';
import type { SmsCodes } from './sms.ts';

/** Beans every new member starts with, so the first contact unlock can be tried. */
export const SIGNUP_BEANS = 10;
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface AccountService {
  register(input: RegisterBody, client: ClientInfo): Promise<LoginResult>;
  passwordLogin(phone: string, password: string, client: ClientInfo): Promise<LoginResult>;
  /** Creates a session for a user and answers like a login. */
  issueLogin(userId: number, clientId: number, client: ClientInfo): Promise<LoginResult>;
  updateProfile(userId: number, linkMan: string, company: string | undefined): Promise<void>;
  changePassword(userId: number, oldPassword: string, newPassword: string): Promise<void>;
}

/** The account service over a database, the shared store and the SMS codes. */
export function accountService(deps: { db: Db; store: KvStore; sms: SmsCodes }): AccountService {
  const { db, store, sms } = deps;

  const issueLogin: AccountService['issueLogin'] = async (userId, clientId, client) => {
    const token = await createSession(db, { userId, clientId, ...client });
    const user = await loadMyInfo(db, userId);
    if (!user) throw new NotFound('用户不存在');
    return { token, user };
  };

  return {
    issueLogin,

    async register(input, client) {
      const existing = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
      if (existing.length > 0) throw new BusinessError('该手机号已注册，请直接登录');
      await sms.verify(input.phone, 'register', input.code);
      const passwordHash = await hashPassword(input.password);
      const companyName = input.company?.trim();
      const userId = await db.transaction(async (tx) => {
        let companyId: number | null = null;
        if (companyName) {
          const taken = await tx
            .select({ id: companies.id })
            .from(companies)
            .where(eq(companies.name, companyName));
          if (taken.length > 0) throw new BusinessError('该公司名称已被注册，请联系客服认领');
          const [company] = await tx
            .insert(companies)
            .values({
              name: companyName,
              shortName: companyName.slice(0, 30),
              city: '',
              contactName: input.linkMan,
              contactPhone: input.phone,
            })
            .returning({ id: companies.id });
          companyId = company!.id;
        }
        const inserted = await tx
          .insert(users)
          .values({
            phone: input.phone,
            passwordHash,
            linkMan: input.linkMan,
            role: companyId ? 'trader' : 'member',
            companyId,
            beans: SIGNUP_BEANS,
          })
          .onConflictDoNothing({ target: users.phone })
          .returning({ id: users.id });
        // Two registrations racing for one phone: the unique index lets one through.
        if (!inserted[0]) throw new BusinessError('该手机号已注册，请直接登录');
        await tx.insert(beanLedger).values({
          userId: inserted[0].id,
          delta: SIGNUP_BEANS,
          balanceAfter: SIGNUP_BEANS,
          reason: 'earned',
          refType: 'signup',
          note: '注册赠送钢豆',
        });
        return inserted[0].id;
      });
      return issueLogin(userId, 1, client);
    },

    async passwordLogin(phone, password, client) {
      const keys = [`login:fail:p:${phone}`, `login:fail:c:${client.ip}`];
      for (const key of keys) {
        if (Number((await store.get(key)) ?? 0) >= LOGIN_FAILURE_LIMIT) {
          throw new TooMany('登录失败次数过多，请15分钟后再试');
        }
      }
      const rows = await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.phone, phone));
      const user = rows[0];
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid) {
        for (const key of keys) await store.incr(key, LOGIN_FAILURE_WINDOW_MS);
        // The same words whether or not the phone is registered.
        throw new BusinessError('手机号或密码错误');
      }
      await store.del(keys[0]!);
      return issueLogin(user.id, 1, client);
    },

    async updateProfile(userId, linkMan, company) {
      await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId));
        if (!user) throw new NotFound('用户不存在');
        await tx.update(users).set({ linkMan, updatedAt: new Date() }).where(eq(users.id, userId));
        const companyName = company?.trim();
        if (!companyName) return;
        if (user.companyId) {
          await tx
            .update(companies)
            .set({ name: companyName, contactName: linkMan })
            .where(eq(companies.id, user.companyId));
          return;
        }
        const [created] = await tx
          .insert(companies)
          .values({
            name: companyName,
            shortName: companyName.slice(0, 30),
            city: '',
            contactName: linkMan,
            contactPhone: user.phone,
          })
          .onConflictDoNothing()
          .returning({ id: companies.id });
        if (!created) throw new BusinessError('该公司名称已被注册，请联系客服认领');
        const role = user.role === 'admin' ? 'admin' : 'trader';
        await tx.update(users).set({ companyId: created.id, role }).where(eq(users.id, userId));
      });
    },

    async changePassword(userId, oldPassword, newPassword) {
      const [user] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw new NotFound('用户不存在');
      if (user.passwordHash && !(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new BusinessError('原密码不正确');
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
  };
}
