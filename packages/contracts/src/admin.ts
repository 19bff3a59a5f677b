/**
 * The operator console (issue 18): users, the audit log and the dashboard.
 *
 * Paths (docs/api.md#operator-console), all access `admin`, tag `admin`:
 * - GET  /api/admin/users?keyword&role&disabled&page&pageSize   -> Page(AdminUser)
 * - PUT  /api/admin/users/:id/role        body AdminRoleBody       -> AdminUser
 * - POST /api/admin/users/:id/disable     body AdminDisableBody    -> AdminUser
 * - POST /api/admin/users/:id/enable      body AdminEnableBody     -> AdminUser
 * - POST /api/admin/users/:id/beans       body AdminBeansBody      -> AdminUser
 * - POST /api/admin/users/:id/membership  body AdminMembershipBody -> AdminUser
 * - PUT  /api/admin/users/:id/company     body AdminCompanyBody    -> AdminUser
 * - GET  /api/admin/audit?operatorId&entity&action&entityId&from&to&page&pageSize -> Page(AuditRow)
 * - GET  /api/admin/dashboard                                      -> Dashboard
 *
 * Every write runs in one transaction with exactly one audit row (who, when, ip, request id,
 * action `<entity>.<verb>`, entity and id, the row before and after as JSON). An operator cannot
 * disable or demote itself. Money in the dashboard is yuan (two decimals).
 */
import { type Static, Type } from 'typebox';
import { ACCOUNT_LIMITS } from './account.ts';
import { Id, PAGE_SIZE_MAX, Page } from './envelope.ts';
import { DayString } from './index-data.ts';

export const ADMIN_LIMITS = {
  keywordLength: 50,
  pageSizeMax: PAGE_SIZE_MAX,
  /** reason of a disable, a beans adjustment or a membership grant */
  reasonMin: 2,
  reasonMax: 200,
  /** beans one adjustment may move, either way */
  beansDeltaMax: 1_000_000,
  /** days one membership grant may add */
  grantDaysMax: 3650,
  /** audit search: an entity or action name */
  auditNameLength: 50,
  auditEntityIdLength: 64,
  /** days of the dashboard's trend */
  dashboardDays: 30,
} as const;
const L = ADMIN_LIMITS;

const IsoTime = Type.String({ format: 'date-time' });

export const USER_ROLES = ['member', 'trader', 'admin'] as const;
export type UserRoleName = (typeof USER_ROLES)[number];
export const UserRole = Type.Union([Type.Literal('member'), Type.Literal('trader'), Type.Literal('admin')], {
  description: 'member 会员, trader 商家, admin 运营',
});

/** A reason an operator writes (disable, beans, membership): 2..200 characters. */
export const AdminReason = Type.String({
  minLength: L.reasonMin,
  maxLength: L.reasonMax,
  description: `原因（${L.reasonMin}–${L.reasonMax} 字）`,
});

/** One membership of a user as the console shows it. */
export const AdminUserMembership = Type.Object({
  commodityId: Type.Integer(),
  name: Type.String(),
  /** end of the latest period (may lie in the past) */
  expireAt: IsoTime,
  active: Type.Boolean(),
});
export type AdminUserMembership = Static<typeof AdminUserMembership>;

/** A user row of the console: the phone unmasked (operators see it). */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  linkMan: Type.String(),
  role: UserRole,
  company: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  beans: Type.Integer(),
  memberships: Type.Array(AdminUserMembership),
  /** when the user was disabled; null = enabled */
  disabledAt: Type.Union([IsoTime, Type.Null()]),
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
});
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserQuery = Type.Object({
  /** part of a phone, a contact name or a company name */
  keyword: Type.Optional(Type.String({ maxLength: L.keywordLength, description: '手机号、联系人或公司名' })),
  role: Type.Optional(UserRole),
  /** true: only disabled users; false: only enabled ones */
  disabled: Type.Optional(Type.Boolean({ description: 'true 仅已禁用，false 仅正常' })),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20 }),
});
export type AdminUserQuery = Static<typeof AdminUserQuery>;

export const AdminUserIdParams = Type.Object({ id: Id('用户 id') });
export type AdminUserIdParams = Static<typeof AdminUserIdParams>;

export const AdminRoleBody = Type.Object({ role: UserRole });
export type AdminRoleBody = Static<typeof AdminRoleBody>;

