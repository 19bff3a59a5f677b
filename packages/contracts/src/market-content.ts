/**
 * Market dynamics (商务动态), agencies (代理商/经销商) and ads
 * (docs/api.md#market-dynamics-agencies-and-ads): the shapes and limits both the server and the
 * portal read.
 */
import { type Static, Type } from 'typebox';
import { Id, PAGE_SIZE_MAX } from './envelope.ts';

/** Text a person types into a filter: no control characters, bounded. */
const FilterText = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f]+$', description });

const PageSizeField = (dflt: number) =>
  Type.Integer({
    minimum: 1,
    maximum: PAGE_SIZE_MAX,
    default: dflt,
    description: `每页条数，最多 ${PAGE_SIZE_MAX}`,
  });
const PageNumberField = Type.Integer({
  minimum: 1,
  maximum: 10000,
  default: 1,
  description: '页码，从 1 开始',
});

/** Kinds of market dynamics: mill price adjustment, warehouse opening, event, market news. */
export const AFFAIR_KINDS = ['priceAdjust', 'warehouse', 'event', 'market'] as const;
export type AffairKind = (typeof AFFAIR_KINDS)[number];

export const AffairKindField = Type.Union(
  [Type.Literal('priceAdjust'), Type.Literal('warehouse'), Type.Literal('event'), Type.Literal('market')],
  { description: '类型：priceAdjust 钢厂调价，warehouse 新库开业，event 会展活动，market 市场快讯' },
);

/** GET /api/web/commercialAffairs/findPageWithoutLogin */
export const AffairPageQuery = Type.Object({
  kind: Type.Optional(AffairKindField),
  page: PageNumberField,
  pageSize: PageSizeField(10),
});
export type AffairPageQuery = Static<typeof AffairPageQuery>;

export const AffairSummary = Type.Object({
  id: Type.Integer(),
  kind: AffairKindField,
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String({ description: '封面图地址，无则为空' }),
  city: Type.String(),
  product: Type.Union([Type.String(), Type.Null()], { description: '涉及的品名' }),
  source: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
  views: Type.Integer(),
});
export type AffairSummary = Static<typeof AffairSummary>;

const AffairLink = Type.Union([Type.Object({ id: Type.Integer(), title: Type.String() }), Type.Null()]);

/** GET /api/web/commercialAffairs/getDetail/{id} */
export const AffairDetail = Type.Object({
  ...AffairSummary.properties,
  contentHtml: Type.String({ description: '正文（写入时已净化的 HTML）' }),
  previous: AffairLink,
  next: AffairLink,
});
export type AffairDetail = Static<typeof AffairDetail>;

/** GET /api/web/2.0/agency/page */
export const AgencyPageQuery = Type.Object({
  region: Type.Optional(FilterText(10, '大区：华东、华南、华北、华中、东北、西南、西北')),
  brand: Type.Optional(FilterText(20, '代理品牌（钢厂），如 宝钢')),
  keyword: Type.Optional(FilterText(50, '名称或城市关键词')),
  page: PageNumberField,
  pageSize: PageSizeField(12),
});
export type AgencyPageQuery = Static<typeof AgencyPageQuery>;

export const AgencySummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  brands: Type.Array(Type.String(), { description: '代理的钢厂/品牌' }),
  products: Type.Array(Type.String(), { description: '经营品名' }),
  region: Type.String(),
  province: Type.String(),
  city: Type.String(),
  logo: Type.String(),
  /** null for visitors: members see contact names */
  contactName: Type.Union([Type.String(), Type.Null()], { description: '联系人；游客为 null' }),
  phone: Type.String({ description: '联系电话；游客看到打码号码（138****1234）' }),
  phoneMasked: Type.Boolean({ description: '电话是否打码（登录后可见完整号码）' }),
});
export type AgencySummary = Static<typeof AgencySummary>;

/** The agency page with the filter choices (regions and brands that have agencies). */
export const AgencyPage = Type.Object({
  list: Type.Array(AgencySummary),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  regions: Type.Array(Type.String(), { description: '有代理商的大区' }),
  brands: Type.Array(Type.String(), { description: '代理的品牌，按代理商数多者在前' }),
});
export type AgencyPage = Static<typeof AgencyPage>;

/** GET /api/web/2.0/agency/detail/{id} */
export const AgencyDetail = Type.Object({
  ...AgencySummary.properties,
  address: Type.String(),
  intro: Type.String(),
});
export type AgencyDetail = Static<typeof AgencyDetail>;

/** Ad positions the portal shows. */
export const AD_POSITIONS = ['homeBanner', 'floatAd', 'sideBar', 'listTop'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

/** GET /api/web/2.0/ad/getByPositionName?positionName= */
export const AdQuery = Type.Object({
  // Any other name is refused with code 2 naming these (issue 35: a Latin one used to answer []).
  positionName: Type.Enum(AD_POSITIONS, {
    description: '广告位：homeBanner 首页轮播，floatAd 浮动广告，sideBar 侧栏，listTop 列表顶部',
  }),
});
export type AdQuery = Static<typeof AdQuery>;

export const AdItem = Type.Object({
  id: Type.Integer(),
  positionName: Type.String(),
  title: Type.String({ description: '广告标题（图片的替代文字）' }),
  imageUrl: Type.String(),
  linkUrl: Type.String({ description: '点击去往的地址；站内路径或 https 地址，可为空' }),
  sort: Type.Integer({ description: '位置内的顺序，小者在前' }),
  startsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type AdItem = Static<typeof AdItem>;

export const AdList = Type.Array(AdItem);
export type AdList = Static<typeof AdList>;

/** A path parameter id. */
export const ContentIdParams = Type.Object({ id: Id('编号') });

/** GET /api/web/2.0/home/newestCargo: the home page's newest spot stock (no contacts). */
export const NewestCargoItem = Type.Object({
  id: Type.Integer(),
  product: Type.String({ description: '品名' }),
  material: Type.String(),
  spec: Type.String(),
  origin: Type.String(),
  city: Type.String(),
  warehouse: Type.String(),
  weight: Type.Number({ description: '重量（吨）' }),
  price: Type.Number({ description: '单价（元/吨），0 为电议' }),
  supplier: Type.String({ description: '供应商简称' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type NewestCargoItem = Static<typeof NewestCargoItem>;
export const NewestCargo = Type.Object({
  list: Type.Array(NewestCargoItem),
  cachedForSeconds: Type.Integer(),
});
export type NewestCargo = Static<typeof NewestCargo>;
/** Rows of the home page's newest-stock block. */
export const NEWEST_CARGO_ROWS = 8;
