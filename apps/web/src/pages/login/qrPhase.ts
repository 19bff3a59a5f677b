/**
 * The desktop side of QR login as pure rules: what the panel shows for the server's state and
 * the local countdown, and whether to keep polling.
 */
import type { QrState } from '@steelport/contracts';

/** The query endpoint is asked this often while the code waits for a phone. */
export const QR_POLL_MS = 2000;

/**
 * Once a phone has scanned, confirming is a tap away: the desktop asks twice as often, so the
 * login reaches it within a second of the tap (60 a minute, half the query's rate limit).
 */
export const QR_SCANNED_POLL_MS = 1000;

/**
 * Polls continue this long past the local deadline: a phone that confirmed in the last second
 * is still heard (the server answers 'confirmed' even after expiry), a dead code is not asked
 * about for ever.
 */
export const QR_POLL_GRACE_MS = 4000;

export type QrPhase = QrState;

const FINAL: readonly QrState[] = ['confirmed', 'cancelled', 'expired'];

/** Whether the server's state can no longer change. */
export function isFinalQrState(state: QrState | undefined): boolean {
  return state !== undefined && FINAL.includes(state);
}

/** What to show: the server's final word, else expired once the countdown ran out, else its state. */
export function qrPhase(serverState: QrState | undefined, secondsLeft: number): QrPhase {
  if (isFinalQrState(serverState)) return serverState!;
  if (secondsLeft <= 0) return 'expired';
  return serverState ?? 'waiting';
}

/** The next poll delay, or false to stop: the state is final or the code is past its grace. */
export function nextQrPoll(serverState: QrState | undefined, msLeft: number): number | false {
  if (isFinalQrState(serverState)) return false;
  if (msLeft <= -QR_POLL_GRACE_MS) return false;
  return serverState === 'scanned' ? QR_SCANNED_POLL_MS : QR_POLL_MS;
}
