/**
 * uaa domain: SMS codes, registration, password and SMS-code login, password reset and QR login
 * (docs/api.md#account). Every call here is silent: the login screens show the server's message
 * next to the form, where a toast would vanish before it is read.
 */
import {
  CAPTCHA_REQUIRED_MESSAGE,
  CAPTCHA_REQUIRED_MESSAGE_EN,
  type Captcha,
  Code,
  type LoginResult,
  type QrCreated,
  type QrQueryResult,
  type QrState,
  type RegisterBody,
  type ResetPasswordBody,
  type SmsLoginBody,
  type SmsPurpose,
  type SmsSent,
} from '@steelport/contracts';
import { type UseMutationOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { deadlineIn } from '../lib/countdown.ts';
import { ApiError, get, post } from './client.ts';

/**
 * Query keys of the uaa domain. Nothing here is ever invalidated: a QR code is created once
 * per round and its state is polled, so the factory has no invalidation helpers.
 */
export const uaaKeys = {
  all: ['uaa'] as const,
  /** One created QR code; `round` grows with every refresh. */
  qrCreated: (clientId: number, round: number) => [...uaaKeys.all, 'qr', clientId, 'created', round] as const,
  qrState: (clientId: number, tempCode: string) =>
    [...uaaKeys.all, 'qr', clientId, 'state', tempCode] as const,
  qrScan: (clientId: number, tempCode: string, viewer: Viewer) =>
    [...uaaKeys.all, 'qr', clientId, 'scan', tempCode, viewer] as const,
  /** One image captcha of a login form; `round` grows after every answer (one answer each). */
  captcha: (form: string, round: number) => [...uaaKeys.all, 'captcha', form, round] as const,
};

/** The image captcha's id and the characters read from it, sent once the server asked for one. */
export interface CaptchaAnswer {
  captchaId: string;
  captchaText: string;
}

/** Whether a refusal asks for the image captcha (code 7 with CAPTCHA_REQUIRED_MESSAGE). */
export function asksForCaptcha(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === Code.TooMany &&
    (error.message === CAPTCHA_REQUIRED_MESSAGE || error.message === CAPTCHA_REQUIRED_MESSAGE_EN)
  );
}

/** GET /api/uaa/captcha: a new image captcha (an SVG document) for the login forms. */
export function fetchLoginCaptcha(): Promise<Captcha> {
  return get<Captcha>('/api/uaa/captcha', undefined, { silent: true });
}

