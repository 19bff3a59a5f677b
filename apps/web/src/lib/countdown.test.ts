import { describe, expect, it } from 'vitest';
import { deadlineIn, secondsUntil } from './countdown.ts';

describe('countdown', () => {
  it('counts whole seconds up, so 0.2 s left still shows 1', () => {
    const deadline = deadlineIn(120, 1_000_000);
    expect(secondsUntil(deadline, 1_000_000)).toBe(120);
    expect(secondsUntil(deadline, 1_000_000 + 400)).toBe(120);
    expect(secondsUntil(deadline, 1_000_000 + 1_000)).toBe(119);
    expect(secondsUntil(deadline, deadline - 200)).toBe(1);
  });

  it('stops at 0 and reads a missing deadline as 0', () => {
    expect(secondsUntil(5_000, 5_000)).toBe(0);
    expect(secondsUntil(5_000, 9_000)).toBe(0);
    expect(secondsUntil(null, 1)).toBe(0);
  });
});
