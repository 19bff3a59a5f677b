/**
 * What makes a word an operator may add to the trade vocabulary (pure, so it is unit-tested
 * without a database). A word is compared as search reads it (`vocabularyKey`: NFKC-folded,
 * trimmed, upper case), and it must not already name anything search understands: a word that
 * named two terms would quietly narrow every search that uses it to one of them, or to none.
 */
import { GRADE_PATTERN, ADMIN_VOCABULARY_LIMITS as L } from '@steelport/contracts';
import { BusinessError, Invalid } from '../../errors.ts';
import { type LocalText, say } from '../../text.ts';
import { type DictionaryRows, vocabularyKey } from '../search/dictionary.ts';
import { cityEnglish } from '../search/english.ts';

export type OwnerKind = 'family' | 'product' | 'material' | 'mill' | 'city' | 'warehouse' | 'supplier';

/** A term a word already names, and how (its name, an alias, a mill's full name, its English name). */
export interface WordOwner {
  kind: OwnerKind;
  id: number;
  name: string;
  as: 'name' | 'alias' | 'fullName' | 'nameEn';
}

const KIND_TEXT: Record<OwnerKind, LocalText> = {
  family: say('品类', 'product family'),
  product: say('品名', 'product'),
  material: say('材质', 'grade'),
  mill: say('钢厂', 'mill'),
  city: say('城市', 'city'),
  warehouse: say('仓库', 'warehouse'),
  supplier: say('供应商简称', "supplier's short name"),
};

