/**
 * The keyword box shows how the server understood each word (QueryToken). Removing a chip
 * removes that word from the keyword, so the next search no longer filters by it.
 */
import type { QueryTokenKind } from '@steelport/contracts';

/** antd Tag colours per kind, so a dictionary hit reads differently from plain text. */
export const TOKEN_COLORS: Record<QueryTokenKind, string> = {
  family: 'lime',
  product: 'blue',
  material: 'geekblue',
  origin: 'purple',
  city: 'cyan',
  warehouse: 'green',
  supplier: 'gold',
  spec: 'magenta',
  thickness: 'volcano',
  width: 'orange',
  thicknessRange: 'volcano',
  widthRange: 'orange',
  text: 'default',
  ignored: 'default',
};

/**
 * The keyword without the word `text`: its first whole-word occurrence goes, spaces collapse.
 * When the server split differently (no whole word matches), the first occurrence inside a
 * word is cut instead, so the chip always disappears.
 */
export function removeKeywordToken(keyword: string, text: string): string {
  const words = keyword.trim().split(/\s+/).filter(Boolean);
  const target = text.trim();
  if (!target) return words.join(' ');
  const index = words.indexOf(target);
  if (index >= 0) {
    words.splice(index, 1);
    return words.join(' ');
  }
  const at = keyword.indexOf(target);
  if (at < 0) return words.join(' ');
  return `${keyword.slice(0, at)} ${keyword.slice(at + target.length)}`
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

/**
 * The keyword with the word `text` replaced by `word` (a near miss by the word the server
 * suggested): its first whole-word occurrence, or, when the server split a word differently
 * (the typo inside a longer word), its first occurrence inside a word. Spaces collapse.
 */
export function replaceKeywordToken(keyword: string, text: string, word: string): string {
  const words = keyword.trim().split(/\s+/).filter(Boolean);
  const target = text.trim();
  if (!target) return words.join(' ');
  const index = words.indexOf(target);
  if (index >= 0) {
    words[index] = word;
    return words.join(' ');
  }
  const at = keyword.indexOf(target);
  if (at < 0) return [...words, word].join(' ');
  return `${keyword.slice(0, at)}${word}${keyword.slice(at + target.length)}`
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}
