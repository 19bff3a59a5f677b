/**
 * The console's market dynamics (商务动态): every write is one transaction that loads the row
 * before, writes, and appends exactly one audit row (`affair.*`) with the row before and after.
 * The HTML is sanitised and its pictures and cover published (`../shared.ts`); the row is written
 * by its owner, the affairs module (`affairs/service.ts#createAffair`), inside that transaction.
 * The portal reads them without a cache, so a write shows on the next request.
 */
import type {
  AdminAffairBody,
  AdminAffairDetail,
  AdminAffairListQuery,
  AdminAffairRow,
  AdminDeleted,
  PageOf,
} from '@steelport/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFound } from '../../../errors.ts';
import { say } from '../../../text.ts';
import * as affairWrites from '../../affairs/service.ts';
import { type AuditContext, auditedWrites } from '../../audit/service.ts';
import { bodyHtml, imageUrl, type Operator, publishedAtOf } from '../shared.ts';
import { presentAdminAffair, presentAdminAffairDetail } from './present.ts';
import * as repo from './repo.ts';

/** The console's market-dynamics service over the database; `now` is the clock (tests move it). */
export function adminAffairService(deps: { db: DbOrTx; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function mustAffair(tx: DbOrTx, id: number): Promise<AdminAffairDetail> {
    const row = await repo.findAffair(tx, id);
    if (!row) throw new NotFound(say('市场动态不存在', 'Market news item not found'));
    return presentAdminAffairDetail(row, now());
  }

  async function affairValues(
    tx: DbOrTx,
    operator: Operator,
    body: AdminAffairBody,
    before: AdminAffairDetail | null,
  ): Promise<affairWrites.AffairValues> {
    return {
      kind: body.kind,
      title: body.title,
      summary: body.summary ?? before?.summary ?? '',
      content: await bodyHtml(tx, operator, body.contentHtml),
      cover: await imageUrl(tx, operator, body.coverUploadId, before?.cover ?? ''),
      city: body.city ?? before?.city ?? '',
      source: body.source ?? before?.source ?? '',
      publishedAt: publishedAtOf(body.publishedAt, before, now),
      status: body.status ?? before?.status ?? 'published',
    };
  }

  const writes = auditedWrites(db, { entity: 'affair', load: mustAffair });

  return {
    /** A page of market dynamics in any state, newest first. */
    async affairs(q: AdminAffairListQuery): Promise<PageOf<AdminAffairRow>> {
      const { list, total } = await repo.affairsPage(
        db,
        { keyword: q.keyword, kind: q.kind, status: q.status },
        q.page,
        q.pageSize,
      );
      const at = now();
      return { list: list.map((r) => presentAdminAffair(r, at)), total, page: q.page, pageSize: q.pageSize };
    },

    /** One market-dynamics item; code 6 when missing. */
    affair(id: number): Promise<AdminAffairDetail> {
      return mustAffair(db, id);
    },

    /** Creates a market-dynamics item. */
    createAffair(ctx: AuditContext, operator: Operator, body: AdminAffairBody): Promise<AdminAffairDetail> {
      return writes.create(ctx, async (tx) =>
        affairWrites.createAffair(tx, {
          ...(await affairValues(tx, operator, body, null)),
          createdBy: operator.id,
        }),
      );
    },

    /** Rewrites a market-dynamics item. */
    updateAffair(
      ctx: AuditContext,
      operator: Operator,
      id: number,
      body: AdminAffairBody,
    ): Promise<AdminAffairDetail> {
      return writes.update(ctx, id, async (tx, before) =>
        affairWrites.updateAffair(tx, id, await affairValues(tx, operator, body, before)),
      );
    },

    /** Deletes a market-dynamics item. */
    deleteAffair(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return writes.remove(ctx, id, (tx) => affairWrites.deleteAffair(tx, id));
    },
  };
}

/** What `adminAffairService` gives. */
export type AdminAffairService = ReturnType<typeof adminAffairService>;
