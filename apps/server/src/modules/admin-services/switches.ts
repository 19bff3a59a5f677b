/**
 * The service switches (openCheck): a flip is audited and forgets openCheck's per-process answer
 * (`onSwitchesChanged`), so the portal sees it on the next ask; requests to a service check the
 * table itself.
 */
import type { AdminSwitch, AdminSwitchBody, AdminSwitchList, ServiceKey } from '@steelport/contracts';
import type { Db } from '../../db/client.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import { say } from '../../text.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { lockServiceSwitch, serviceSwitchRows, setServiceSwitch } from '../open-check/service.ts';
import { presentAdminSwitch } from './present.ts';

/** The console's service switches. */
export interface AdminSwitchesService {
  switches(): Promise<AdminSwitchList>;
  setSwitch(ctx: AuditContext, key: ServiceKey, body: AdminSwitchBody): Promise<AdminSwitch>;
}

/** The switches over the database; `onSwitchesChanged` is told after each flip. */
export function adminSwitches(deps: { db: Db; onSwitchesChanged?: () => void }): AdminSwitchesService {
  const { db } = deps;
  return {
    async switches() {
      return { list: (await serviceSwitchRows(db)).map(presentAdminSwitch) };
    },

    async setSwitch(ctx, key, body) {
      const after = await db.transaction(async (tx) => {
        const before = await lockServiceSwitch(tx, key);
        if (!before) throw new NotFound(say('服务不存在', 'Service not found'));
        const note = body.note ?? before.note;
        if (before.open === body.open && before.note === note)
          throw new BusinessError(
            say(
              `${before.name}已是${body.open ? '开放' : '关闭'}状态`,
              `${before.name} is already ${body.open ? 'open' : 'closed'}`,
            ),
          );
        await setServiceSwitch(tx, key, { open: body.open, note });
        const changed = (await lockServiceSwitch(tx, key))!;
        const verb = before.open === body.open ? 'update' : body.open ? 'open' : 'close';
        await recordAudit(tx, ctx, {
          action: `service_switch.${verb}`,
          entity: 'service_switch',
          entityId: key,
          before: presentAdminSwitch(before),
          after: presentAdminSwitch(changed),
        });
        return changed;
      });
      deps.onSwitchesChanged?.();
      return presentAdminSwitch(after);
    },
  };
}
