/**
 * The console's home announcements: every write is one transaction that loads the row before,
 * writes, and appends exactly one audit row (`announcement.*`) with the row before and after. The
 * home page shows the newest active one in its window (modules/home), read without a cache, so a
 * write shows on the next request.
 */
import type {
  AdminAnnouncementBody,
  AdminAnnouncementListQuery,
  AdminAnnouncementRow,
  AdminDeleted,
  PageOf,
} from '@steelport/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFound } from '../../../errors.ts';
import { say } from '../../../text.ts';
import { type AuditContext, auditedWrites } from '../../audit/service.ts';
import { homeService } from '../../home/service.ts';
import { windowOf } from '../shared.ts';
import { presentAdminAnnouncement } from './present.ts';
import * as repo from './repo.ts';

/** The id of the announcement the home page shows now, as `tx` sees the table. */
async function liveAnnouncementId(tx: DbOrTx): Promise<number | null> {
  return (await homeService({ db: tx }).announcement())?.id ?? null;
}

function announcementValues(
  body: AdminAnnouncementBody,
  before: AdminAnnouncementRow | null,
): repo.AnnouncementValues {
  const { startsAt, endsAt } = windowOf(body, before, say('展示', 'display window'));
  return {
    text: body.text,
    linkUrl: body.linkUrl ?? before?.linkUrl ?? '',
    startsAt,
    endsAt,
    active: body.active ?? before?.active ?? true,
  };
}

/** The console's announcement service over the database. */
export function adminAnnouncementService(deps: { db: DbOrTx }) {
  const { db } = deps;

  async function mustAnnouncement(tx: DbOrTx, id: number): Promise<AdminAnnouncementRow> {
    const row = await repo.findAnnouncement(tx, id);
    if (!row) throw new NotFound(say('公告不存在', 'Notice not found'));
    return presentAdminAnnouncement(row, await liveAnnouncementId(tx));
  }

  const writes = auditedWrites(db, { entity: 'announcement', load: mustAnnouncement });

  return {
    /** A page of home announcements, newest first; `live` marks the one the home page shows. */
    async announcements(q: AdminAnnouncementListQuery): Promise<PageOf<AdminAnnouncementRow>> {
      const { list, total } = await repo.announcementsPage(db, { keyword: q.keyword }, q.page, q.pageSize);
      const live = await liveAnnouncementId(db);
      return {
        list: list.map((r) => presentAdminAnnouncement(r, live)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** One announcement; code 6 when missing. */
    async announcement(id: number): Promise<AdminAnnouncementRow> {
      return mustAnnouncement(db, id);
    },

    /** Creates an announcement; the newest active one in its window is what the home page shows. */
    createAnnouncement(ctx: AuditContext, body: AdminAnnouncementBody): Promise<AdminAnnouncementRow> {
      return writes.create(ctx, (tx) => repo.insertAnnouncement(tx, announcementValues(body, null)));
    },

    /** Rewrites an announcement. */
    updateAnnouncement(
      ctx: AuditContext,
      id: number,
      body: AdminAnnouncementBody,
    ): Promise<AdminAnnouncementRow> {
      return writes.update(ctx, id, (tx, before) =>
        repo.updateAnnouncement(tx, id, announcementValues(body, before)),
      );
    },

    /** Deletes an announcement. */
    deleteAnnouncement(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return writes.remove(ctx, id, (tx) => repo.deleteAnnouncement(tx, id));
    },
  };
}

/** What `adminAnnouncementService` gives. */
export type AdminAnnouncementService = ReturnType<typeof adminAnnouncementService>;
