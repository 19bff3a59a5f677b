import { type Static, Type } from 'typebox';
import { LANGUAGES } from './trade-names.ts';

/** One membership entry of a user; 免豆会员 with isVip 1 is the VIP badge (docs/portal.md#access). */
export const MembershipEntry = Type.Object({
  name: Type.String(),
  isVip: Type.Union([Type.Literal(0), Type.Literal(1)]),
  expireAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** 1 when this commodity opens data (full index history, exports); it does while isVip is 1 */
  dataAccess: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type MembershipEntry = Static<typeof MembershipEntry>;

export const MyInfo = Type.Object({
  id: Type.Integer(),
  linkMan: Type.String({ description: 'contact name' }),
  phone: Type.String({ description: "the caller's own phone, unmasked" }),
  company: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  role: Type.Union([Type.Literal('member'), Type.Literal('trader'), Type.Literal('admin')]),
  beans: Type.Integer({ description: '钢豆 balance' }),
  userNewVipVo: Type.Array(MembershipEntry),
  /** the portal language the user chose; null until they choose one (then the browser's decides) */
  lang: Type.Optional(
    Type.Union([Type.Enum(LANGUAGES), Type.Null()], { description: '用户选择的界面语言；未选择为 null' }),
  ),
});
export type MyInfo = Static<typeof MyInfo>;

/** What the portal keeps under the `loginUser` storage key. */
export type LoginUser = Pick<MyInfo, 'id' | 'linkMan' | 'role' | 'userNewVipVo'> & {
  company?: MyInfo['company'];
};

/**
 * Why beans moved (the ledger's reason): earned, spent on an unlock, refunded, adjusted by an
 * operator, held for a pending VIP order (taken off the price once paid, returned if it closes).
 */
export const BeanReason = Type.Union([
  Type.Literal('earned'),
  Type.Literal('spent'),
  Type.Literal('refunded'),
  Type.Literal('adjusted'),
  Type.Literal('held'),
]);
export type BeanReason = Static<typeof BeanReason>;

/** One line of the caller's bean history (钢豆明细), newest first. */
export const BeanMovement = Type.Object({
  id: Type.Integer(),
  /** positive for beans received, negative for beans spent */
  delta: Type.Integer({ description: '变动数量：正为获得，负为支出' }),
  balanceAfter: Type.Integer({ description: '变动后余额' }),
  reason: BeanReason,
  reasonLabel: Type.String({ description: '原因：获得/消费/退还/调整/抵扣' }),
  note: Type.String({ description: '说明，如 注册赠送钢豆、查看供应商联系方式' }),
  /** what the movement is about: signup, cargo_enquiry, surplus_enquiry, order, activity... */
  refType: Type.Union([Type.String(), Type.Null()]),
  time: Type.String({ format: 'date-time' }),
});
export type BeanMovement = Static<typeof BeanMovement>;

/** The body of `PUT /api/web/user/lang`: the portal language a logged-in user chose. */
export const LangBody = Type.Object({
  lang: Type.Enum(LANGUAGES, { description: '界面语言：zh-CN 中文, en English' }),
});
export type LangBody = Static<typeof LangBody>;
