import { describe, expect, it } from 'vitest';
import { formatClock } from '../../../lib/countdown.ts';
import { nextPayPoll, PAY_POLL_GRACE_MS, PAY_POLL_MS, payPhase } from './payPhase.ts';

describe('payPhase', () => {
  it('waits while the payment is pending and the countdown runs', () => {
    expect(payPhase(undefined, 900)).toBe('waiting');
    expect(payPhase('pending', 1)).toBe('waiting');
  });

  it('shows expired once the countdown ran out and the server has not settled', () => {
    expect(payPhase('pending', 0)).toBe('expired');
    expect(payPhase(undefined, 0)).toBe('expired');
  });

  it('keeps the final word of the server regardless of the countdown', () => {
    expect(payPhase('paid', 0)).toBe('paid');
    expect(payPhase('paid', 500)).toBe('paid');
    expect(payPhase('closed', 500)).toBe('closed');
  });
});

describe('nextPayPoll', () => {
  it('polls every 2 s while pending', () => {
    expect(nextPayPoll(undefined, 900_000)).toBe(PAY_POLL_MS);
    expect(nextPayPoll('pending', 1000)).toBe(2000);
    expect(nextPayPoll('pending', -PAY_POLL_GRACE_MS + 1)).toBe(2000);
  });

  it('stops when settled or past the grace', () => {
    expect(nextPayPoll('paid', 100_000)).toBe(false);
    expect(nextPayPoll('closed', 100_000)).toBe(false);
    expect(nextPayPoll('pending', -PAY_POLL_GRACE_MS)).toBe(false);
  });
});

describe('formatClock', () => {
  it('writes minutes and seconds', () => {
    expect(formatClock(900)).toBe('15:00');
    expect(formatClock(61)).toBe('01:01');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-3)).toBe('00:00');
  });
});
