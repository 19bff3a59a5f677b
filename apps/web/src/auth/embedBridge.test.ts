import { describe, expect, it } from 'vitest';
import { postTokenToParent } from './embedBridge.ts';

function framed() {
  const posted: { message: unknown; origin: string }[] = [];
  const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
  return { win: { parent }, posted };
}

describe('postTokenToParent', () => {
  it('posts the token once per allowed origin, with that origin as target', () => {
    const { win, posted } = framed();
    expect(postTokenToParent(win, 'tok', ['https://a.example', 'https://b.example'])).toBe(2);
    expect(posted).toEqual([
      { message: { 'X-Token': 'tok' }, origin: 'https://a.example' },
      { message: { 'X-Token': 'tok' }, origin: 'https://b.example' },
    ]);
  });

  it('never posts to the wildcard origin', () => {
    const { win, posted } = framed();
    expect(postTokenToParent(win, 'tok', ['*'])).toBe(0);
    expect(posted).toEqual([]);
  });

  it('posts nothing without a token, without origins or when not embedded', () => {
    const { win, posted } = framed();
    expect(postTokenToParent(win, null, ['https://a.example'])).toBe(0);
    expect(postTokenToParent(win, 'tok', [])).toBe(0);
    const top = { parent: null as unknown as { postMessage(m: unknown, o: string): void } };
    top.parent = top as unknown as { postMessage(m: unknown, o: string): void };
    expect(postTokenToParent(top, 'tok', ['https://a.example'])).toBe(0);
    expect(posted).toEqual([]);
  });
});
