/**
 * A screen's texts join i18next when a module that imports their namespace module loads (issue
 * 36, `addScreenTexts`), their English only in an English page. Code loaded later (`import()`)
 * renders only once the texts it brought are there in the page's language, so an English visitor
 * never sees the Chinese fallback: it goes through `withScreenTexts` (or `page`, which does).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full.endsWith(`${path.sep}i18n`) ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('screen texts', () => {
  it('every import() of code that may show words waits for its texts', () => {
    // Modules whose words are all the frame's (or, LoggedIn, the login screen's, which the screen
    // loading it brings): nothing of theirs can arrive later.
    const WORDLESS = new Set(['./EChart.tsx', './FeedbackApis.tsx', './AccessDenied.tsx', './LoggedIn.tsx']);
    const bare: string[] = [];
    for (const file of sources(SRC)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) {
        const before = code.slice(Math.max(0, (match.index ?? 0) - 30), match.index);
        const wrapped = /(withScreenTexts|page)\(\s*\(\) =>\s*$/.test(before) || /typeof\s*$/.test(before);
        if (wrapped || WORDLESS.has(match[1] as string)) continue;
        bare.push(`${path.relative(SRC, file)}: ${match[1]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
