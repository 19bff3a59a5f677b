/** Audit rows -> the console's AuditRow. Pure. */
import type { AuditRow } from '@steelport/contracts';
import type { AuditListRow } from './repo.ts';

/** One audit row as the console shows it (an empty stored entity id is null). */
export function presentAuditRow(r: AuditListRow): AuditRow {
  return {
    id: r.id,
    at: r.at.toISOString(),
    operatorId: r.operatorId,
    operatorName: r.operatorName ?? null,
    operatorPhone: r.operatorPhone ?? null,
    ip: r.ip,
    requestId: r.requestId,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId === '' ? null : r.entityId,
    before: r.before ?? null,
    after: r.after ?? null,
  };
}
