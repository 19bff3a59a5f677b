/**
 * The operator console's content (issue 18): articles, market dynamics (商务动态), agencies, ads
 * and banners, and the home announcement. Every route is under `/api/admin/...` (access admin);
 * lists are paged and searchable, writes answer the row as stored. Images are given as upload ids
 * (`POST /api/web/upload` first): the server checks the file is the operator's own (or another
 * operator's), publishes it and stores its public address (`ADMIN_CONTENT_FILE_PATH/{id}`).
 */
import { type Static, Type } from 'typebox';
import { Id, PAGE_SIZE_MAX, Page } from './envelope.ts';
import { AD_POSITIONS, AFFAIR_KINDS, AffairKindField } from './market-content.ts';

/** Bounds of what an operator types (they match the columns). */
export const ADMIN_CONTENT_LIMITS = {
  keywordMax: 50,
  pageSizeMax: PAGE_SIZE_MAX,
  titleMax: 200,
  summaryMax: 500,
  /** article or affair HTML before sanitising */
  htmlMax: 200_000,
  sourceMax: 100,
  authorMax: 50,
  tagsMax: 10,
  tagMax: 30,
  cityMax: 20,
  agencyNameMax: 100,
  agencyListMax: 20,
  agencyItemMax: 30,
  regionMax: 10,
  provinceMax: 20,
  addressMax: 200,
  contactNameMax: 50,
  contactPhoneMax: 20,
  introMax: 5000,
  adTitleMax: 100,
  linkMax: 300,
  announcementMax: 200,
  sortMax: 9999,
} as const;
const L = ADMIN_CONTENT_LIMITS;

/** Where a published content image is served publicly: `${ADMIN_CONTENT_FILE_PATH}/{uploadId}`. */
export const ADMIN_CONTENT_FILE_PATH = '/api/web/upload/content';

/** Publishing states as stored: draft 草稿, published 已发布, hidden 已下线 (withdrawn). */
export const CONTENT_STATUSES = ['draft', 'published', 'hidden'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const ContentStatusField = Type.Union(
  [Type.Literal('draft'), Type.Literal('published'), Type.Literal('hidden')],
  { description: '状态：draft 草稿，published 已发布，hidden 已下线' },
);

const Text = (maxLength: number, description: string) =>
  Type.String({ maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$', description });
const Line = (minLength: number, maxLength: number, description: string) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u001f]*$', description });
const Keyword = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: L.keywordMax,
    pattern: '^[^\\u0000-\\u001f]+$',
    description: '关键词（标题、名称模糊匹配）',
  }),
);
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const NullableDateTime = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });
const PageFields = {
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: '页码，从 1 开始' }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20, description: '每页条数' }),
};
const Link = Type.String({
  maxLength: L.linkMax,
  pattern: '^$|^/(?!/)[^\\s]*$|^https?://[^\\s]+$',
  description: '点击去往的地址：站内路径（/ 开头）或 http(s) 地址，可为空',
});
const Sort = Type.Integer({ minimum: 0, maximum: L.sortMax, description: '顺序，小者在前' });
/** An image by upload id: absent keeps the current one (update), null removes it. */
const ImageUpload = (description: string) => Type.Optional(Type.Union([Id(), Type.Null()], { description }));

/** Path parameter of one content row. */
export const AdminContentIdParams = Type.Object({ id: Id('编号') });
export type AdminContentIdParams = Static<typeof AdminContentIdParams>;

/** The answer of a delete. */
export const AdminDeleted = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) });
export type AdminDeleted = Static<typeof AdminDeleted>;

// ---------------------------------------------------------------- articles

/** GET /api/admin/articles */
export const AdminArticleListQuery = Type.Object({
  keyword: Keyword,
  categoryId: Type.Optional(Id('资讯分类')),
  status: Type.Optional(ContentStatusField),
  ...PageFields,
});
export type AdminArticleListQuery = Static<typeof AdminArticleListQuery>;

