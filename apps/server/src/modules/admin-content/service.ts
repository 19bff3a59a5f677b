/**
 * The operator console's content: articles, market dynamics (商务动态), agencies, ads and banners,
 * and the home announcement. Every write is one transaction that loads the row before, writes,
 * and appends exactly one audit row with the row before and after (null for a create or a
 * delete). HTML is sanitised on write exactly as the article module renders it; images come as
 * upload ids that must be the caller's own or another operator's, and are published (readable by
 * anyone at `ADMIN_CONTENT_FILE_PATH/{id}`) when attached.
 *
 * Freshness on the portal: articles, market dynamics, agencies and the announcement are read
 * without a cache, so a write shows on the next request; ads are cached 30 s per position
 * (`AD_CACHE_SECONDS` in modules/ad), so an ad change shows within 30 s.
 */
import type {
  AdminAdBody,
  AdminAdListQuery,
  AdminAdRow,
  AdminAffairBody,
  AdminAffairDetail,
  AdminAffairListQuery,
  AdminAffairRow,
  AdminAgencyBody,
  AdminAgencyListQuery,
  AdminAgencyRow,
  AdminAnnouncementBody,
  AdminAnnouncementListQuery,
  AdminAnnouncementRow,
  AdminArticleBody,
  AdminArticleDetail,
  AdminArticleListQuery,
  AdminArticleRow,
  AdminDeleted,
  PageOf,
} from '@steelport/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type LocalText, say } from '../../text.ts';
import { sanitizeArticleHtml } from '../article/html.ts';
import { type AuditContext, auditedWrites } from '../audit/service.ts';
import { homeService } from '../home/service.ts';
import {
  contentFileUrl,
  presentAdminAd,
  presentAdminAffair,
  presentAdminAffairDetail,
  presentAdminAgency,
  presentAdminAnnouncement,
  presentAdminArticle,
  presentAdminArticleDetail,
} from './present.ts';
import * as repo from './repo.ts';

/** Image types an operator may publish (what `modules/upload` accepts, without PDF). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The operator doing a write. */
export type Operator = Pick<AuthUser, 'id'>;

/** A date-time string of a body as an instant; code 1 naming the field when it is not one. */
function instant(value: string, field: string): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new Invalid(
      say(`参数错误：${field} 不是有效的时间`, `Invalid request: ${field} is not a valid time`),
    );
  return at;
}

/** An optional window end: undefined keeps `current`, null is open. */
function windowEnd(value: string | null | undefined, current: Date | null, field: string): Date | null {
  if (value === undefined) return current;
  return value === null ? null : instant(value, field);
}

/** Refuses a window whose end is not after its start (the table's check would fail). */
function assertWindow(startsAt: Date | null, endsAt: Date | null, what: LocalText): void {
  if (startsAt && endsAt && startsAt.getTime() >= endsAt.getTime()) {
    throw new Invalid(
      say(
        `参数错误：${what.zh}结束时间须晚于开始时间`,
        `Invalid request: the ${what.en} must end after it starts`,
      ),
    );
  }
}

/** Upload ids of the published pictures an HTML body shows (pictures put in with the editor). */
function contentImageIds(html: string): number[] {
  const ids = new Set<number>();
  for (const match of html.matchAll(/\/api\/web\/upload\/content\/(\d{1,9})\b/g)) ids.add(Number(match[1]));
  return [...ids];
}

/** Names without repeats, in the order given. */
const distinct = (names: string[]) => [...new Set(names)];

