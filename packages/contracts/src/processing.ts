/**
 * Shared processing (共享加工, /process, issue 16): plants offer free capacity on their lines
 * (分条 slitting, 开平 cut-to-length, 纵剪, 横切) and open group orders (拼单) that members join
 * with a tonnage; joining or enquiring gives the plant's contact.
 *
 * Paths (docs/api.md#processing):
 * - GET /api/web/2.0/shareMach?lineType&city&thickness&width&groupOnly&sort&page&pageSize  public -> Page(ProcessingOffer)
 * - GET /api/web/2.0/shareMach/getMenus                                                   public -> ProcessingMenus
 * - GET /api/web/shareMach/enquiry/{id}?tonnes&remark                                     member -> ProcessingEnquiryResult
 *
 * Prices are 元 per tonne (two decimals); tonnages of offers and group orders are whole tonnes.
 */
import { type Static, Type } from 'typebox';
import { FacetEntry } from './cargo.ts';
import { Id, PAGE_SIZE_MAX } from './envelope.ts';

/** Processing lines, in menu order. */
export const PROCESSING_LINE_TYPES = ['分条', '开平', '纵剪', '横切'] as const;
export type ProcessingLineType = (typeof PROCESSING_LINE_TYPES)[number];

export const PROCESSING_LIMITS = {
  /** the most tonnes one member may put into one group order */
  joinTonnesMax: 100_000,
  remarkLength: 300,
  cityLength: 20,
  pageSizeMax: PAGE_SIZE_MAX,
  pageMax: 1000,
  /** thickness in mm a filter may ask for */
  thicknessMax: 500,
  /** width in mm a filter may ask for */
  widthMax: 6000,
} as const;
const L = PROCESSING_LIMITS;

export const ProcessingSort = Type.Union(
  [Type.Literal('default'), Type.Literal('price'), Type.Literal('capacity'), Type.Literal('deadline')],
  {
    default: 'default',
    description:
      '排序：default 推荐，price 加工费从低到高，capacity 空闲产能从高到低，deadline 拼单截止从近到远',
  },
);

export const ProcessingQuery = Type.Object({
  lineType: Type.Optional(
    Type.Union([Type.Literal('分条'), Type.Literal('开平'), Type.Literal('纵剪'), Type.Literal('横切')], {
      description: '加工类型（分条、开平、纵剪、横切）',
    }),
  ),
  city: Type.Optional(Type.String({ minLength: 1, maxLength: L.cityLength, description: '城市' })),
  thickness: Type.Optional(
    Type.Number({ exclusiveMinimum: 0, maximum: L.thicknessMax, description: '厚度 mm（加工范围须包含）' }),
  ),
  width: Type.Optional(
    Type.Integer({ minimum: 1, maximum: L.widthMax, description: '宽度 mm（加工范围须包含）' }),
  ),
  groupOnly: Type.Optional(Type.Boolean({ description: '只看可加入的拼单' })),
  sort: ProcessingSort,
  page: Type.Integer({ minimum: 1, maximum: L.pageMax, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 12 }),
});
export type ProcessingQuery = Static<typeof ProcessingQuery>;

/** A group order's state: open to join, full (target reached) or closed (deadline passed or stopped). */
export const GroupOrderState = Type.Union([
  Type.Literal('open'),
  Type.Literal('full'),
  Type.Literal('closed'),
]);
export type GroupOrderState = Static<typeof GroupOrderState>;

export const GroupOrder = Type.Object({
  targetTonnes: Type.Integer({ description: '拼单目标吨位' }),
  joinedTonnes: Type.Integer({ description: '已拼吨位' }),
  leftTonnes: Type.Integer({ description: '剩余可拼吨位' }),
  /** joined / target in percent, two decimals */
  progress: Type.Number({ description: '拼单进度（%）' }),
  /** YYYY-MM-DD; the last day to join */
  deadline: Type.Union([Type.String(), Type.Null()]),
  state: GroupOrderState,
  /** members in the group order */
  members: Type.Integer(),
});
export type GroupOrder = Static<typeof GroupOrder>;

export const ProcessingOffer = Type.Object({
  id: Type.Integer(),
  plantName: Type.String(),
  lineType: Type.String(),
  thicknessMin: Type.Number(),
  thicknessMax: Type.Number(),
  widthMin: Type.Integer(),
  widthMax: Type.Integer(),
  city: Type.String(),
  address: Type.String(),
  /** 元 per tonne */
  price: Type.Number({ description: '加工费（元/吨）' }),
  freeCapacityTonnes: Type.Integer({ description: '空闲产能（吨）' }),
  intro: Type.String(),
  /** null when the plant runs no group order on this offer */
  group: Type.Union([GroupOrder, Type.Null()]),
  /** the caller's tonnes in the group order; null for a visitor or one who has not joined */
  myTonnes: Type.Union([Type.Integer(), Type.Null()]),
});
export type ProcessingOffer = Static<typeof ProcessingOffer>;

export const ProcessingMenus = Type.Object({
  lineTypes: Type.Array(FacetEntry),
  cities: Type.Array(FacetEntry),
  /** offers with a group order open to join */
  openGroups: Type.Integer(),
});
export type ProcessingMenus = Static<typeof ProcessingMenus>;

export const ProcessingEnquiryParams = Type.Object({ id: Id('加工报价 id') });

export const ProcessingEnquiryQuery = Type.Object({
  tonnes: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: L.joinTonnesMax,
      description: '拼单吨位（正整数吨；不填为仅询价）',
    }),
  ),
  remark: Type.Optional(Type.String({ maxLength: L.remarkLength, description: '备注' })),
});
export type ProcessingEnquiryQuery = Static<typeof ProcessingEnquiryQuery>;

export const ProcessingEnquiryResult = Type.Object({
  offerId: Type.Integer(),
  plantName: Type.String(),
  contactName: Type.String(),
  contactPhone: Type.String(),
  address: Type.String(),
  city: Type.String(),
  /** the caller's tonnes in the group order after this call; null when only enquired */
  myTonnes: Type.Union([Type.Integer(), Type.Null()]),
  group: Type.Union([GroupOrder, Type.Null()]),
});
export type ProcessingEnquiryResult = Static<typeof ProcessingEnquiryResult>;