export const AdminArticleRow = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String({ description: '封面图地址，无则为空' }),
  coverUploadId: Type.Union([Type.Integer(), Type.Null()], { description: '封面图的上传编号' }),
  tags: Type.Array(Type.String()),
  source: Type.String(),
  author: Type.String(),
  membersOnly: Type.Boolean({ description: '仅会员可读全文' }),
  publishedAt: DateTime('发布时间；晚于现在即定时发布'),
  scheduled: Type.Boolean({ description: '已发布但发布时间未到（定时）' }),
  status: ContentStatusField,
  views: Type.Integer(),
  generated: Type.Boolean({ description: '系统据数据生成（不可编辑）' }),
  createdAt: DateTime('创建时间'),
  updatedAt: DateTime('修改时间'),
});
export type AdminArticleRow = Static<typeof AdminArticleRow>;

export const AdminArticlePage = Page(AdminArticleRow);
export type AdminArticlePage = Static<typeof AdminArticlePage>;

/** GET /api/admin/articles/{id} and every article write's answer. */
export const AdminArticleDetail = Type.Object({
  ...AdminArticleRow.properties,
  contentHtml: Type.String({ description: '正文（已净化的 HTML）' }),
});
export type AdminArticleDetail = Static<typeof AdminArticleDetail>;

/** POST /api/admin/articles, PUT /api/admin/articles/{id} (the whole article). */
export const AdminArticleBody = Type.Object({
  categoryId: Id('资讯分类'),
  title: Line(1, L.titleMax, '标题'),
  summary: Type.Optional(Text(L.summaryMax, '摘要')),
  contentHtml: Type.String({
    maxLength: L.htmlMax,
    description: '正文 HTML（服务端净化：脚本、事件、样式被去除）',
  }),
  coverUploadId: ImageUpload('封面图的上传编号；修改时不传则保留原图，null 去掉封面'),
  tags: Type.Optional(
    Type.Array(Line(1, L.tagMax, '标签'), { maxItems: L.tagsMax, description: `标签，最多 ${L.tagsMax} 个` }),
  ),
  source: Type.Optional(Line(0, L.sourceMax, '来源')),
  author: Type.Optional(Line(0, L.authorMax, '作者')),
  membersOnly: Type.Optional(Type.Boolean({ description: '仅会员可读全文，默认否' })),
  publishedAt: Type.Optional(DateTime('发布时间，默认现在；晚于现在即定时发布')),
  status: Type.Optional(ContentStatusField),
});
export type AdminArticleBody = Static<typeof AdminArticleBody>;

// ---------------------------------------------------------------- market dynamics

/** GET /api/admin/affairs */
export const AdminAffairListQuery = Type.Object({
  keyword: Keyword,
  kind: Type.Optional(AffairKindField),
  status: Type.Optional(ContentStatusField),
  ...PageFields,
});
export type AdminAffairListQuery = Static<typeof AdminAffairListQuery>;

export const AdminAffairRow = Type.Object({
  id: Type.Integer(),
  kind: AffairKindField,
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  coverUploadId: Type.Union([Type.Integer(), Type.Null()]),
  city: Type.String(),
  source: Type.String(),
  publishedAt: DateTime('发布时间；晚于现在即定时发布'),
  scheduled: Type.Boolean(),
  status: ContentStatusField,
  views: Type.Integer(),
  createdAt: DateTime('创建时间'),
  updatedAt: DateTime('修改时间'),
});
export type AdminAffairRow = Static<typeof AdminAffairRow>;

export const AdminAffairPage = Page(AdminAffairRow);
export type AdminAffairPage = Static<typeof AdminAffairPage>;

export const AdminAffairDetail = Type.Object({
  ...AdminAffairRow.properties,
  contentHtml: Type.String({ description: '正文（已净化的 HTML）' }),
});
export type AdminAffairDetail = Static<typeof AdminAffairDetail>;

