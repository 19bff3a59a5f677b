/**
 * The operator console's trade services (issue 18, part "services"): the inspection workflow,
 * processing offers with their group orders (拼单) and the members' enquiries, and the service
 * switches (openCheck). All access `admin`, tag `admin`; every write is one transaction with
 * exactly one audit row.
 *
 * Paths:
 * - GET  /api/admin/inspections?keyword&status&page&pageSize      -> Page(AdminInspectionRow)
 * - GET  /api/admin/inspections/{id}                              -> AdminInspectionDetail
 * - POST /api/admin/inspections/{id}/accept    AdminInspectionAcceptBody   -> AdminInspectionDetail
 * - POST /api/admin/inspections/{id}/assign    AdminInspectionAssignBody   -> AdminInspectionDetail
 * - POST /api/admin/inspections/{id}/steps     AdminInspectionStepBody     -> AdminInspectionDetail
 * - POST /api/admin/inspections/{id}/complete  AdminInspectionCompleteBody -> AdminInspectionDetail
 * - POST /api/admin/inspections/{id}/cancel    AdminInspectionCancelBody   -> AdminInspectionDetail
 * - GET  /api/admin/processing/offers?keyword&lineType&active&page&pageSize -> Page(AdminOfferRow)
 * - POST /api/admin/processing/offers, PUT /api/admin/processing/offers/{id}  AdminOfferBody -> AdminOfferRow
 * - DELETE /api/admin/processing/offers/{id}                        -> AdminDeleted
 * - POST /api/admin/processing/offers/{id}/group  AdminGroupBody    -> AdminOfferRow
 * - GET  /api/admin/processing/enquiries?offerId&status&keyword&page&pageSize -> Page(AdminEnquiryRow)
 * - PUT  /api/admin/processing/enquiries/{id}   AdminEnquiryBody    -> AdminEnquiryRow
 * - GET  /api/admin/switches                                        -> AdminSwitchList
 * - PUT  /api/admin/switches/{key}              AdminSwitchBody     -> AdminSwitch
 *
 * Inspection states: requested 待受理 -> accepted 已受理 -> in_progress 验货中 -> done 已完成;
 * cancelled 已取消 from any state before done. A cancelled request that cost beans gives them back.
 */
import { type Static, Type } from 'typebox';
import { Id, PAGE_SIZE_MAX, Page } from './envelope.ts';
import { DayString } from './index-data.ts';
import { InspectionPhoto, UPLOAD_LIMITS, UploadedFile } from './inspection.ts';

/** Bounds of what an operator types (they match the columns). */
export const ADMIN_SERVICES_LIMITS = {
  keywordMax: 50,
  pageSizeMax: PAGE_SIZE_MAX,
  noteMax: 200,
  inspectorNameMax: 30,
  inspectorPhoneMax: 20,
  stepTitleMax: 50,
  findingsMax: 2000,
  /** photos of one traced step */
  photosMax: 9,
  /** bytes of one photo (what the upload takes) */
  photoMaxBytes: UPLOAD_LIMITS.maxBytes,
  conclusionMax: 2000,
  reasonMin: 2,
  reasonMax: 200,
  plantNameMax: 100,
  cityMax: 20,
  addressMax: 200,
  contactNameMax: 50,
  contactPhoneMax: 20,
  introMax: 5000,
  /** 元 per tonne */
  priceMax: 100_000,
  thicknessMax: 500,
  widthMax: 6000,
  tonnesMax: 1_000_000,
  sortMax: 9999,
  switchNoteMax: 100,
} as const;
const L = ADMIN_SERVICES_LIMITS;

/** Photo types a step takes (what the upload takes, without PDF). */
export const INSPECTION_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const Line = (minLength: number, maxLength: number, description: string) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u001f]*$', description });
const Text = (maxLength: number, description: string) =>
  Type.String({ maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$', description });
const Keyword = (description: string) =>
  Type.Optional(
    Type.String({ minLength: 1, maxLength: L.keywordMax, pattern: '^[^\\u0000-\\u001f]+$', description }),
  );
const PageFields = {
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: '页码，从 1 开始' }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20, description: '每页条数' }),
};
const Phone = (description: string) =>
  Type.String({ minLength: 5, maxLength: L.contactPhoneMax, pattern: '^[0-9+\\- ]+$', description });

/** Path parameter of one row. */
export const AdminServiceIdParams = Type.Object({ id: Id('编号') });
export type AdminServiceIdParams = Static<typeof AdminServiceIdParams>;

// ---------------------------------------------------------------- inspections

