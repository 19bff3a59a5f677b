/**
 * QR login (clientId 3 on the desktop). The desktop creates a temporary code and shows it as a
 * QR image of our mobile confirm page; the phone, logged in there, marks it scanned and then
 * confirms or cancels; the desktop polls until confirmed (and receives its token exactly once),
 * cancelled or expired. State lives in the shared store so any instance can answer any step.
 */
import { randomBytes } from 'node:crypto';
import type { QrCreated, QrState } from '@steelport/contracts';
import QRCode from 'qrcode';
import { MINUTE_MS, SECOND_MS } from '../../dates.ts';
import { BusinessError } from '../../errors.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';

export const QR_TTL_MS = 2 * MINUTE_MS;
/** Kept a while after expiry so a late poll hears 'expired' rather than an unknown code. */
const QR_KEEP_MS = QR_TTL_MS + 10 * MINUTE_MS;

interface QrEntry {
  clientId: number;
  state: Exclude<QrState, 'expired'>;
  expiresAt: number;
  userId?: number;
}

export interface QrLogin {
  create(clientId: number): Promise<QrCreated>;
  /** The state; when confirmed, the user id once (the caller turns it into a session). */
  query(clientId: number, tempCode: string): Promise<{ state: QrState; userIdOnce?: number }>;
  scan(clientId: number, tempCode: string, userId: number): Promise<QrState>;
  confirm(clientId: number, tempCode: string, userId: number, cancel: boolean): Promise<QrState>;
}

/** QR login over the shared store; `publicUrl` is where phones reach the confirm page. */
export function qrLogin(deps: { store: KvStore; publicUrl: string }): QrLogin {
  const { store, publicUrl } = deps;
  const key = (tempCode: string) => `qr:login:${tempCode}`;

  const load = async (clientId: number, tempCode: string): Promise<QrEntry | null> => {
    const raw = await store.get(key(tempCode));
    if (!raw) return null;
    const entry = JSON.parse(raw) as QrEntry;
    return entry.clientId === clientId ? entry : null;
  };
  const save = (tempCode: string, entry: QrEntry) =>
    store.set(key(tempCode), JSON.stringify(entry), QR_KEEP_MS);
  const isExpired = (entry: QrEntry) => entry.expiresAt <= Date.now();

  /** Moves a waiting or scanned code on; anything else cannot change any more. */
  const advance = async (clientId: number, tempCode: string, next: QrEntry['state'], userId: number) => {
    const entry = await load(clientId, tempCode);
    if (!entry || isExpired(entry))
      throw new BusinessError(
        say('二维码已过期，请在电脑上刷新二维码', 'The QR code has expired; refresh it on your computer'),
      );
    if (entry.state === 'confirmed' || entry.state === 'cancelled') {
      throw new BusinessError(
        entry.state === 'confirmed'
          ? say('该二维码已确认登录', 'This QR code has already been used to log in')
          : say('该二维码已取消', 'This QR code has been cancelled'),
      );
    }
    if (entry.userId !== undefined && entry.userId !== userId)
      throw new BusinessError(
        say('该二维码已被其他账号扫描', 'This QR code has been scanned by another account'),
      );
    await save(tempCode, { ...entry, state: next, userId });
    return next;
  };

  return {
    async create(clientId) {
      const tempCode = randomBytes(18).toString('base64url');
      const expiresAt = Date.now() + QR_TTL_MS;
      await save(tempCode, { clientId, state: 'waiting', expiresAt });
      const qrUrl = `${publicUrl}/m/qr/${tempCode}?clientId=${clientId}`;
      const qrImage = await QRCode.toDataURL(qrUrl, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
      return {
        tempCode,
        qrImage,
        qrUrl,
        expiresAt: new Date(expiresAt).toISOString(),
        expiresInSeconds: QR_TTL_MS / SECOND_MS,
      };
    },

    async query(clientId, tempCode) {
      const entry = await load(clientId, tempCode);
      if (!entry) return { state: 'expired' };
      if (entry.state === 'confirmed' && entry.userId !== undefined) {
        // The token is handed out once: only the first poll after confirmation gets it.
        const first = await store.setIfAbsent(`qr:delivered:${tempCode}`, '1', QR_KEEP_MS);
        return first ? { state: 'confirmed', userIdOnce: entry.userId } : { state: 'confirmed' };
      }
      if (isExpired(entry)) return { state: 'expired' };
      return { state: entry.state };
    },

    scan: (clientId, tempCode, userId) => advance(clientId, tempCode, 'scanned', userId),
    confirm: (clientId, tempCode, userId, cancel) =>
      advance(clientId, tempCode, cancel ? 'cancelled' : 'confirmed', userId),
  };
}
