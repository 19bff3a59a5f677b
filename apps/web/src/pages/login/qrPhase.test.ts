import { describe, expect, it } from 'vitest';
import { nextQrPoll, QR_POLL_GRACE_MS, QR_POLL_MS, QR_SCANNED_POLL_MS, qrPhase } from './qrPhase.ts';

describe('qrPhase', () => {
  it('shows waiting before the first answer and the server state while the code lives', () => {
    expect(qrPhase(undefined, 120)).toBe('waiting');
    expect(qrPhase('waiting', 90)).toBe('waiting');
    expect(qrPhase('scanned', 30)).toBe('scanned');
  });

  it('shows expired when the countdown ran out, even if the last poll said scanned', () => {
    expect(qrPhase('waiting', 0)).toBe('expired');
    expect(qrPhase('scanned', 0)).toBe('expired');
  });

  it('keeps the final word of the server regardless of the countdown', () => {
    expect(qrPhase('confirmed', 0)).toBe('confirmed');
    expect(qrPhase('cancelled', 50)).toBe('cancelled');
    expect(qrPhase('expired', 50)).toBe('expired');
  });
});

describe('nextQrPoll', () => {
  it('polls every 2 s while waiting and every second once a phone has scanned', () => {
    expect(nextQrPoll(undefined, 120_000)).toBe(QR_POLL_MS);
    expect(nextQrPoll('waiting', 1_000)).toBe(2000);
    expect(nextQrPoll('scanned', 1_000)).toBe(QR_SCANNED_POLL_MS);
    expect(QR_SCANNED_POLL_MS).toBeLessThan(QR_POLL_MS);
  });

  it('stops on a final state', () => {
    for (const state of ['confirmed', 'cancelled', 'expired'] as const)
      expect(nextQrPoll(state, 60_000)).toBe(false);
  });

  it('polls a little past the deadline to hear a last-second confirmation, then stops', () => {
    expect(nextQrPoll('scanned', -1_000)).toBe(QR_SCANNED_POLL_MS);
    expect(nextQrPoll('scanned', -QR_POLL_GRACE_MS)).toBe(false);
  });
});
