import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './markup.ts';

describe('escapeMarkup', () => {
  it('writes the five characters markup reads as entities and leaves the rest', () => {
    expect(escapeMarkup(`<a href="x?a=1&b='2'">乐从</a>`)).toBe(
      '&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;乐从&lt;/a&gt;',
    );
  });
});
