import { describe, expect, it } from 'vitest';
import { passwordFollowsRule } from './accountRules.ts';

describe('passwordFollowsRule', () => {
  it('takes 8-32 visible characters with a letter and a digit, as the server does', () => {
    expect(passwordFollowsRule('steel2026')).toBe(true);
    expect(passwordFollowsRule(`a1${'x'.repeat(30)}`)).toBe(true);
  });

  it('refuses short, long, letter-only, digit-only and spaced passwords', () => {
    for (const value of ['abc1', `a1${'x'.repeat(31)}`, 'steelport', '12345678', 'steel 2026']) {
      expect(passwordFollowsRule(value)).toBe(false);
    }
  });
});
