/**
 * Registration by phone with an SMS code: the user (a trader when a company is named, whose full
 * name must be free), the welcome beans (through the beans module) and any 企业会员 seat the
 * phone was invited to, in one transaction; then it logs in like any other way.
 */
import { BusinessError } from '../../errors.ts';
import { say } from '../../text.ts';
import { welcomeBeans } from '../beans/service.ts';
import { claimSeats } from '../seats/service.ts';
import { hashPassword } from './passwords.ts';
import * as repo from './repo.ts';
import type { AccountDeps, AccountService } from './service.ts';

/** POST /api/uaa/register's rules; `issueLogin` answers as a login. */
export function registrationMethods(
  deps: AccountDeps,
  issueLogin: AccountService['issueLogin'],
): Pick<AccountService, 'register'> {
  const { db, sms } = deps;
  return {
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
        });
        // Two registrations racing for one phone: the unique index lets one through.
        if (id === null)
          throw new BusinessError(
            say('该手机号已注册，请直接登录', 'This phone number is already registered; please log in'),
          );
        // The welcome beans go through the beans module, the ledger's one writer.
        await welcomeBeans(tx, id);
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
  };
}
