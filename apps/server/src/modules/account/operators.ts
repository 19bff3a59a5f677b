/** Operators' side of accounts: the CLI's create-admin and the alert of an exhausted SMS budget. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { hashPassword } from './passwords.ts';
import * as repo from './repo.ts';

/** Who writes the rows of this file: the system (the CLI, the SMS budget), no operator or request. */
const SYSTEM: AuditContext = { operatorId: null, ip: '', requestId: '' };

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
    await recordAudit(db, SYSTEM, {
      action: 'sms.budget_exhausted',
      entity: 'sms',
      entityId: hour,
      before: null,
      after: { hour, budget },
    });
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
      await recordAudit(tx, SYSTEM, {
        action: 'user.promote_admin',
        entity: 'user',
        entityId: existing.id,
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
    await recordAudit(tx, SYSTEM, {
      action: 'user.create_admin',
      entity: 'user',
      entityId: id,
      before: null,
      after: { phone: input.phone, role: 'admin' },
    });
  });
  return { kind: 'created' };
}