export const ADMIN_INSPECTION_STATUSES = [
  'requested',
  'accepted',
  'in_progress',
  'done',
  'cancelled',
] as const;
export type AdminInspectionStatus = (typeof ADMIN_INSPECTION_STATUSES)[number];
/** The console names every state apart (the portal shows requested and accepted both as 待受理). */
export const ADMIN_INSPECTION_STATUS_TEXT: Record<AdminInspectionStatus, string> = {
  requested: '待受理',
  accepted: '已受理',
  in_progress: '验货中',
  done: '已完成',
  cancelled: '已取消',
};

/** What an operator may do to a request. */
export const INSPECTION_ACTIONS = ['accept', 'assign', 'step', 'complete', 'cancel'] as const;
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number];

/** Which actions each state allows: the one table the server checks and the screen offers. */
export const INSPECTION_TRANSITIONS: Record<AdminInspectionStatus, readonly InspectionAction[]> = {
  requested: ['accept', 'cancel'],
  accepted: ['assign', 'step', 'cancel'],
  in_progress: ['assign', 'step', 'complete', 'cancel'],
  done: [],
  cancelled: [],
};

export const AdminInspectionStatusField = Type.Union(
  [
    Type.Literal('requested'),
    Type.Literal('accepted'),
    Type.Literal('in_progress'),
    Type.Literal('done'),
    Type.Literal('cancelled'),
  ],
  {
    description: '状态：requested 待受理，accepted 已受理，in_progress 验货中，done 已完成，cancelled 已取消',
  },
);

/** GET /api/admin/inspections */
export const AdminInspectionQuery = Type.Object({
  keyword: Keyword('申请编号、会员手机号或姓名、联系人、仓库名'),
  status: Type.Optional(AdminInspectionStatusField),
  ...PageFields,
});
export type AdminInspectionQuery = Static<typeof AdminInspectionQuery>;

export const AdminInspectionRow = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  memberPhone: Type.String({ description: '会员手机号（不打码）' }),
  memberName: Type.String(),
  companyName: Type.String({ description: '会员公司，无则为空' }),
  warehouseId: Type.Integer(),
  warehouseName: Type.String(),
  city: Type.String(),
  coilNumbers: Type.Array(Type.String()),
  cargoIds: Type.Array(Type.Integer()),
  requestedDate: Type.String(),
  contactName: Type.String(),
  contactPhone: Type.String(),
  remark: Type.String(),
  status: AdminInspectionStatusField,
  statusText: Type.String(),
  beansSpent: Type.Integer({ description: '申请所扣钢豆' }),
  conclusion: Type.String({ description: '验货结论（完成后）' }),
  inspectorName: Type.String({ description: '指派的验货员，未指派为空' }),
  inspectorPhone: Type.String(),
  steps: Type.Integer({ description: '已记录的跟踪步骤数' }),
  /** what the operator may do now (INSPECTION_TRANSITIONS of the status) */
  actions: Type.Array(
    Type.Union([
      Type.Literal('accept'),
      Type.Literal('assign'),
      Type.Literal('step'),
      Type.Literal('complete'),
      Type.Literal('cancel'),
    ]),
  ),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AdminInspectionRow = Static<typeof AdminInspectionRow>;
export const AdminInspectionPage = Page(AdminInspectionRow);
export type AdminInspectionPage = Static<typeof AdminInspectionPage>;

export const AdminInspectionStep = Type.Object({
  step: Type.Integer(),
  title: Type.String(),
  at: Type.String(),
  inspector: Type.String(),
  findings: Type.String(),
  photos: Type.Array(InspectionPhoto),
});
export type AdminInspectionStep = Static<typeof AdminInspectionStep>;

/** One request with the member's attachments and its traced steps (photo links signed). */
export const AdminInspectionDetail = Type.Object({
  ...AdminInspectionRow.properties,
  attachments: Type.Array(UploadedFile),
  trace: Type.Array(AdminInspectionStep),
});
export type AdminInspectionDetail = Static<typeof AdminInspectionDetail>;

export const AdminInspectionAcceptBody = Type.Object({
  note: Type.Optional(Text(L.noteMax, '受理说明（写入跟踪记录，可为空）')),
});
export type AdminInspectionAcceptBody = Static<typeof AdminInspectionAcceptBody>;

export const AdminInspectionAssignBody = Type.Object({
  name: Line(1, L.inspectorNameMax, '验货员姓名'),
  phone: Phone('验货员电话'),
});
export type AdminInspectionAssignBody = Static<typeof AdminInspectionAssignBody>;

