/**
 * vip and payment domains (docs/api.md#vip-beans-and-payment): commodities and prices, the beans
 * deduction, creating an order with its pending payment, the payment's QR code and state, the
 * mobile pay page's confirm, and the caller's memberships and orders. Money is integer fen.
 */
import type {
  BuyVipInfo,
  DerateResult,
  MembershipEntry,
  MyOrder,
  MyVip,
  PageOf,
  PayConfirmResult,
  PaymentResult,
  PayQrCreated,
  PayStartBody,
  PayStarted,
  SavedPayment,
  VipPrice,
} from '@steelport/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveMemberships, useSession, useViewer, type Viewer } from '../auth/session.ts';
import { deadlineIn } from '../lib/countdown.ts';
import { get, post, type RequestOptions } from './client.ts';
import { fetchMyInfo, userKeys } from './user.ts';

/** `ids=1&ids=2`, as the spec's repeated `commodity_id` and `ids` parameters are sent. */
const REPEATED_PARAMS: RequestOptions = { paramsSerializer: { indexes: null } };

/** What the buyer chose on /vipopen: commodities, duration, seats, whether beans are used. */
export interface VipChoice {
  ids: number[];
  day: number;
  count: number;
  useBeans: boolean;
}

/**
 * Query keys of the vip domain. Whatever depends on the caller carries the viewer, so another
 * login refetches; a payment's state is keyed by its id alone (only its owner may read it).
 */
export const vipKeys = {
  all: ['vip'] as const,
  info: (viewer: Viewer) => [...vipKeys.all, 'info', viewer] as const,
  price: (day: number, ids: number[], count: number) => [...vipKeys.all, 'price', day, ids, count] as const,
  derate: (viewer: Viewer, day: number, ids: number[], count: number) =>
    [...vipKeys.all, 'derate', viewer, day, ids, count] as const,
  payQr: (paymentId: number) => [...vipKeys.all, 'payQr', paymentId] as const,
  payment: (paymentId: number) => [...vipKeys.all, 'payment', paymentId] as const,
  payDetail: (paymentId: number, viewer: Viewer) => [...vipKeys.all, 'payDetail', paymentId, viewer] as const,
  mine: (viewer: Viewer) => [...vipKeys.all, 'mine', viewer] as const,
  orders: (viewer: Viewer, page: number, pageSize: number) =>
    [...vipKeys.all, 'orders', viewer, page, pageSize] as const,
};

/** GET /api/web/2.0/order/getBuyVIPInfo (public): commodities, durations and the beans rule. */
export function fetchBuyVipInfo(): Promise<BuyVipInfo> {
  return get<BuyVipInfo>('/api/web/2.0/order/getBuyVIPInfo', undefined, { silent: true });
}

/** GET /api/web/order/getBuyVIPInfoWithIntegral (member): the same with the caller's beans. */
export function fetchBuyVipInfoWithIntegral(): Promise<BuyVipInfo> {
  return get<BuyVipInfo>('/api/web/order/getBuyVIPInfoWithIntegral', undefined, { silent: true });
}

/** GET /api/web/2.0/order/getBuyVIPInfoDisIntegral (member): the same, beans not used. */
export function fetchBuyVipInfoDisIntegral(): Promise<BuyVipInfo> {
  return get<BuyVipInfo>('/api/web/2.0/order/getBuyVIPInfoDisIntegral', undefined, { silent: true });
}

/**
 * What /vipopen offers: a member's answer carries the bean balance (WithIntegral), a visitor's
 * the public one. A member's failure falls back to nothing: the screen shows the error.
 */
