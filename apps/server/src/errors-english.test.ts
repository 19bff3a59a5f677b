/**
 * Every message a typed error carries has its English (issue 31): a Chinese literal handed to a
 * typed error (or to SheetError or limitRate, whose texts become one) must be wrapped in
 * `say('中文', 'English')`.
 * A cheap scan of the source; the messages built elsewhere (constants, helpers) are typed
 * `LocalText` where they are written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.dirname(new URL(import.meta.url).pathname);
const THROWN =
  /new (AppError|BusinessError|Invalid|NeedLogin|NeedVip|Forbidden|NotFound|TooMany|TokenExpired|SheetError)\(|\blimitRate\(/g;
const CJK = /[\u3400-\u9fff\uff00-\uffef]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'seed' || entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text between the parenthesis at `open` and its match, skipping strings and comments. */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  let i = open;
  const quotes: string[] = [];
  for (; i < source.length; i++) {
    const c = source[i];
    const inString = quotes.at(-1);
    if (inString) {
      if (c === '\\') i++;
      else if (c === inString) quotes.pop();
      else if (inString === '`' && c === '$' && source[i + 1] === '{') {
        quotes.push('}');
        i++;
      }
      // `}` closes a `${` (pushed as '}') and goes back to the template.
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quotes.push(c);
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) break;
  }
  return source.slice(open + 1, i);
}

/** The argument text with every `say(...)` call taken out. */
function withoutSay(args: string): string {
  let out = args;
  for (let at = out.indexOf('say('); at >= 0; at = out.indexOf('say(')) {
    const inner = argumentsAt(out, at + 3);
    out = out.slice(0, at) + out.slice(at + 4 + inner.length + 1);
  }
  return out;
}

/** The typed errors thrown with a Chinese literal that is not wrapped in `say`. */
function chineseOnly(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(THROWN)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    const args = argumentsAt(source, open);
    if (CJK.test(withoutSay(args))) found.push(`${match[0]}${args.slice(0, 60)}`);
  }
  return found;
}

/** A sample of source: `#{` stands for a template placeholder. */
const source = (text: string) => text.replaceAll('#{', '$' + '{');

describe('typed errors speak English too', () => {
  it('finds a Chinese-only literal and accepts one in say()', () => {
    expect(chineseOnly("throw new NotFound('记录不存在');")).toHaveLength(1);
    expect(chineseOnly(source('throw new Invalid(`参数错误：#{field} 不对`);'))).toHaveLength(1);
    expect(chineseOnly("throw new NotFound(say('记录不存在', 'Record not found'));")).toEqual([]);
    expect(
      chineseOnly(source("throw new Invalid(say(`参数错误：#{f('（')} 不对`, `Invalid: #{f(')')} wrong`));")),
    ).toEqual([]);
  });

  it('no typed error of the server is thrown with a Chinese-only message', () => {
    const offenders = sourceFiles(ROOT).flatMap((file) =>
      chineseOnly(readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}: ${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});
