/**
 * News articles (资讯, docs/api.md#articles): the list with category, tag and keyword, the headlines
 * per category, tags with counts and categories as `{ label, value }`. The article shapes
 * themselves (ArticleSummary, ArticleDetail) sit in index-data.ts beside the index articles:
 * one article model for both.
 */
import { type Static, Type } from 'typebox';
import { Id, PAGE_SIZE_MAX } from './envelope.ts';
import { ArticleSummary } from './index-data.ts';

/** Longest keyword the news search takes. */
export const ARTICLE_KEYWORD_MAX = 30;

/** GET /api/web/2.0/article/page */
export const ArticleListQuery = Type.Object({
  categoryId: Type.Optional(Id('分类 id')),
  /** stable category key instead of the id: market, mill-price, stock, index, policy, notice */
  categoryCode: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_-]{0,29}$', description: '分类代码' })),
  tagId: Type.Optional(Id('标签 id')),
  keyword: Type.Optional(
    Type.String({ maxLength: ARTICLE_KEYWORD_MAX, description: '关键词（标题与摘要）' }),
  ),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 10 }),
});
export type ArticleListQuery = Static<typeof ArticleListQuery>;

/** GET /api/web/2.0/article/index */
export const ArticleHeadlinesQuery = Type.Object({
  size: Type.Integer({ minimum: 1, maximum: 10, default: 5, description: '每个分类的条数' }),
});
export type ArticleHeadlinesQuery = Static<typeof ArticleHeadlinesQuery>;

/** The news landing: the newest articles overall, then the newest of every category. */
export const ArticleHeadlines = Type.Object({
  headlines: Type.Array(ArticleSummary),
  categories: Type.Array(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      list: Type.Array(ArticleSummary),
    }),
  ),
});
export type ArticleHeadlines = Static<typeof ArticleHeadlines>;

/** GET /api/common/tag/list: tags with the number of published articles carrying them. */
export const TagList = Type.Array(
  Type.Object({ id: Type.Integer(), name: Type.String(), count: Type.Integer() }),
);
export type TagList = Static<typeof TagList>;

/** GET /ma/article/category/labelValue: active categories for selects, in display order. */
export const CategoryLabelValues = Type.Array(
  Type.Object({ label: Type.String(), value: Type.Integer(), code: Type.String() }),
);
export type CategoryLabelValues = Static<typeof CategoryLabelValues>;
