import { type Static, Type } from 'typebox';

/** One membership entry of a user; 免豆会员 with isVip 1 is the VIP badge (PORTAL §3). */
export const MembershipEntry = Type.Object({
  name: Type.String(),
  isVip: Type.Union([Type.Literal(0), Type.Literal(1)]),
  expireAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
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
});
export type MyInfo = Static<typeof MyInfo>;

/** What the portal keeps under the `loginUser` storage key. */
export type LoginUser = Pick<MyInfo, 'id' | 'linkMan' | 'role' | 'userNewVipVo'> & {
  company?: MyInfo['company'];
};
