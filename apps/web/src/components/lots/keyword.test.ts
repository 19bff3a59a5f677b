import { describe, expect, it } from 'vitest';
import { removeKeywordToken } from './keyword.ts';

describe('removing an understood word from the keyword', () => {
  it('removes the whole word and collapses the spaces', () => {
    expect(removeKeywordToken('热卷  Q235B 2.75*1250 日照 乐从', 'Q235B')).toBe('热卷 2.75*1250 日照 乐从');
    expect(removeKeywordToken('热卷 Q235B 2.75*1250', '2.75*1250')).toBe('热卷 Q235B');
  });

  it('removes only the first of repeated words', () => {
    expect(removeKeywordToken('日照 热卷 日照', '日照')).toBe('热卷 日照');
  });

  it('cuts a word the server split out of a longer one', () => {
    expect(removeKeywordToken('热卷Q235B 日照', 'Q235B')).toBe('热卷 日照');
  });

  it('leaves the keyword alone when the word is not in it', () => {
    expect(removeKeywordToken('热卷 日照', '乐从')).toBe('热卷 日照');
    expect(removeKeywordToken('热卷', '热卷')).toBe('');
  });
});
