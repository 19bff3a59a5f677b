/**
 * Trade services of issue 16, part 1: which services are open (openCheck), uploads, and
 * warehouse inspection (验货: an inspector goes to a partner warehouse, checks the coils and
 * reports step by step with photos).
 *
 * Paths:
 * - GET  /api/ma/common/openCheck                               public -> OpenCheck
 * - POST /api/web/upload  multipart, field `file`                member -> UploadedFile
 * - GET  /api/web/upload/file/{id}?exp&sig                      owner, operator or a signed link -> the bytes
 * - GET  /api/web/2.0/inspection/warehouseList/region           public -> InspectionRegions
 * - POST /api/web/2.0/inspection/inspections  body InspectionRequest  member -> InspectionCreated
 * - GET  /api/web/2.0/inspection/warehouseList/history?page&pageSize&status  member -> Page(InspectionItem)
 * - GET  /api/web/2.0/inspection/trace/list?id                  owner -> InspectionTrace
 */
import { type Static, Type } from 'typebox';
import { PHONE_PATTERN } from './account.ts';
import { COIL_NO_PATTERN } from './cloud.ts';
import { Id, PageQuery } from './envelope.ts';
import { DayString } from './index-data.ts';

// ---------------------------------------------------------------------------------------------
// openCheck

/** The services the portal may show as 即将开放 (coming soon). */
export const SERVICE_KEYS = ['inspection', 'cloudWarehouse', 'processing', 'payment'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export const ServiceSwitch = Type.Object({
  key: Type.String({ description: 'inspection, cloudWarehouse, processing, payment' }),
  name: Type.String({ description: '服务名称，如 仓库验货' }),
  open: Type.Boolean(),
  note: Type.String({ description: '未开放时的说明，可为空' }),
});
export type ServiceSwitch = Static<typeof ServiceSwitch>;

export const OpenCheck = Type.Object({
  services: Type.Array(ServiceSwitch),
  /** key -> open, for a quick look-up; a key that is missing is closed */
  open: Type.Record(Type.String({ maxLength: 30 }), Type.Boolean()),
});
export type OpenCheck = Static<typeof OpenCheck>;

// ---------------------------------------------------------------------------------------------
// uploads (docs/portal.md#uploads)

export const UPLOAD_LIMITS = {
  /** the largest file, bytes */
  maxBytes: 5 * 1024 * 1024,
  /** files attached to one request */
  maxFiles: 5,
  /** uploads one member may make per minute */
  perMinute: 30,
  nameMax: 120,
} as const;

/** What the upload endpoint takes, by content (magic bytes), and the extensions that name it. */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';

/** Field name 'file', method post, auto upload (docs/portal.md#constants). */
export const UPLOAD_FIELD_NAME = 'file';
export const UPLOAD_PATH = '/api/web/upload';

export const UploadedFile = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: '原文件名' }),
  size: Type.Integer({ description: '字节' }),
  mime: Type.String(),
  /** a link the owner's browser can open for a while (signed), e.g. in an <img> */
  url: Type.String(),
  createdAt: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;

export const UploadFileParams = Type.Object({ id: Id('文件ID') });
export const UploadFileQuery = Type.Object({
  exp: Type.Optional(Type.Integer({ minimum: 0, maximum: 9_999_999_999, description: '链接到期（秒）' })),
  sig: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$', description: '链接签名' })),
});

// ---------------------------------------------------------------------------------------------
// inspection

export const INSPECTION_LIMITS = {
  coilsMax: 50,
  cargoIdsMax: 50,
  contactNameMax: 20,
  remarkMax: 300,
  /** how far ahead a date may be asked for, days */
  daysAheadMax: 90,
} as const;

/** A coil number (卷号): the pattern /beginClound's lookup checks too (cloud.ts). */
export const COIL_NUMBER_PATTERN = COIL_NO_PATTERN;
export const CoilNumber = Type.String({
  pattern: COIL_NUMBER_PATTERN,
  description: '卷号：字母、数字或-，6-24位，以字母或数字开头',
});

/** Beans a member without VIP pays for one inspection request; VIP (免豆会员) requests free. */
export const INSPECTION_BEANS = 20;

/** Status as stored; the portal shows 待受理 (requested, accepted), 验货中, 已完成, 已取消. */
export const INSPECTION_STATUS_VALUES = [
  'requested',
  'accepted',
  'in_progress',
  'done',
  'cancelled',
] as const;
export const INSPECTION_STATUS_TEXT: Record<(typeof INSPECTION_STATUS_VALUES)[number], string> = {
  requested: '待受理',
  accepted: '待受理',
  in_progress: '验货中',
  done: '已完成',
  cancelled: '已取消',
};

