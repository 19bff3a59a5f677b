/**
 * The console's agencies (代理商): every write is one transaction that loads the row before,
 * writes, and appends exactly one audit row (`agency.*`) with the row before and after. The logo
 * is published (`../shared.ts`). The portal reads agencies without a cache, so a write shows on
 * the next request.
 */
import type {
  AdminAgencyBody,
  AdminAgencyListQuery,
  AdminAgencyRow,
  AdminDeleted,
  PageOf,
} from '@steelport/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFound } from '../../../errors.ts';
import { say } from '../../../text.ts';
import { type AuditContext, auditedWrites } from '../../audit/service.ts';
import { distinct, imageUrl, type Operator } from '../shared.ts';
import { presentAdminAgency } from './present.ts';
import * as repo from './repo.ts';

/** The console's agency service over the database. */
export function adminAgencyService(deps: { db: DbOrTx }) {
  const { db } = deps;

  async function mustAgency(tx: DbOrTx, id: number): Promise<AdminAgencyRow> {
    const row = await repo.findAgency(tx, id);
    if (!row) throw new NotFound(say('代理商不存在', 'Agent not found'));
    return presentAdminAgency(row);
  }

  async function agencyValues(
    tx: DbOrTx,
    operator: Operator,
    body: AdminAgencyBody,
    before: AdminAgencyRow | null,
  ): Promise<repo.AgencyValues> {
    return {
      name: body.name,
      brands: distinct(body.brands ?? before?.brands ?? []),
      productNames: distinct(body.products ?? before?.products ?? []),
      region: body.region ?? before?.region ?? '',
      province: body.province ?? before?.province ?? '',
      city: body.city ?? before?.city ?? '',
      address: body.address ?? before?.address ?? '',
      contactName: body.contactName ?? before?.contactName ?? '',
      contactPhone: body.contactPhone ?? before?.contactPhone ?? '',
      intro: body.intro ?? before?.intro ?? '',
      logo: await imageUrl(tx, operator, body.logoUploadId, before?.logo ?? ''),
      sort: body.sort ?? before?.sort ?? 0,
      active: body.active ?? before?.active ?? true,
    };
  }

  const writes = auditedWrites(db, { entity: 'agency', load: mustAgency });

  return {
    /** A page of agencies (switched off ones too) in display order. */
    async agencies(q: AdminAgencyListQuery): Promise<PageOf<AdminAgencyRow>> {
      const { list, total } = await repo.agenciesPage(
        db,
        { keyword: q.keyword, active: q.active },
        q.page,
        q.pageSize,
      );
      return { list: list.map(presentAdminAgency), total, page: q.page, pageSize: q.pageSize };
    },

    /** One agency; code 6 when missing. */
    agency(id: number): Promise<AdminAgencyRow> {
      return mustAgency(db, id);
    },

    /** Creates an agency. */
    createAgency(ctx: AuditContext, operator: Operator, body: AdminAgencyBody): Promise<AdminAgencyRow> {
      return writes.create(ctx, async (tx) =>
        repo.insertAgency(tx, await agencyValues(tx, operator, body, null)),
      );
    },

    /** Rewrites an agency. */
    updateAgency(
      ctx: AuditContext,
      operator: Operator,
      id: number,
      body: AdminAgencyBody,
    ): Promise<AdminAgencyRow> {
      return writes.update(ctx, id, async (tx, before) =>
        repo.updateAgency(tx, id, await agencyValues(tx, operator, body, before)),
      );
    },

    /** Deletes an agency. */
    deleteAgency(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return writes.remove(ctx, id, (tx) => repo.deleteAgency(tx, id));
    },
  };
}

/** What `adminAgencyService` gives. */
export type AdminAgencyService = ReturnType<typeof adminAgencyService>;