/** Every word of the vocabulary by its key, with what it names (a word may name several things). */
export function wordOwners(rows: DictionaryRows): Map<string, WordOwner[]> {
  const owners = new Map<string, WordOwner[]>();
  const add = (word: string, owner: WordOwner) => {
    const key = vocabularyKey(word);
    if (!key) return;
    owners.set(key, [...(owners.get(key) ?? []), owner]);
  };
  // Search reads English names as words too (issue 31): Baosteel, Shanghai, Xi'an or Xian.
  const addEnglish = (en: string | undefined, owner: Omit<WordOwner, 'as'>) => {
    if (!en) return;
    for (const word of new Set([en, en.replace(/'/g, '')])) add(word, { ...owner, as: 'nameEn' });
  };
  for (const f of rows.families ?? []) {
    add(f.name, { kind: 'family', id: f.id, name: f.name, as: 'name' });
    for (const a of f.aliases) add(a, { kind: 'family', id: f.id, name: f.name, as: 'alias' });
    addEnglish(f.nameEn, { kind: 'family', id: f.id, name: f.name });
  }
  for (const p of rows.products) {
    add(p.name, { kind: 'product', id: p.id, name: p.name, as: 'name' });
    for (const a of p.aliases) add(a, { kind: 'product', id: p.id, name: p.name, as: 'alias' });
    addEnglish(p.nameEn, { kind: 'product', id: p.id, name: p.name });
  }
  for (const m of rows.materials) add(m.name, { kind: 'material', id: m.id, name: m.name, as: 'name' });
  for (const m of rows.mills) {
    add(m.name, { kind: 'mill', id: m.id, name: m.name, as: 'name' });
    for (const a of m.aliases ?? []) add(a, { kind: 'mill', id: m.id, name: m.name, as: 'alias' });
    if (m.fullName) add(m.fullName, { kind: 'mill', id: m.id, name: m.name, as: 'fullName' });
    addEnglish(m.nameEn, { kind: 'mill', id: m.id, name: m.name });
  }
  const places = new Set(rows.warehouses.flatMap((w) => [w.city, w.market]));
  for (const place of places) {
    add(place, { kind: 'city', id: 0, name: place, as: 'name' });
    addEnglish(cityEnglish(place), { kind: 'city', id: 0, name: place });
  }
  for (const w of rows.warehouses) add(w.name, { kind: 'warehouse', id: w.id, name: w.name, as: 'name' });
  for (const s of rows.suppliers)
    add(s.shortName, { kind: 'supplier', id: s.id, name: s.shortName, as: 'name' });
  return owners;
}

/** The refusal that names what `word` already is: 「热卷」已是 热轧卷板 的别名. */
export function ownerText(word: string, owner: WordOwner): LocalText {
  if (owner.as === 'alias')
    return say(`「${word}」已是 ${owner.name} 的别名`, `"${word}" is already an alias of ${owner.name}`);
  if (owner.as === 'nameEn')
    return say(
      `「${word}」已是${KIND_TEXT[owner.kind].zh} ${owner.name} 的英文名`,
      `"${word}" is already the English name of the ${KIND_TEXT[owner.kind].en} ${owner.name}`,
    );
  if (owner.as === 'fullName')
    return say(
      `「${word}」已是钢厂 ${owner.name} 的全称`,
      `"${word}" is already the full name of the mill ${owner.name}`,
    );
  const kind = KIND_TEXT[owner.kind];
  return say(`「${word}」已是${kind.zh} ${owner.name}`, `"${word}" is already the ${kind.en} ${owner.name}`);
}

/** Code 1 naming the first term `word` (a key) already names, if any. */
function assertFree(word: string, owners: Map<string, WordOwner[]>): void {
  const taken = owners.get(word)?.[0];
  if (taken) throw new BusinessError(ownerText(word, taken));
}

/**
 * A new alias as it is stored and compared (ｈｒｃ → HRC), or code 2 saying why not: 2–20
 * characters (search never looks up one character: it would name too much), no space (search
 * splits a keyword at spaces, so the word could never match), not only digits and signs (those
 * read as a thickness or a width).
 */
export function aliasWord(raw: string): string {
  const word = vocabularyKey(raw);
  const length = [...word].length;
  if (length < L.aliasMin)
    throw new Invalid(
      say(
        `参数错误：别名至少 ${L.aliasMin} 个字（单字不参与搜索）`,
        `Invalid request: an alias needs at least ${L.aliasMin} characters (search ignores single characters)`,
      ),
    );
  if (length > L.aliasMax)
    throw new Invalid(
      say(
        `参数错误：别名最多 ${L.aliasMax} 个字`,
        `Invalid request: an alias has at most ${L.aliasMax} characters`,
      ),
    );
  if (/\s/u.test(word))
    throw new Invalid(
      say(
        '参数错误：别名不能含空格（搜索按空格分词）',
        'Invalid request: an alias cannot contain spaces (search splits words at spaces)',
      ),
    );
  if (/^[\p{N}\p{P}\p{S}]+$/u.test(word))
    throw new Invalid(
      say(
        '参数错误：别名不能只有数字或符号（会被当作厚度、宽度）',
        'Invalid request: an alias cannot be only digits or symbols (search would read it as a thickness or width)',
      ),
    );
  return word;
}

/** A new grade as stored (q235b → Q235B), or code 2: letters, digits and + - . /, 2–30 characters. */
export function gradeWord(raw: string): string {
  const word = vocabularyKey(raw);
  if (word.length < L.gradeMin || word.length > L.gradeMax)
    throw new Invalid(
      say(
        `参数错误：材质牌号须为 ${L.gradeMin}–${L.gradeMax} 个字符`,
        `Invalid request: a grade has ${L.gradeMin}–${L.gradeMax} characters`,
      ),
    );
  if (!GRADE_PATTERN.test(word))
    throw new Invalid(
      say(
        '参数错误：材质牌号只能由字母、数字与 + - . / 组成，并以字母或数字开头，如 Q235B、DX51D+Z',
        'Invalid request: a grade is made of letters, digits and + - . / and starts with a letter or digit, e.g. Q235B, DX51D+Z',
      ),
    );
  return word;
}

/**
 * Code 1 unless alias `word` (a key) is new to the whole vocabulary. A 4+ character word that
 * starts grades would also select them (search reads DX51D as every DX51D… grade), so it is
 * refused too, naming the first such grade.
 */
export function assertAliasFree(word: string, rows: DictionaryRows): void {
  assertFree(word, wordOwners(rows));
  if (word.length >= 4) {
    const grade = rows.materials.find((m) => vocabularyKey(m.name).startsWith(word));
    if (grade)
      throw new BusinessError(
        say(
          `「${word}」是材质 ${grade.name} 的开头，搜索时会选中这些材质`,
          `"${word}" starts the grade ${grade.name}; search would select those grades`,
        ),
      );
  }
}

/** Code 1 unless grade `word` (a key) is new: not a grade yet, nor any other word of the vocabulary. */
export function assertGradeFree(word: string, rows: DictionaryRows): void {
  assertFree(word, wordOwners(rows));
}
