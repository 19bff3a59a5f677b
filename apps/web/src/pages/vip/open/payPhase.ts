/**
 * The desktop side of a VIP payment as pure rules: what the pay step shows for the server's
 * payment state and the local countdown, and whether to keep polling getPaymentResult.
 */
import type { PaymentState } from '@steelport/contracts';

/** What the pay step shows: the QR while waiting, then one of the final views. */
export type PayPhase = 'waiting' | 'paid' | 'closed' | 'expired';

/** getPaymentResult is asked this often while the payment is pending (issue 14: every 2 s). */
export const PAY_POLL_MS = 2000;

/**
 * Polls continue this long past the local deadline: a phone that paid in the last second is
 * still heard, and the server's own close (its job runs after the deadline) is shown as such.
 */
export const PAY_POLL_GRACE_MS = 6000;

/** The server's final word, else expired once the countdown ran out, else waiting. */
export function payPhase(state: PaymentState | undefined, secondsLeft: number): PayPhase {
  if (state === 'paid') return 'paid';
  if (state === 'closed') return 'closed';
  return secondsLeft <= 0 ? 'expired' : 'waiting';
}

/** The next poll delay, or false to stop: the payment is settled or past its grace. */
export function nextPayPoll(state: PaymentState | undefined, msLeft: number): number | false {
  if (state !== undefined && state !== 'pending') return false;
  return msLeft > -PAY_POLL_GRACE_MS ? PAY_POLL_MS : false;
}