export function useBuyVipInfo() {
  const { token } = useSession();
  const viewer = useViewer();
  return useQuery({
    queryKey: vipKeys.info(viewer),
    queryFn: () => (token ? fetchBuyVipInfoWithIntegral() : fetchBuyVipInfo()),
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/web/2.0/order/getBuyVIPPrice?day&commodity_id&count (public): the server's price. */
export function fetchBuyVipPrice(day: number, ids: number[], count: number): Promise<VipPrice> {
  return get<VipPrice>(
    '/api/web/2.0/order/getBuyVIPPrice',
    { day, commodity_id: ids, count },
    { ...REPEATED_PARAMS, silent: true },
  );
}

/** The price of a choice; the previous price stays on screen while the next one loads. */
export function useBuyVipPrice(day: number, ids: number[], count: number) {
  return useQuery({
    queryKey: vipKeys.price(day, ids, count),
    queryFn: () => fetchBuyVipPrice(day, ids, count),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/web/order/checkDerateCount?days&count&ids (member): what beans take off. */
export function fetchDerate(days: number, ids: number[], count: number): Promise<DerateResult> {
  return get<DerateResult>(
    '/api/web/order/checkDerateCount',
    { days, count, ids },
    { ...REPEATED_PARAMS, silent: true },
  );
}

/** The beans deduction of a choice, for a member only. */
export function useDerate(day: number, ids: number[], count: number) {
  const { token } = useSession();
  const viewer = useViewer();
  return useQuery({
    queryKey: vipKeys.derate(viewer, day, ids, count),
    queryFn: () => fetchDerate(day, ids, count),
    enabled: Boolean(token) && ids.length > 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === viewer ? previous : undefined,
    staleTime: 30_000,
    retry: false,
  });
}

/** POST /api/web/order/savePayment?count with body buyVipCommodityVo: a new pending payment. */
export function savePayment(choice: VipChoice): Promise<SavedPayment> {
  return post<SavedPayment>(
    '/api/web/order/savePayment',
    { commodityIds: choice.ids, day: choice.day, useBeans: choice.useBeans },
    { params: { count: choice.count }, silent: true },
  );
}

/** Creates the order; the held beans change the balance, so the derate answers are refetched. */
export function useSavePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...vipKeys.all, 'derate'] }),
  });
}

/** POST /api/uaa/login/wechatXcxTempQrPayCreate?paymentId (owner): the payment's QR code. */
export function createPayQr(paymentId: number): Promise<PayQrCreated> {
  return post<PayQrCreated>('/api/uaa/login/wechatXcxTempQrPayCreate', undefined, {
    params: { paymentId },
    silent: true,
  });
}

/** A payment QR with the deadline of its countdown on this machine's clock. */
export type PayQrCode = PayQrCreated & { deadline: number };

/** The QR code of a payment, created once and never behind the user's back. */
export function usePayQr(paymentId: number) {
  return useQuery({
    queryKey: vipKeys.payQr(paymentId),
    queryFn: async (): Promise<PayQrCode> => {
      const qr = await createPayQr(paymentId);
      return { ...qr, deadline: deadlineIn(qr.expiresInSeconds) };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/**
 * POST /api/web/order/payStart (owner): opens the payment at `method` for `scene` (a switch
 * closes the trade at the method used before): a QR code, a page to open, or WeChat's JSAPI fields.
 */
export function startPayment(body: PayStartBody): Promise<PayStarted> {
  return post<PayStarted>('/api/web/order/payStart', body, { silent: true });
}

/** Starts paying by a method: the screen shows the refusal (code 1) itself. */
export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}

/** GET /api/web/order/getPaymentResult?paymentId (owner): pending, paid or closed. */
export function fetchPaymentResult(paymentId: number): Promise<PaymentResult> {
  return get<PaymentResult>('/api/web/order/getPaymentResult', { paymentId }, { silent: true });
}

/**
 * Polls a payment while `nextPoll` gives a delay (false stops). TanStack Query owns the timer:
 * it stops with the pay step and pauses while the browser tab is hidden.
 */
export function usePaymentResult(
  paymentId: number,
  nextPoll: (state: PaymentResult['state'] | undefined) => number | false,
) {
  return useQuery({
    queryKey: vipKeys.payment(paymentId),
    queryFn: () => fetchPaymentResult(paymentId),
    refetchInterval: (query) => nextPoll(query.state.data?.state),
    refetchIntervalInBackground: false,
    gcTime: 0,
    retry: false,
  });
}

/** GET /api/web/order/payDetail?paymentId (owner): what the mobile pay page shows. */
export function fetchPayDetail(paymentId: number): Promise<PaymentResult> {
  return get<PaymentResult>(
    '/api/web/order/payDetail',
    { paymentId },
    { silent: true, keepPageOnExpiry: true },
  );
}

/** The payment the phone is about to confirm, read once per phone user. */
export function usePayDetail(paymentId: number) {
  const viewer = useViewer();
  return useQuery({
    queryKey: vipKeys.payDetail(paymentId, viewer),
    queryFn: () => fetchPayDetail(paymentId),
    staleTime: Infinity,
    retry: false,
  });
}

/** What the phone does with a payment. */
export type PayAction = 'confirm' | 'cancel';

/** POST /api/web/order/payConfirm: confirm or cancel on the mobile pay page. */
export function confirmPayment(paymentId: number, action: PayAction): Promise<PayConfirmResult> {
  return post<PayConfirmResult>(
    '/api/web/order/payConfirm',
    action === 'cancel' ? { paymentId, cancel: true } : { paymentId },
    { silent: true, keepPageOnExpiry: true },
  );
}

/** Confirm or cancel (`mutate('confirm' | 'cancel')`); a paid membership refreshes the phone's too. */
export function usePayDecision(paymentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PayAction) => confirmPayment(paymentId, action),
    onSuccess: (result) => {
      if (result.state === 'paid') void refreshMembership(queryClient);
    },
  });
}