/** POST /api/admin/affairs, PUT /api/admin/affairs/{id} */
export const AdminAffairBody = Type.Object({
  kind: AffairKindField,
  title: Line(1, L.titleMax, '标题'),
  summary: Type.Optional(Text(L.summaryMax, '摘要')),
  contentHtml: Type.String({ maxLength: L.htmlMax, description: '正文 HTML（服务端净化）' }),
  coverUploadId: ImageUpload('封面图的上传编号；修改时不传则保留原图，null 去掉封面'),
  city: Type.Optional(Line(0, L.cityMax, '城市')),
  source: Type.Optional(Line(0, L.sourceMax, '来源')),
  publishedAt: Type.Optional(DateTime('发布时间，默认现在')),
  status: Type.Optional(ContentStatusField),
});
export type AdminAffairBody = Static<typeof AdminAffairBody>;

// ---------------------------------------------------------------- agencies

/** GET /api/admin/agencies */
export const AdminAgencyListQuery = Type.Object({
  keyword: Keyword,
  active: Type.Optional(Type.Boolean({ description: '只看启用（true）或停用（false）' })),
  ...PageFields,
});
export type AdminAgencyListQuery = Static<typeof AdminAgencyListQuery>;

export const AdminAgencyRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  brands: Type.Array(Type.String()),
  products: Type.Array(Type.String()),
  region: Type.String(),
  province: Type.String(),
  city: Type.String(),
  address: Type.String(),
  contactName: Type.String(),
  contactPhone: Type.String(),
  intro: Type.String(),
  logo: Type.String(),
  logoUploadId: Type.Union([Type.Integer(), Type.Null()]),
  sort: Type.Integer(),
  active: Type.Boolean(),
  createdAt: DateTime('创建时间'),
  updatedAt: DateTime('修改时间'),
});
export type AdminAgencyRow = Static<typeof AdminAgencyRow>;

export const AdminAgencyPage = Page(AdminAgencyRow);
export type AdminAgencyPage = Static<typeof AdminAgencyPage>;

const ShortList = (description: string) =>
  Type.Array(Line(1, L.agencyItemMax, description), { maxItems: L.agencyListMax, description });

/** POST /api/admin/agencies, PUT /api/admin/agencies/{id} */
export const AdminAgencyBody = Type.Object({
  name: Line(1, L.agencyNameMax, '名称'),
  brands: Type.Optional(ShortList('代理的钢厂/品牌')),
  products: Type.Optional(ShortList('经营品名')),
  region: Type.Optional(Line(0, L.regionMax, '大区：华东、华南…')),
  province: Type.Optional(Line(0, L.provinceMax, '省份')),
  city: Type.Optional(Line(0, L.cityMax, '城市')),
  address: Type.Optional(Line(0, L.addressMax, '地址')),
  contactName: Type.Optional(Line(0, L.contactNameMax, '联系人')),
  contactPhone: Type.Optional(
    Type.String({ maxLength: L.contactPhoneMax, pattern: '^[0-9+\\- ]*$', description: '联系电话' }),
  ),
  intro: Type.Optional(Text(L.introMax, '简介（纯文本）')),
  logoUploadId: ImageUpload('标志图的上传编号；修改时不传则保留，null 去掉'),
  sort: Type.Optional(Sort),
  active: Type.Optional(Type.Boolean({ description: '启用（门户可见），默认是' })),
});
export type AdminAgencyBody = Static<typeof AdminAgencyBody>;

// ---------------------------------------------------------------- ads and banners

export const AdPositionField = Type.Union(
  [Type.Literal('homeBanner'), Type.Literal('floatAd'), Type.Literal('sideBar'), Type.Literal('listTop')],
  { description: '广告位：homeBanner 首页轮播，floatAd 浮动广告，sideBar 侧栏，listTop 列表顶部' },
);

/** GET /api/admin/ads */
export const AdminAdListQuery = Type.Object({
  keyword: Keyword,
  positionName: Type.Optional(AdPositionField),
  active: Type.Optional(Type.Boolean({ description: '只看启用（true）或停用（false）' })),
  ...PageFields,
});
export type AdminAdListQuery = Static<typeof AdminAdListQuery>;

