/**
 * The console's ads and banners: every write is one transaction that loads the row before,
 * writes, and appends exactly one audit row (`ad.*`) with the row before and after. The image is
 * published (`../shared.ts`). The portal caches ads 30 s per position (`AD_CACHE_SECONDS` in
 * modules/ad): after a write this instance forgets its answers (`onAdsChanged`), others show the
 * change within 30 s.
 */
import type { AdminAdBody, AdminAdListQuery, AdminAdRow, AdminDeleted, PageOf } from '@steelport/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { Invalid, NotFound } from '../../../errors.ts';
import { say } from '../../../text.ts';
import { type AuditContext, auditedWrites } from '../../audit/service.ts';
import { imageUrl, type Operator, windowOf } from '../shared.ts';
import { presentAdminAd } from './present.ts';
import * as repo from './repo.ts';

/** The console's ad service over the database; `now` is the clock (tests move it). */
export function adminAdService(deps: {
  db: DbOrTx;
  now?: () => Date;
  /** Told after an ad was written (committed): the portal's cached ad answers are forgotten. */
  onAdsChanged?: () => void;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Runs an ad write, then tells the ad cache. */
  const adWrite = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    deps.onAdsChanged?.();
    return result;
  };

  async function mustAd(tx: DbOrTx, id: number): Promise<AdminAdRow> {
    const row = await repo.findAd(tx, id);
    if (!row) throw new NotFound(say('广告不存在', 'Ad not found'));
    return presentAdminAd(row, now());
  }

  async function adValues(
    tx: DbOrTx,
    operator: Operator,
    body: AdminAdBody,
    before: AdminAdRow | null,
  ): Promise<repo.AdValues> {
    if (!before && body.imageUploadId === undefined)
      throw new Invalid(
        say(
          '参数错误：imageUploadId 请上传广告图片',
          "Invalid request: imageUploadId, please upload the ad's image",
        ),
      );
    const { startsAt, endsAt } = windowOf(body, before, say('投放', 'campaign'));
    return {
      positionName: body.positionName,
      title: body.title,
      imageUrl: await imageUrl(tx, operator, body.imageUploadId, before?.imageUrl ?? ''),
      linkUrl: body.linkUrl ?? before?.linkUrl ?? '',
      startsAt,
      endsAt,
      sort: body.sort ?? before?.sort ?? 0,
      active: body.active ?? before?.active ?? true,
    };
  }

  const writes = auditedWrites(db, { entity: 'ad', load: mustAd });

  return {
    /** A page of ads in any state, by position and order; `live` marks what the portal serves now. */
    async ads(q: AdminAdListQuery): Promise<PageOf<AdminAdRow>> {
      const { list, total } = await repo.adsPage(
        db,
        { keyword: q.keyword, positionName: q.positionName, active: q.active },
        q.page,
        q.pageSize,
      );
      const at = now();
      return { list: list.map((r) => presentAdminAd(r, at)), total, page: q.page, pageSize: q.pageSize };
    },

    /** One ad; code 6 when missing. */
    ad(id: number): Promise<AdminAdRow> {
      return mustAd(db, id);
    },

    /** Creates an ad or banner (the image is required); this instance serves it at once, others within 30 s. */
    createAd(ctx: AuditContext, operator: Operator, body: AdminAdBody): Promise<AdminAdRow> {
      return adWrite(
        writes.create(ctx, async (tx) => repo.insertAd(tx, await adValues(tx, operator, body, null))),
      );
    },

    /** Rewrites an ad. */
    updateAd(ctx: AuditContext, operator: Operator, id: number, body: AdminAdBody): Promise<AdminAdRow> {
      return adWrite(
        writes.update(ctx, id, async (tx, before) =>
          repo.updateAd(tx, id, await adValues(tx, operator, body, before)),
        ),
      );
    },

    /** Deletes an ad. */
    deleteAd(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return adWrite(writes.remove(ctx, id, (tx) => repo.deleteAd(tx, id)));
    },
  };
}

/** What `adminAdService` gives. */
export type AdminAdService = ReturnType<typeof adminAdService>;
