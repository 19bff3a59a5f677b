import { describe, expect, it } from 'vitest';
import { formatUpdatedAt } from './format.ts';

// Prices, weights and counts moved to lib/numbers.ts (issue 13) and are tested there.
describe('lot update time', () => {
  it('shows the update time as MM-DD HH:mm in local time', () => {
    expect(formatUpdatedAt(new Date(2026, 10, 2, 9, 5).toISOString())).toBe('11-02 09:05');
    expect(formatUpdatedAt('')).toBe('');
    expect(formatUpdatedAt('not a date')).toBe('');
  });
});
