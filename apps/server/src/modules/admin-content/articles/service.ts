/**
 * The console's articles: every write is one transaction that loads the row before, writes, and
 * appends exactly one audit row (`article.*`) with the row before and after. The HTML is sanitised
 * and its pictures and cover published (`../shared.ts`); the rows are written by their owner, the
 * article module (`article/service.ts#createArticle`), inside that transaction. The portal reads
 * articles without a cache, so a write shows on the next request.
 */
import type {
  AdminArticleBody,
  AdminArticleDetail,
  AdminArticleListQuery,
  AdminArticleRow,
  AdminDeleted,
  PageOf,
} from '@steelport/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../../errors.ts';
import { say } from '../../../text.ts';
import * as articleWrites from '../../article/service.ts';
import { type AuditContext, auditedWrites } from '../../audit/service.ts';
import { bodyHtml, distinct, imageUrl, type Operator, publishedAtOf } from '../shared.ts';
import { presentAdminArticle, presentAdminArticleDetail } from './present.ts';
import * as repo from './repo.ts';

/** The console's article service over the database; `now` is the clock (tests move it). */
export function adminArticleService(deps: { db: DbOrTx; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

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
  ): Promise<articleWrites.ArticleValues> {
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
      publishedAt: publishedAtOf(body.publishedAt, before, now),
      status: body.status ?? before?.status ?? 'published',
    };
  }

  const writes = auditedWrites(db, { entity: 'article', load: mustArticle });

  return {
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
      return writes.create(ctx, async (tx) => {
        const id = await articleWrites.createArticle(tx, {
          ...(await articleValues(tx, operator, body, null)),
          createdBy: operator.id,
        });
        await articleWrites.setArticleTags(tx, id, distinct(body.tags ?? []));
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
      return writes.update(ctx, id, async (tx, before) => {
        if (before.generated)
          throw new BusinessError(
            say(
              '系统据数据生成的文章不能在后台修改',
              'Articles the system generates from data cannot be edited in the console',
            ),
          );
        await articleWrites.updateArticle(tx, id, await articleValues(tx, operator, body, before));
        if (body.tags !== undefined) await articleWrites.setArticleTags(tx, id, distinct(body.tags));
      });
    },

    /** Deletes an article (to take one off the portal but keep it, set status hidden). */
    deleteArticle(ctx: AuditContext, id: number): Promise<AdminDeleted> {
      return writes.remove(ctx, id, (tx) => articleWrites.deleteArticle(tx, id));
    },
  };
}

/** What `adminArticleService` gives. */
export type AdminArticleService = ReturnType<typeof adminArticleService>;