/** The login captcha of `form` for `round`, fetched only once the server asked for one; never reused. */
export function useLoginCaptcha(form: string, round: number, enabled: boolean) {
  return useQuery({
    queryKey: uaaKeys.captcha(form, round),
    queryFn: fetchLoginCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** What a form does around a call: clear its error first, then show the result or the error. */
export type MutationCallbacks<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onMutate' | 'onSuccess' | 'onError'
>;

/**
 * POST /api/uaa/sms/send: a 6-digit code by SMS (60 s apart per phone and per client; after the
 * first sends with an image captcha). Login and reset codes reach registered numbers only.
 */
export function sendSmsCode(phone: string, purpose: SmsPurpose, captcha?: CaptchaAnswer): Promise<SmsSent> {
  return post<SmsSent>('/api/uaa/sms/send', { phone, purpose, ...captcha }, { silent: true });
}

/** What a send needs: the phone, and the captcha answer once the server asked for one. */
export interface SmsSendRequest {
  phone: string;
  captcha?: CaptchaAnswer | undefined;
}

/** Sends an SMS code for `purpose` to the phone given to `mutate`. */
export function useSendSmsCode(purpose: SmsPurpose, callbacks?: MutationCallbacks<SmsSent, SmsSendRequest>) {
  return useMutation({
    ...callbacks,
    mutationFn: ({ phone, captcha }: SmsSendRequest) => sendSmsCode(phone, purpose, captcha),
  });
}

/** POST /api/uaa/register: creates the account and logs it in. */
export function register(body: RegisterBody): Promise<LoginResult> {
  return post<LoginResult>('/api/uaa/register', body, { silent: true });
}

/** Registers; a success is a login (`onSuccess` receives it). */
export function useRegister(callbacks?: MutationCallbacks<LoginResult, RegisterBody>) {
  return useMutation({ ...callbacks, mutationFn: register });
}

/** POST /api/uaa/login/password (with the captcha answer once the server asked for one). */
export function passwordLogin(
  phone: string,
  password: string,
  captcha?: CaptchaAnswer,
): Promise<LoginResult> {
  return post<LoginResult>('/api/uaa/login/password', { phone, password, ...captcha }, { silent: true });
}

/** Logs in with phone (trimmed here) and password; `onLogin` decides what a login leads to. */
export function usePasswordLogin(onLogin: (result: LoginResult) => void) {
  return useMutation({
    mutationFn: ({
      phone,
      password,
      captcha,
    }: {
      phone: string;
      password: string;
      captcha?: CaptchaAnswer;
    }) => passwordLogin(phone.trim(), password, captcha),
    onSuccess: onLogin,
  });
}

/** POST /api/uaa/login/sms: a login with an SMS code (purpose `login`). */
export function smsLogin(body: SmsLoginBody): Promise<LoginResult> {
  return post<LoginResult>('/api/uaa/login/sms', body, { silent: true });
}

/** Logs in with phone and SMS code (both trimmed here); `onLogin` decides what a login leads to. */
export function useSmsLogin(onLogin: (result: LoginResult) => void) {
  return useMutation({
    mutationFn: ({ phone, code }: SmsLoginBody) => smsLogin({ phone: phone.trim(), code: code.trim() }),
    onSuccess: onLogin,
  });
}

/** POST /api/uaa/password/reset: a new password set with an SMS code (purpose `reset`). */
export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return post<null>('/api/uaa/password/reset', body, { silent: true });
}

/**
 * 忘记密码: sets a new password; the server then ends every session of the user, this browser's
 * included, so nothing cached here needs updating (the reset view is for visitors).
 */
export function useResetPassword(callbacks?: MutationCallbacks<null, ResetPasswordBody>) {
  return useMutation({
    ...callbacks,
    mutationFn: ({ phone, code, password }: ResetPasswordBody) =>
      resetPassword({ phone: phone.trim(), code: code.trim(), password }),
  });
}

/** POST /api/uaa/login/wechatXcxTempQrLoginCreate?clientId: a temporary QR code (120 s). */
export function createQrLogin(clientId: number): Promise<QrCreated> {
  return post<QrCreated>('/api/uaa/login/wechatXcxTempQrLoginCreate', undefined, {
    params: { clientId },
    silent: true,
  });
}

/** A created login QR code with the deadline of its countdown on this machine's clock. */
export type QrLoginCode = QrCreated & { deadline: number };

/**
 * One login QR code per `round` (a refresh is the next round): never re-created behind the
 * user's back, dropped when the panel goes.
 */
export function useQrLoginCode(clientId: number, round: number) {
  return useQuery({
    queryKey: uaaKeys.qrCreated(clientId, round),
    queryFn: async (): Promise<QrLoginCode> => {
      const qr = await createQrLogin(clientId);
      return { ...qr, deadline: deadlineIn(qr.expiresInSeconds) };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** POST /api/uaa/login/wechatXcxTempQrLoginQuery: the code's state; token and user once, when confirmed. */
export function queryQrLogin(clientId: number, tempCode: string): Promise<QrQueryResult> {
  return post<QrQueryResult>(
    '/api/uaa/login/wechatXcxTempQrLoginQuery',
    { clientId, tempCode },
    { silent: true },
  );
}

/**
 * Polls the state of `qr` while `nextPoll` gives a delay (false stops). The polling belongs to
 * TanStack Query: it stops with the panel and pauses while the browser tab is hidden.
 */
export function useQrLoginState(
  clientId: number,
  qr: QrLoginCode | undefined,
  nextPoll: (state: QrState | undefined, msLeft: number) => number | false,
) {
  return useQuery({
    queryKey: uaaKeys.qrState(clientId, qr?.tempCode ?? ''),
    queryFn: () => queryQrLogin(clientId, qr!.tempCode),
    enabled: Boolean(qr),
    refetchInterval: (query) => nextPoll(query.state.data?.state, (qr?.deadline ?? 0) - Date.now()),
    gcTime: 0,
    retry: false,
  });
}

/** What the phone does with a scanned code. */
export type QrAction = 'scan' | 'confirm' | 'cancel';

/**
 * POST /api/uaa/login/wechatXcxTempQrLoginConfirm with the phone's own session: mark the code
 * scanned when the page opens, then confirm or cancel. An expired phone session shows the
 * login form in place rather than leaving the page.
 */
export function confirmQrLogin(
  clientId: number,
  tempCode: string,
  action: QrAction,
): Promise<{ state: QrState }> {
  const flags = action === 'scan' ? { scan: true } : action === 'cancel' ? { cancel: true } : {};
  return post<{ state: QrState }>(
    '/api/uaa/login/wechatXcxTempQrLoginConfirm',
    { clientId, tempCode, ...flags },
    { silent: true, keepPageOnExpiry: true },
  );
}

/** Marks the code scanned, once per code and phone user, when the confirm page opens. */
export function useQrScan(clientId: number, tempCode: string) {
  const viewer = useViewer();
  return useQuery({
    queryKey: uaaKeys.qrScan(clientId, tempCode, viewer),
    queryFn: () => confirmQrLogin(clientId, tempCode, 'scan'),
    staleTime: Infinity,
    retry: false,
  });
}

/** 确认登录 or 取消 on the phone (`mutate('confirm' | 'cancel')`). */
export function useQrDecision(clientId: number, tempCode: string) {
  return useMutation({
    mutationFn: (action: Exclude<QrAction, 'scan'>) => confirmQrLogin(clientId, tempCode, action),
  });
}
