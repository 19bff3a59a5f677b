/**
 * uaa domain: SMS codes, registration, password login and QR login (API.md account). Every
 * call here is silent: the login screens show the server's message next to the form, where a
 * toast would vanish before it is read.
 */
import type {
  LoginResult,
  QrCreated,
  QrQueryResult,
  QrState,
  RegisterBody,
  SmsPurpose,
} from '@steelport/contracts';
import { post } from './client.ts';

/** Query keys of the uaa domain. */
export const uaaKeys = {
  all: ['uaa'] as const,
  /** One created QR code; `round` grows with every refresh. */
  qrCreated: (clientId: number, round: number) => [...uaaKeys.all, 'qr', clientId, 'created', round] as const,
  qrState: (clientId: number, tempCode: string) =>
    [...uaaKeys.all, 'qr', clientId, 'state', tempCode] as const,
  qrScan: (clientId: number, tempCode: string, token: string) =>
    [...uaaKeys.all, 'qr', clientId, 'scan', tempCode, token] as const,
};

export interface SmsSent {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/** POST /api/uaa/sms/send: a 6-digit code by SMS (60 s apart per phone and per client). */
export function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<SmsSent> {
  return post<SmsSent>('/api/uaa/sms/send', { phone, purpose }, { silent: true });
}

/** POST /api/uaa/register: creates the account and logs it in. */
export function register(body: RegisterBody): Promise<LoginResult> {
  return post<LoginResult>('/api/uaa/register', body, { silent: true });
}

/** POST /api/uaa/login/password. */
export function passwordLogin(phone: string, password: string): Promise<LoginResult> {
  return post<LoginResult>('/api/uaa/login/password', { phone, password }, { silent: true });
}

/** POST /api/uaa/login/wechatXcxTempQrLoginCreate?clientId: a temporary QR code (120 s). */
export function createQrLogin(clientId: number): Promise<QrCreated> {
  return post<QrCreated>('/api/uaa/login/wechatXcxTempQrLoginCreate', undefined, {
    params: { clientId },
    silent: true,
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