export const AdminInspectionStepBody = Type.Object({
  title: Line(1, L.stepTitleMax, '步骤名称，如 到库核对、外观检查'),
  findings: Text(L.findingsMax, '发现（会员在跟踪记录中可见）'),
  photoIds: Type.Array(Id('照片的上传编号'), {
    maxItems: L.photosMax,
    default: [],
    description: `照片（先上传；只收 JPG、PNG、WebP，最多 ${L.photosMax} 张）`,
  }),
});
export type AdminInspectionStepBody = Static<typeof AdminInspectionStepBody>;

export const AdminInspectionCompleteBody = Type.Object({
  conclusion: Type.String({
    minLength: 2,
    maxLength: L.conclusionMax,
    pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$',
    description: '验货结论（会员可见）',
  }),
});
export type AdminInspectionCompleteBody = Static<typeof AdminInspectionCompleteBody>;

export const AdminInspectionCancelBody = Type.Object({
  reason: Line(L.reasonMin, L.reasonMax, '取消原因（会员在跟踪记录中可见）'),
});
export type AdminInspectionCancelBody = Static<typeof AdminInspectionCancelBody>;

// ---------------------------------------------------------------- processing

export const AdminLineTypeField = Type.Union(
  [Type.Literal('分条'), Type.Literal('开平'), Type.Literal('纵剪'), Type.Literal('横切')],
  { description: '加工类型：分条、开平、纵剪、横切' },
);

/** GET /api/admin/processing/offers */
export const AdminOfferQuery = Type.Object({
  keyword: Keyword('加工厂名或城市'),
  lineType: Type.Optional(AdminLineTypeField),
  active: Type.Optional(Type.Boolean({ description: '是否上架' })),
  ...PageFields,
});
export type AdminOfferQuery = Static<typeof AdminOfferQuery>;

