/**
 * An English locale holds no CJK (issue 31: no "You are not a 免豆 member yet"). The exceptions
 * are where the Chinese is itself what is meant, and the screen marks it `lang="zh"`: the brand
 * 钢市通 beside SteelPort, the switch's 中文 (a language is offered in its own name), and the
 * Chinese column names an operator's sheet must carry. Keys may
 * be Chinese (a grade or line type is keyed by its stored name); values may not.
 */
import { describe, expect, it } from 'vitest';

const ALLOWED = new Set([
  'en.ts:en.app.nameEn',
  'en.ts:en.language.zh',
  'en/common.ts:commonEn.app.nameEn',
  'en/common.ts:commonEn.language.zh',
  'admin-market.en.ts:adminMarketEn.import.intro',
]);
const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/** Every string of a resource tree with its key path. */
function strings(tree: unknown, path: string): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => strings(value, `${path}.${key}`));
}

describe('the English locales', () => {
  it('hold no Chinese outside the deliberate exceptions', () => {
    const files = import.meta.glob<Record<string, unknown>>(['./locales/*en.ts', './locales/en/*.ts'], {
      eager: true,
    });
    const found = Object.entries(files).flatMap(([file, module]) =>
      Object.entries(module).flatMap(([name, tree]) =>
        strings(tree, name).map(([key, text]) => [`${file.replace('./locales/', '')}:${key}`, text] as const),
      ),
    );
    expect(found.length).toBeGreaterThan(500);
    expect(found.filter(([key, text]) => CJK.test(text) && !ALLOWED.has(key))).toEqual([]);
  });
});