export const InspectionWarehouse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  city: Type.String(),
  province: Type.String(),
  address: Type.String(),
  capacityTonnes: Type.Integer({ description: '库容（吨）' }),
  /** stock / capacity in percent (two decimals) on the latest day with figures; null without figures */
  saturation: Type.Union([Type.Number(), Type.Null()]),
  stockTonnes: Type.Union([Type.Number(), Type.Null()]),
});
export type InspectionWarehouse = Static<typeof InspectionWarehouse>;

export const InspectionRegion = Type.Object({
  region: Type.String({ description: '华东、华南…' }),
  warehouses: Type.Array(InspectionWarehouse),
});
export const InspectionRegions = Type.Object({
  regions: Type.Array(InspectionRegion),
  total: Type.Integer(),
  /** beans a member pays per request; 0 when the caller is VIP */
  beansPerRequest: Type.Integer(),
  /** the member's balance, null for a visitor */
  beans: Type.Union([Type.Integer(), Type.Null()]),
  isVip: Type.Boolean(),
});
export type InspectionRegions = Static<typeof InspectionRegions>;

export const InspectionRequest = Type.Object({
  warehouseId: Id('仓库'),
  coilNumbers: Type.Array(CoilNumber, {
    maxItems: INSPECTION_LIMITS.coilsMax,
    default: [],
    description: '卷号',
  }),
  cargoIds: Type.Array(Id('现货ID'), {
    maxItems: INSPECTION_LIMITS.cargoIdsMax,
    default: [],
    description: '现货ID',
  }),
  requestedDate: Type.String({ ...DayString, description: '期望验货日期 YYYY-MM-DD' }),
  contactName: Type.String({
    minLength: 1,
    maxLength: INSPECTION_LIMITS.contactNameMax,
    description: '联系人',
  }),
  contactPhone: Type.String({ pattern: PHONE_PATTERN, description: '联系电话（手机号）' }),
  remark: Type.String({ maxLength: INSPECTION_LIMITS.remarkMax, default: '', description: '备注' }),
  attachmentIds: Type.Array(Id('附件'), {
    maxItems: UPLOAD_LIMITS.maxFiles,
    default: [],
    description: '附件',
  }),
  /** one key per submission: sending it again answers the same request and charges nothing more */
  requestKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: '提交编号' })),
});
export type InspectionRequest = Static<typeof InspectionRequest>;

export const InspectionCreated = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  statusText: Type.String(),
  beansSpent: Type.Integer(),
  /** the balance after the request */
  beans: Type.Integer(),
});
export type InspectionCreated = Static<typeof InspectionCreated>;

export const InspectionItem = Type.Object({
  id: Type.Integer(),
  warehouseId: Type.Integer(),
  warehouseName: Type.String(),
  city: Type.String(),
  coilNumbers: Type.Array(Type.String()),
  cargoIds: Type.Array(Type.Integer()),
  requestedDate: Type.String(),
  contactName: Type.String(),
  contactPhone: Type.String(),
  remark: Type.String(),
  status: Type.String(),
  statusText: Type.String({ description: '待受理、验货中、已完成、已取消' }),
  beansSpent: Type.Integer(),
  conclusion: Type.String(),
  attachments: Type.Array(UploadedFile),
  steps: Type.Integer({ description: '已记录的步骤数' }),
  createdAt: Type.String(),
});
export type InspectionItem = Static<typeof InspectionItem>;

export const InspectionHistoryQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(
    Type.Union(
      INSPECTION_STATUS_VALUES.map((s) => Type.Literal(s)),
      { description: '状态' },
    ),
  ),
});
export type InspectionHistoryQuery = Static<typeof InspectionHistoryQuery>;

export const InspectionTraceQuery = Type.Object({ id: Id('验货申请ID') });

export const InspectionPhoto = Type.Object({ id: Type.Integer(), name: Type.String(), url: Type.String() });
export type InspectionPhoto = Static<typeof InspectionPhoto>;

export const InspectionStep = Type.Object({
  step: Type.Integer(),
  title: Type.String(),
  at: Type.String(),
  inspector: Type.String(),
  findings: Type.String(),
  photos: Type.Array(InspectionPhoto),
});
export type InspectionStep = Static<typeof InspectionStep>;

export const InspectionTrace = Type.Object({
  inspection: InspectionItem,
  steps: Type.Array(InspectionStep),
});
export type InspectionTrace = Static<typeof InspectionTrace>;