export const AdminAdRow = Type.Object({
  id: Type.Integer(),
  positionName: Type.String(),
  title: Type.String(),
  imageUrl: Type.String(),
  imageUploadId: Type.Union([Type.Integer(), Type.Null()]),
  linkUrl: Type.String(),
  startsAt: NullableDateTime('投放开始；null 为不限'),
  endsAt: NullableDateTime('投放结束；null 为不限'),
  sort: Type.Integer(),
  active: Type.Boolean(),
  /** whether the portal shows it now: active and inside its window */
  live: Type.Boolean({ description: '当前是否在门户投放（启用且在投放期内）' }),
  createdAt: DateTime('创建时间'),
  updatedAt: DateTime('修改时间'),
});
export type AdminAdRow = Static<typeof AdminAdRow>;

export const AdminAdPage = Page(AdminAdRow);
export type AdminAdPage = Static<typeof AdminAdPage>;

/** POST /api/admin/ads, PUT /api/admin/ads/{id}; the image is required on create. */
export const AdminAdBody = Type.Object({
  positionName: AdPositionField,
  title: Line(1, L.adTitleMax, '广告标题（图片的替代文字）'),
  imageUploadId: Type.Optional(Id('广告图的上传编号；新建时必填，修改时不传则保留原图')),
  linkUrl: Type.Optional(Link),
  startsAt: Type.Optional(NullableDateTime('投放开始；null 或不传为不限')),
  endsAt: Type.Optional(NullableDateTime('投放结束；null 或不传为不限')),
  sort: Type.Optional(Sort),
  active: Type.Optional(Type.Boolean({ description: '启用，默认是' })),
});
export type AdminAdBody = Static<typeof AdminAdBody>;

// ---------------------------------------------------------------- home announcement

/** GET /api/web/2.0/home/announcement: the notice the home page shows now, or null. */
export const HomeAnnouncement = Type.Union([
  Type.Object({
    id: Type.Integer(),
    text: Type.String(),
    linkUrl: Type.String({ description: '点击去往的地址，可为空' }),
    startsAt: NullableDateTime('开始展示'),
    endsAt: NullableDateTime('结束展示'),
  }),
  Type.Null(),
]);
export type HomeAnnouncement = Static<typeof HomeAnnouncement>;

/** GET /api/admin/announcements */
export const AdminAnnouncementListQuery = Type.Object({
  keyword: Keyword,
  ...PageFields,
});
export type AdminAnnouncementListQuery = Static<typeof AdminAnnouncementListQuery>;

export const AdminAnnouncementRow = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  linkUrl: Type.String(),
  startsAt: NullableDateTime('开始展示；null 为不限'),
  endsAt: NullableDateTime('结束展示；null 为不限'),
  active: Type.Boolean(),
  live: Type.Boolean({ description: '当前是否在首页展示（最新一条启用且在展示期内的公告）' }),
  createdAt: DateTime('创建时间'),
  updatedAt: DateTime('修改时间'),
});
export type AdminAnnouncementRow = Static<typeof AdminAnnouncementRow>;

export const AdminAnnouncementPage = Page(AdminAnnouncementRow);
export type AdminAnnouncementPage = Static<typeof AdminAnnouncementPage>;

/** POST /api/admin/announcements, PUT /api/admin/announcements/{id} */
export const AdminAnnouncementBody = Type.Object({
  text: Line(1, L.announcementMax, '公告文字'),
  linkUrl: Type.Optional(Link),
  startsAt: Type.Optional(NullableDateTime('开始展示；null 或不传为不限')),
  endsAt: Type.Optional(NullableDateTime('结束展示；null 或不传为不限')),
  active: Type.Optional(Type.Boolean({ description: '启用，默认是' })),
});
export type AdminAnnouncementBody = Static<typeof AdminAnnouncementBody>;

/** Re-exported so the console's selects list them without reaching into market-content. */
export const ADMIN_AD_POSITIONS = AD_POSITIONS;
export const ADMIN_AFFAIR_KINDS = AFFAIR_KINDS;