/** GET /api/web/order/myVip (member): every commodity with the caller's membership of it. */
export function fetchMyVip(): Promise<MyVip> {
  return get<MyVip>('/api/web/order/myVip', undefined, { silent: true });
}

/** The caller's memberships on /vipmember; idle for a visitor. */
export function useMyVip() {
  const { token } = useSession();
  const viewer = useViewer();
  return useQuery({
    queryKey: vipKeys.mine(viewer),
    queryFn: fetchMyVip,
    enabled: Boolean(token),
    staleTime: 30_000,
    retry: false,
  });
}

/** GET /api/web/order/myOrders?page&pageSize (member): the caller's orders, newest first. */
export function fetchMyOrders(page: number, pageSize: number): Promise<PageOf<MyOrder>> {
  return get<PageOf<MyOrder>>('/api/web/order/myOrders', { page, pageSize }, { silent: true });
}

/** One page of the caller's orders; the previous page stays while the next loads. */
export function useMyOrders(page: number, pageSize: number) {
  const { token } = useSession();
  const viewer = useViewer();
  return useQuery({
    queryKey: vipKeys.orders(viewer, page, pageSize),
    queryFn: () => fetchMyOrders(page, pageSize),
    enabled: Boolean(token),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === viewer ? previous : undefined,
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * After a payment: store the membership list the payment answered with (`entries`), at once,
 * then fetch myInfo afresh and remember it (loginUser, VIPINFO, memberVipInfo:
 * the header's badge turns on without a new login), then drop everything that depended on the
 * old membership or bean balance (the VIP pages, unlock prices, index history).
 */
export async function refreshMembership(
  queryClient: QueryClient,
  entries?: MembershipEntry[],
): Promise<void> {
  if (entries) saveMemberships(entries);
  try {
    const info = await fetchMyInfo({ silent: true });
    userKeys.rememberMyInfo(queryClient, info);
  } catch {
    // The payment stands; the header catches up on the next myInfo.
  }
  // Every answer that depends on membership or beans asks again: the VIP pages, the lots' unlock
  // totals, the index history. Not the payment being shown (its QR must not be re-created) and
  // not the site configuration.
  await queryClient.invalidateQueries({ predicate: (query) => dependsOnMembership(query.queryKey) });
}

const PAYMENT_KEYS: readonly unknown[] = ['payQr', 'payment', 'payDetail'];

function dependsOnMembership(key: readonly unknown[]): boolean {
  if (key[0] === 'common') return false;
  return !(key[0] === vipKeys.all[0] && PAYMENT_KEYS.includes(key[1]));
}
