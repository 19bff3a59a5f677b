import { describe, expect, it } from 'vitest';
import { isBlockedFunctionKey } from './functionKeys.ts';

describe('isBlockedFunctionKey', () => {
  it('blocks F5 to F8 only', () => {
    expect(['F5', 'F6', 'F7', 'F8'].every(isBlockedFunctionKey)).toBe(true);
    expect(['F4', 'F9', 'F12', 'r', 'Enter'].some(isBlockedFunctionKey)).toBe(false);
  });
});
