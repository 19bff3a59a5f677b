/** Reading the address a login QR code encodes: /m/qr/<tempCode>?clientId=<n>. */
import { QR_LOGIN_CLIENT_ID } from '@steelport/contracts';

/** The shape the server accepts; anything else cannot be a code of ours. */
const TEMP_CODE = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether `tempCode` can be a code the server issued (a mangled link is told at once). */
export function isTempCode(tempCode: string | undefined): tempCode is string {
  return tempCode !== undefined && TEMP_CODE.test(tempCode);
}

/** clientId from the QR address (1-9); the desktop login's 3 when absent or malformed. */
export function parseClientId(raw: string | null): number {
  if (raw === null || !/^\d$/.test(raw)) return QR_LOGIN_CLIENT_ID;
  const value = Number(raw);
  return value >= 1 ? value : QR_LOGIN_CLIENT_ID;
}