/** The console's content service over the database; `now` is the clock (tests move it). */
export function adminContentService(deps: {
  db: DbOrTx;
  now?: () => Date;
  /** Told after an ad was written (committed): the portal's cached ad answers are forgotten. */
  onAdsChanged?: () => void;
}) {
  const { db } = deps;
  /** Runs an ad write, then tells the ad cache. */
  const adWrite = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    deps.onAdsChanged?.();
    return result;
  };
  const now = deps.now ?? (() => new Date());

  /**
   * The stored address of an image: `uploadId` undefined keeps `current`, null removes it, an id
   * must be an image the operator (or another operator) uploaded and is published by this.
   */
  async function imageUrl(
    tx: DbOrTx,
    operator: Operator,
    uploadId: number | null | undefined,
    current: string,
  ): Promise<string> {
    if (uploadId === undefined) return current;
    if (uploadId === null) return '';
    const upload = await repo.uploadWithOwner(tx, uploadId);
    if (!upload || (upload.ownerUserId !== operator.id && upload.ownerRole !== 'admin')) {
      throw new NotFound(
        say(
          '图片不存在或不是您上传的，请重新上传',
          'The image does not exist or was not uploaded by you; please upload it again',
        ),
      );
    }
    if (!IMAGE_TYPES.has(upload.mime))
      throw new Invalid(
        say('参数错误：图片只能是 JPG、PNG 或 WebP', 'Invalid request: the image must be JPG, PNG or WebP'),
      );
    if (upload.purpose !== 'content') await repo.publishUpload(tx, uploadId);
    return contentFileUrl(uploadId);
  }

  /** Sanitised `html` whose pictures are checked and published like a cover (the editor's uploads). */
  async function bodyHtml(tx: DbOrTx, operator: Operator, html: string): Promise<string> {
    const clean = sanitizeArticleHtml(html);
    for (const id of contentImageIds(clean)) await imageUrl(tx, operator, id, '');
    return clean;
  }

  // ------------------------------------------------------------ articles

  async function articleDetail(tx: DbOrTx, id: number): Promise<AdminArticleDetail | null> {
    const row = await repo.findArticle(tx, id);
    if (!row) return null;
    const tags = (await repo.tagNamesOf(tx, [id])).get(id) ?? [];
    return presentAdminArticleDetail(row, tags, now());
  }

  async function mustArticle(tx: DbOrTx, id: number): Promise<AdminArticleDetail> {
    const found = await articleDetail(tx, id);
    if (!found) throw new NotFound(say('文章不存在', 'Article not found'));
    return found;
  }

  /** An article body over `before` (absent fields keep their value; a create starts from defaults). */
  async function articleValues(
    tx: DbOrTx,
    operator: Operator,
    body: AdminArticleBody,
    before: AdminArticleDetail | null,
  ): Promise<repo.ArticleValues> {
    if (!(await repo.categoryExists(tx, body.categoryId)))
      throw new Invalid(
        say('参数错误：categoryId 资讯分类不存在', 'Invalid request: categoryId names no news category'),
      );
    return {
      categoryId: body.categoryId,
      title: body.title,
      summary: body.summary ?? before?.summary ?? '',
      contentHtml: await bodyHtml(tx, operator, body.contentHtml),
      cover: await imageUrl(tx, operator, body.coverUploadId, before?.cover ?? ''),
      source: body.source ?? before?.source ?? '',
      author: body.author ?? before?.author ?? '',
      membersOnly: body.membersOnly ?? before?.membersOnly ?? false,
      publishedAt: body.publishedAt
        ? instant(body.publishedAt, 'publishedAt')
        : before
          ? new Date(before.publishedAt)
          : now(),
      status: body.status ?? before?.status ?? 'published',
    };
  }

  // ------------------------------------------------------------ market dynamics

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
  ): Promise<repo.AffairValues> {
    return {
      kind: body.kind,
      title: body.title,
      summary: body.summary ?? before?.summary ?? '',
      content: await bodyHtml(tx, operator, body.contentHtml),
      cover: await imageUrl(tx, operator, body.coverUploadId, before?.cover ?? ''),
      city: body.city ?? before?.city ?? '',
      source: body.source ?? before?.source ?? '',
      publishedAt: body.publishedAt
        ? instant(body.publishedAt, 'publishedAt')
        : before
          ? new Date(before.publishedAt)
          : now(),
      status: body.status ?? before?.status ?? 'published',
    };
  }

  // ------------------------------------------------------------ agencies

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

  // ------------------------------------------------------------ ads

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
    const startsAt = windowEnd(
      body.startsAt,
      before?.startsAt ? new Date(before.startsAt) : null,
      'startsAt',
    );
    const endsAt = windowEnd(body.endsAt, before?.endsAt ? new Date(before.endsAt) : null, 'endsAt');
    assertWindow(startsAt, endsAt, say('投放', 'campaign'));
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

  // ------------------------------------------------------------ announcements

  /** The id of the announcement the home page shows now, as `tx` sees the table. */
  async function liveAnnouncementId(tx: DbOrTx): Promise<number | null> {
    return (await homeService({ db: tx }).announcement())?.id ?? null;
  }

  async function mustAnnouncement(tx: DbOrTx, id: number): Promise<AdminAnnouncementRow> {
    const row = await repo.findAnnouncement(tx, id);
    if (!row) throw new NotFound(say('公告不存在', 'Notice not found'));
    return presentAdminAnnouncement(row, await liveAnnouncementId(tx));
  }

  function announcementValues(
    body: AdminAnnouncementBody,
    before: AdminAnnouncementRow | null,
  ): repo.AnnouncementValues {
    const startsAt = windowEnd(
      body.startsAt,
      before?.startsAt ? new Date(before.startsAt) : null,
      'startsAt',
    );
    const endsAt = windowEnd(body.endsAt, before?.endsAt ? new Date(before.endsAt) : null, 'endsAt');
    assertWindow(startsAt, endsAt, say('展示', 'display window'));
    return {
      text: body.text,
      linkUrl: body.linkUrl ?? before?.linkUrl ?? '',
      startsAt,
      endsAt,
      active: body.active ?? before?.active ?? true,
    };
  }

  const articleWrites = auditedWrites(db, { entity: 'article', load: mustArticle });
  const affairWrites = auditedWrites(db, { entity: 'affair', load: mustAffair });
  const agencyWrites = auditedWrites(db, { entity: 'agency', load: mustAgency });
  const adWrites = auditedWrites(db, { entity: 'ad', load: mustAd });
  const announcementWrites = auditedWrites(db, { entity: 'announcement', load: mustAnnouncement });

  return {
    // ---------------------------------------------------------- articles

    /** A page of articles in any state (drafts, scheduled, withdrawn), newest first. */
    async articles(q: AdminArticleListQuery): Promise<PageOf<AdminArticleRow>> {
      const { list, total } = await repo.articlesPage(
        db,
        { keyword: q.keyword, categoryId: q.categoryId, status: q.status },
        q.page,
        q.pageSize,
      );
      const tags = await repo.tagNamesOf(
        db,
        list.map((r) => r.id),
      );
      const at = now();
      return {
        list: list.map((r) => presentAdminArticle(r, tags.get(r.id) ?? [], at)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** One article with its HTML; code 6 when missing. */
    article(id: number): Promise<AdminArticleDetail> {
      return mustArticle(db, id);
    },

    /** Creates an article (sanitised HTML, tags by name, a published cover). */
    createArticle(
      ctx: AuditContext,
      operator: Operator,
      body: AdminArticleBody,
    ): Promise<AdminArticleDetail> {
      return articleWrites.create(ctx, async (tx) => {
        const id = await repo.insertArticle(tx, {
          ...(await articleValues(tx, operator, body, null)),
          createdBy: operator.id,
        });
        await repo.setArticleTags(tx, id, distinct(body.tags ?? []));
        return id;
      });
    },

    /** Rewrites an article; an article the system writes from data is refused (a rerun would undo it). */
    updateArticle(
      ctx: AuditContext,
      operator: Operator,
      id: number,
      body: AdminArticleBody,
    ): Promise<AdminArticleDetail> {
      return articleWrites.update(ctx, id, async (tx, before) => {
        if (before.generated)
          throw new BusinessError(
            say(
              '系统据数据生成的文章不能在后台修改',
              'Articles the system generates from data cannot be edited in the console',
            ),
          );
        await repo.updateArticle(tx, id, await articleValues(tx, operator, body, before));
        if (body.tags !== undefined) await repo.setArticleTags(tx, id, distinct(body.tags));
      });
    },

    /** Deletes an article (to take one off the portal but keep it, set status hidden). */
    deleteArticle(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return articleWrites.remove(ctx, id, (tx) => repo.deleteArticle(tx, id));
    },

    // ---------------------------------------------------------- market dynamics

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
      return affairWrites.create(ctx, async (tx) =>
        repo.insertAffair(tx, { ...(await affairValues(tx, operator, body, null)), createdBy: operator.id }),
      );
    },

    /** Rewrites a market-dynamics item. */
    updateAffair(
      ctx: AuditContext,
      operator: Operator,
      id: number,
      body: AdminAffairBody,
    ): Promise<AdminAffairDetail> {
      return affairWrites.update(ctx, id, async (tx, before) =>
        repo.updateAffair(tx, id, await affairValues(tx, operator, body, before)),
      );
    },

    /** Deletes a market-dynamics item. */
    deleteAffair(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return affairWrites.remove(ctx, id, (tx) => repo.deleteAffair(tx, id));
    },

    // ---------------------------------------------------------- agencies

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
      return agencyWrites.create(ctx, async (tx) =>
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
      return agencyWrites.update(ctx, id, async (tx, before) =>
        repo.updateAgency(tx, id, await agencyValues(tx, operator, body, before)),
      );
    },

    /** Deletes an agency. */
    deleteAgency(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return agencyWrites.remove(ctx, id, (tx) => repo.deleteAgency(tx, id));
    },

    // ---------------------------------------------------------- ads

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
        adWrites.create(ctx, async (tx) => repo.insertAd(tx, await adValues(tx, operator, body, null))),
      );
    },

    /** Rewrites an ad. */
    updateAd(ctx: AuditContext, operator: Operator, id: number, body: AdminAdBody): Promise<AdminAdRow> {
      return adWrite(
        adWrites.update(ctx, id, async (tx, before) =>
          repo.updateAd(tx, id, await adValues(tx, operator, body, before)),
        ),
      );
    },

    /** Deletes an ad. */
    deleteAd(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return adWrite(adWrites.remove(ctx, id, (tx) => repo.deleteAd(tx, id)));
    },

    // ---------------------------------------------------------- announcements

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
      return announcementWrites.create(ctx, (tx) =>
        repo.insertAnnouncement(tx, announcementValues(body, null)),
      );
    },

    /** Rewrites an announcement. */
    updateAnnouncement(
      ctx: AuditContext,
      id: number,
      body: AdminAnnouncementBody,
    ): Promise<AdminAnnouncementRow> {
      return announcementWrites.update(ctx, id, (tx, before) =>
        repo.updateAnnouncement(tx, id, announcementValues(body, before)),
      );
    },

    /** Deletes an announcement. */
    deleteAnnouncement(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return announcementWrites.remove(ctx, id, (tx) => repo.deleteAnnouncement(tx, id));
    },
  };
}

/** What `adminContentService` gives. */
export type AdminContentService = ReturnType<typeof adminContentService>;