export const AdminDisableBody = Type.Object({ reason: AdminReason });
export type AdminDisableBody = Static<typeof AdminDisableBody>;

export const AdminEnableBody = Type.Object({ reason: Type.Optional(AdminReason) });
export type AdminEnableBody = Static<typeof AdminEnableBody>;

/**
 * A new full name for the user's company: a trader cannot change it once set, so a legitimate
 * change (a renamed firm, a typo) goes through an operator, with a reason, audited.
 */
export const AdminCompanyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: ACCOUNT_LIMITS.companyMax, description: '新的公司全称' }),
  reason: AdminReason,
});
export type AdminCompanyBody = Static<typeof AdminCompanyBody>;

/** Beans adjustment: a non-zero delta; the balance never goes below 0 (code 1). */
export const AdminBeansBody = Type.Object({
  delta: Type.Integer({
    minimum: -L.beansDeltaMax,
    maximum: L.beansDeltaMax,
    description: '增减的钢豆数（正数增加，负数扣减，不能为 0）',
  }),
  reason: AdminReason,
});
export type AdminBeansBody = Static<typeof AdminBeansBody>;

/**
 * Membership grant: `days` added after the current period of that commodity (or from now), or
 * an end `until` (a day, Asia/Shanghai, end of day); exactly one of the two.
 */
export const AdminMembershipBody = Type.Object({
  commodityId: Id('会员商品 id'),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: L.grantDaysMax, description: '赠送天数' })),
  until: Type.Optional(DayString),
  reason: AdminReason,
});
export type AdminMembershipBody = Static<typeof AdminMembershipBody>;

/** One audit row, newest first. */
export const AuditRow = Type.Object({
  id: Type.Integer(),
  at: IsoTime,
  operatorId: Type.Union([Type.Integer(), Type.Null()]),
  /** the operator's contact name and phone when known */
  operatorName: Type.Union([Type.String(), Type.Null()]),
  operatorPhone: Type.Union([Type.String(), Type.Null()]),
  ip: Type.String(),
  requestId: Type.String(),
  action: Type.String(),
  entity: Type.String(),
  entityId: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditRow = Static<typeof AuditRow>;

export const AuditQuery = Type.Object({
  operatorId: Type.Optional(Id('操作人用户 id')),
  entity: Type.Optional(
    Type.String({ maxLength: L.auditNameLength, description: '对象类型，如 user、article' }),
  ),
  action: Type.Optional(Type.String({ maxLength: L.auditNameLength, description: '动作，如 user.disable' })),
  entityId: Type.Optional(Type.String({ maxLength: L.auditEntityIdLength, description: '对象 id' })),
  /** first day, inclusive (Asia/Shanghai) */
  from: Type.Optional(DayString),
  /** last day, inclusive (Asia/Shanghai) */
  to: Type.Optional(DayString),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20 }),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Page(AuditRow);

/** The dashboard's figures of one day (Asia/Shanghai). */
export const DashboardDay = Type.Object({
  day: DayString,
  newUsers: Type.Integer(),
  /** quotations published that day */
  quotations: Type.Integer(),
  /** spot and surplus rows created or updated that day */
  stockRows: Type.Integer(),
  enquiries: Type.Integer(),
  /** payments paid that day */
  payments: Type.Integer(),
  /** yuan paid that day, two decimals */
  revenueYuan: Type.Number(),
});
export type DashboardDay = Static<typeof DashboardDay>;

/** A scheduled job's health: null fields when the job records nothing of it. */
export const JobHealth = Type.Object({
  /** stable key: indexDaily, paymentClose, reports */
  key: Type.String(),
  name: Type.String(),
  /** when it last ran (or last left a trace), null if unknown */
  lastRunAt: Type.Union([IsoTime, Type.Null()]),
  /** the last day it produced (index day, report day), null if it has none */
  lastDay: Type.Union([DayString, Type.Null()]),
  /** true = last run fine, false = failed, null = not recorded */
  ok: Type.Union([Type.Boolean(), Type.Null()]),
  detail: Type.Union([Type.String(), Type.Null()]),
});
export type JobHealth = Static<typeof JobHealth>;

export const Dashboard = Type.Object({
  today: DashboardDay,
  /** the last 30 days, oldest first, today last */
  series: Type.Array(DashboardDay),
  jobs: Type.Array(JobHealth),
});
export type Dashboard = Static<typeof Dashboard>;
