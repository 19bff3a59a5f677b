/**
 * The trade vocabulary in the operator console (issue 29 item 2): the words search understands
 * (product families, products, material grades, mills, each with its other words) listed for
 * operators, who add or remove an alias of a family, a product or a mill, and add a grade. All
 * access `admin`, tag `admin`; every write is one transaction with exactly one audit row, and
 * searches on every instance understand the new word within a minute (the server forgets its
 * dictionary at once and other instances reread theirs at most `VOCABULARY_REACH_SECONDS` later).
 *
 * Paths:
 * - GET    /api/admin/vocabulary                                   -> AdminVocabulary
 * - POST   /api/admin/vocabulary/{kind}/{id}/aliases  AdminAliasBody -> AdminVocabularyTerm
 * - DELETE /api/admin/vocabulary/{kind}/{id}/aliases/{alias}         -> AdminVocabularyTerm
 * - POST   /api/admin/vocabulary/materials            AdminGradeBody -> AdminVocabularyMaterial
 *
 * `kind` is families, products or mills.
 */
import { type Static, Type } from 'typebox';
import { Id } from './envelope.ts';

/**
 * Bounds of the words an operator adds. A word is compared as search reads it: trimmed, Unicode
 * compatibility forms folded and upper-cased (ｈｒｃ is HRC). One-character words are never
 * looked up by search (one character names too much), so an alias has two or more.
 */
export const ADMIN_VOCABULARY_LIMITS = {
  aliasMin: 2,
  aliasMax: 20,
  gradeMin: 2,
  gradeMax: 30,
  /** other words of one term: the console lists them as tags */
  aliasesPerTerm: 30,
} as const;

/** How long, at most, another instance of the server understands a search word the old way. */
export const VOCABULARY_REACH_SECONDS = 60;

/** What a grade may be written with: letters, digits and + - . / (Q235B, DX51D+Z, SPCC-SD). */
export const GRADE_PATTERN = /^[A-Z0-9][A-Z0-9+\-./]*$/;

const L = ADMIN_VOCABULARY_LIMITS;

/** The kinds of terms whose aliases operators keep, as the path names them. */
export const VOCABULARY_ALIAS_KINDS = ['families', 'products', 'mills'] as const;
export type VocabularyAliasKind = (typeof VOCABULARY_ALIAS_KINDS)[number];

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

export const AdminVocabularyFamily = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  /** the products a family word selects */
  products: Type.Array(Named),
});
export type AdminVocabularyFamily = Static<typeof AdminVocabularyFamily>;

export const AdminVocabularyProduct = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  family: Type.Union([Named, Type.Null()]),
});
export type AdminVocabularyProduct = Static<typeof AdminVocabularyProduct>;

export const AdminVocabularyMaterial = Type.Object({ id: Type.Integer(), name: Type.String() });
export type AdminVocabularyMaterial = Static<typeof AdminVocabularyMaterial>;

export const AdminVocabularyMill = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** counts as a word too (宝山钢铁有限公司) */
  fullName: Type.String(),
  aliases: Type.Array(Type.String()),
});
export type AdminVocabularyMill = Static<typeof AdminVocabularyMill>;

/** GET /api/admin/vocabulary: every list whole (a few hundred words), sorted by name. */
export const AdminVocabulary = Type.Object({
  families: Type.Array(AdminVocabularyFamily),
  products: Type.Array(AdminVocabularyProduct),
  materials: Type.Array(AdminVocabularyMaterial),
  mills: Type.Array(AdminVocabularyMill),
  /** how long other instances may take to understand a change */
  reachSeconds: Type.Integer(),
});
export type AdminVocabulary = Static<typeof AdminVocabulary>;

/** A family, product or mill after an alias write: its name and aliases now. */
export const AdminVocabularyTerm = Type.Object({
  kind: Type.Enum(VOCABULARY_ALIAS_KINDS),
  id: Type.Integer(),
  name: Type.String(),
  aliases: Type.Array(Type.String()),
});
export type AdminVocabularyTerm = Static<typeof AdminVocabularyTerm>;

export const AdminVocabularyTermParams = Type.Object({
  kind: Type.Enum(VOCABULARY_ALIAS_KINDS, {
    description: '词条种类：families 品类、products 品名、mills 钢厂',
  }),
  id: Id('词条 id'),
});
export type AdminVocabularyTermParams = Static<typeof AdminVocabularyTermParams>;

const Word = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f]+$', description });

export const AdminAliasParams = Type.Object({
  ...AdminVocabularyTermParams.properties,
  alias: Word(L.aliasMax, '要删除的别名'),
});
export type AdminAliasParams = Static<typeof AdminAliasParams>;

export const AdminAliasBody = Type.Object({
  alias: Word(L.aliasMax, `别名（${L.aliasMin}–${L.aliasMax} 个字；全角字母按半角、字母按大写比较）`),
});
export type AdminAliasBody = Static<typeof AdminAliasBody>;

export const AdminGradeBody = Type.Object({
  name: Word(L.gradeMax, `材质牌号（字母、数字与 + - . /，最多 ${L.gradeMax} 个字符）`),
});
export type AdminGradeBody = Static<typeof AdminGradeBody>;