export const AdminOfferRow = Type.Object({
  id: Type.Integer(),
  plantName: Type.String(),
  lineType: Type.String(),
  thicknessMin: Type.Number({ description: 'mm' }),
  thicknessMax: Type.Number({ description: 'mm' }),
  widthMin: Type.Integer({ description: 'mm' }),
  widthMax: Type.Integer({ description: 'mm' }),
  city: Type.String(),
  address: Type.String(),
  price: Type.Number({ description: '加工费（元/吨）' }),
  freeCapacityTonnes: Type.Integer({ description: '空闲产能（吨）' }),
  groupOpen: Type.Boolean({ description: '拼单开放加入' }),
  groupTargetTonnes: Type.Integer({ description: '拼单目标吨位，0 为不拼单' }),
  groupJoinedTonnes: Type.Integer({ description: '已拼吨位' }),
  groupDeadline: Type.Union([Type.String(), Type.Null()], { description: '拼单截止日期' }),
  groupState: Type.Union(
    [Type.Literal('none'), Type.Literal('open'), Type.Literal('full'), Type.Literal('closed')],
    {
      description: '拼单状态：none 无拼单，open 进行中，full 已满，closed 已截止或已关闭',
    },
  ),
  members: Type.Integer({ description: '已加入拼单的会员数' }),
  enquiries: Type.Integer({ description: '询价与拼单记录数' }),
  contactName: Type.String(),
  contactPhone: Type.String(),
  intro: Type.String(),
  active: Type.Boolean({ description: '上架（门户可见）' }),
  sort: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AdminOfferRow = Static<typeof AdminOfferRow>;
export const AdminOfferPage = Page(AdminOfferRow);
export type AdminOfferPage = Static<typeof AdminOfferPage>;

/** POST and PUT /api/admin/processing/offers: the whole offer. */
export const AdminOfferBody = Type.Object({
  plantName: Line(1, L.plantNameMax, '加工厂名称'),
  lineType: AdminLineTypeField,
  thicknessMin: Type.Number({ exclusiveMinimum: 0, maximum: L.thicknessMax, description: '最小厚度 mm' }),
  thicknessMax: Type.Number({ exclusiveMinimum: 0, maximum: L.thicknessMax, description: '最大厚度 mm' }),
  widthMin: Type.Integer({ minimum: 1, maximum: L.widthMax, description: '最小宽度 mm' }),
  widthMax: Type.Integer({ minimum: 1, maximum: L.widthMax, description: '最大宽度 mm' }),
  city: Line(1, L.cityMax, '城市'),
  address: Type.Optional(Line(0, L.addressMax, '地址')),
  price: Type.Number({ minimum: 0, maximum: L.priceMax, description: '加工费（元/吨，两位小数）' }),
  freeCapacityTonnes: Type.Integer({ minimum: 0, maximum: L.tonnesMax, description: '空闲产能（吨）' }),
  groupOpen: Type.Boolean({ description: '拼单开放加入' }),
  groupTargetTonnes: Type.Integer({
    minimum: 0,
    maximum: L.tonnesMax,
    description: '拼单目标吨位，0 为不拼单',
  }),
  groupDeadline: Type.Union([Type.String({ ...DayString }), Type.Null()], {
    description: '拼单截止日期，可为空',
  }),
  contactName: Line(1, L.contactNameMax, '联系人'),
  contactPhone: Phone('联系电话'),
  intro: Type.Optional(Text(L.introMax, '介绍')),
  active: Type.Boolean({ description: '上架' }),
  sort: Type.Integer({ minimum: 0, maximum: L.sortMax, description: '顺序，小者在前' }),
});
export type AdminOfferBody = Static<typeof AdminOfferBody>;

/** POST /api/admin/processing/offers/{id}/group: opens or closes the group order. */
export const AdminGroupBody = Type.Object({
  open: Type.Boolean({ description: 'true 开放拼单，false 关闭拼单' }),
});
export type AdminGroupBody = Static<typeof AdminGroupBody>;

export const ENQUIRY_STATUS_VALUES = ['new', 'contacted', 'closed'] as const;
export type EnquiryStatusValue = (typeof ENQUIRY_STATUS_VALUES)[number];
export const ENQUIRY_STATUS_TEXT: Record<EnquiryStatusValue, string> = {
  new: '待跟进',
  contacted: '已联系',
  closed: '已关闭',
};
export const EnquiryStatusField = Type.Union(
  [Type.Literal('new'), Type.Literal('contacted'), Type.Literal('closed')],
  { description: '跟进状态：new 待跟进，contacted 已联系，closed 已关闭' },
);

/** GET /api/admin/processing/enquiries */
export const AdminEnquiryQuery = Type.Object({
  offerId: Type.Optional(Id('加工报价')),
  status: Type.Optional(EnquiryStatusField),
  keyword: Keyword('会员手机号、姓名或加工厂名'),
  ...PageFields,
});
export type AdminEnquiryQuery = Static<typeof AdminEnquiryQuery>;

export const AdminEnquiryRow = Type.Object({
  id: Type.Integer(),
  offerId: Type.Integer(),
  plantName: Type.String(),
  lineType: Type.String(),
  userId: Type.Integer(),
  memberPhone: Type.String(),
  memberName: Type.String(),
  companyName: Type.String(),
  tonnes: Type.Integer({ description: '拼单吨位，0 为仅询价' }),
  kind: Type.Union([Type.Literal('join'), Type.Literal('enquiry')], {
    description: 'join 拼单，enquiry 询价',
  }),
  remark: Type.String(),
  status: EnquiryStatusField,
  statusText: Type.String(),
  handledNote: Type.String({ description: '运营跟进备注' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AdminEnquiryRow = Static<typeof AdminEnquiryRow>;
export const AdminEnquiryPage = Page(AdminEnquiryRow);
export type AdminEnquiryPage = Static<typeof AdminEnquiryPage>;

/** PUT /api/admin/processing/enquiries/{id}: the follow-up state and note. */
export const AdminEnquiryBody = Type.Object({
  status: EnquiryStatusField,
  note: Type.Optional(Text(L.noteMax, '跟进备注')),
});
export type AdminEnquiryBody = Static<typeof AdminEnquiryBody>;

// ---------------------------------------------------------------- service switches

export const AdminSwitchParams = Type.Object({
  key: Type.Union(
    [
      Type.Literal('inspection'),
      Type.Literal('cloudWarehouse'),
      Type.Literal('processing'),
      Type.Literal('payment'),
    ],
    { description: '服务：inspection, cloudWarehouse, processing, payment' },
  ),
});
export type AdminSwitchParams = Static<typeof AdminSwitchParams>;

export const AdminSwitch = Type.Object({
  key: Type.String(),
  name: Type.String(),
  open: Type.Boolean(),
  note: Type.String({ description: '未开放时门户显示的说明' }),
  sort: Type.Integer(),
  updatedAt: Type.String(),
});
export type AdminSwitch = Static<typeof AdminSwitch>;

export const AdminSwitchList = Type.Object({ list: Type.Array(AdminSwitch) });
export type AdminSwitchList = Static<typeof AdminSwitchList>;

export const AdminSwitchBody = Type.Object({
  open: Type.Boolean({ description: '是否开放' }),
  note: Type.Optional(Line(0, L.switchNoteMax, '未开放时的说明（不传则保留）')),
});
export type AdminSwitchBody = Static<typeof AdminSwitchBody>;
