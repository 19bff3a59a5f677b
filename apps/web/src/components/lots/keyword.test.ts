import { describe, expect, it } from 'vitest';
import { removeKeywordToken, replaceKeywordToken } from './keyword.ts';

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

describe('replacing a near miss by the suggested word', () => {
  it('replaces the whole word in place and collapses the spaces', () => {
    expect(replaceKeywordToken('CRC  spccsd 1.0', 'spccsd', 'SPCC-SD')).toBe('CRC SPCC-SD 1.0');
  });

  it('replaces only the first of repeated words', () => {
    expect(replaceKeywordToken('DC0 HRC DC0', 'DC0', 'DC01')).toBe('DC01 HRC DC0');
  });

  it('replaces a piece the server split out of a longer word inside it', () => {
    expect(replaceKeywordToken('HRCQ253B 3.0', 'Q253B', 'Q235B')).toBe('HRCQ235B 3.0');
  });

  it('adds the word when the typed one is no longer there', () => {
    expect(replaceKeywordToken('HRC', 'spccsd', 'SPCC-SD')).toBe('HRC SPCC-SD');
    expect(replaceKeywordToken('HRC', ' ', 'SPCC-SD')).toBe('HRC');
  });
});
