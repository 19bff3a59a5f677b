/** Vocabulary rows -> the console's shapes: families with the products they select, products with their family. */
import {
  type AdminVocabulary,
  type AdminVocabularyTerm,
  VOCABULARY_REACH_SECONDS,
  type VocabularyAliasKind,
} from '@steelport/contracts';
import type { AliasRow, VocabularyLists } from './repo.ts';

/** The four lists as the console shows them. */
export function presentVocabulary(lists: VocabularyLists): AdminVocabulary {
  const familyById = new Map(lists.families.map((f) => [f.id, f]));
  return {
    families: lists.families.map((f) => ({
      id: f.id,
      name: f.name,
      aliases: f.aliases,
      products: lists.products.filter((p) => p.familyId === f.id).map((p) => ({ id: p.id, name: p.name })),
    })),
    products: lists.products.map((p) => {
      const family = p.familyId === null ? undefined : familyById.get(p.familyId);
      return {
        id: p.id,
        name: p.name,
        aliases: p.aliases,
        family: family ? { id: family.id, name: family.name } : null,
      };
    }),
    materials: lists.materials,
    mills: lists.mills,
    reachSeconds: VOCABULARY_REACH_SECONDS,
  };
}

/** A family, product or mill after an alias write (also what its audit row holds). */
export function presentTerm(kind: VocabularyAliasKind, row: AliasRow): AdminVocabularyTerm {
  return { kind, id: row.id, name: row.name, aliases: row.aliases };
}
