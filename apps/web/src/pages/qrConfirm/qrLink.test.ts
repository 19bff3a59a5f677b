import { describe, expect, it } from 'vitest';
import { isTempCode, parseClientId } from './qrLink.ts';

describe('QR link', () => {
  it('reads clientId 1-9 and falls back to the desktop login 3', () => {
    expect(parseClientId('3')).toBe(3);
    expect(parseClientId('7')).toBe(7);
    for (const raw of [null, '', '0', '10', '3.5', 'abc', ' 3']) expect(parseClientId(raw)).toBe(3);
  });

  it('accepts the server’s code shape only', () => {
    expect(isTempCode('Ab3_-Ab3_-Ab3_-Ab3_-Ab3_')).toBe(true);
    expect(isTempCode('short')).toBe(false);
    expect(isTempCode('has space in it and long enough')).toBe(false);
    expect(isTempCode(undefined)).toBe(false);
  });
});
