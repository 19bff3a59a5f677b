/**
 * The trade vocabulary in the console (issue 29 item 2): operators list the words search
 * understands and add a word (an alias of a family, a product or a mill; a material grade) or
 * remove an alias. A write is one transaction with exactly one audit row; vocabulary writes take
 * turns (an advisory lock) and check the new word against every word there is, read on the
 * write's own transaction, so no word ever names two terms. After the commit this process
 * forgets its dictionary; the other instances reread theirs within DICTIONARY_MAX_AGE_MS
 * (search/dictionary.ts), so every search understands the word within a minute.
 */
import {
  type AdminVocabulary,
  type AdminVocabularyMaterial,
  type AdminVocabularyTerm,
  ADMIN_VOCABULARY_LIMITS as L,
  type VocabularyAliasKind,
} from '@steelport/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import { type LocalText, say } from '../../text.ts';
import { type AuditContext, auditedWrites } from '../audit/service.ts';
import { type Dictionary, readDictionaryRows, vocabularyKey } from '../search/dictionary.ts';
import { presentTerm, presentVocabulary } from './present.ts';
import * as repo from './repo.ts';
import { aliasWord, assertAliasFree, assertGradeFree, gradeWord } from './words.ts';

/** The audit entity of each kind (the table's row). */
const ENTITY: Record<VocabularyAliasKind, string> = {
  families: 'product_family',
  products: 'product',
  mills: 'mill',
};

const MISSING: Record<VocabularyAliasKind, LocalText> = {
  families: say('品类不存在', 'Product family not found'),
  products: say('品名不存在', 'Product not found'),
  mills: say('钢厂不存在', 'Mill not found'),
};

export interface AdminVocabularyService {
  list(): Promise<AdminVocabulary>;
  addAlias(
    ctx: AuditContext,
    kind: VocabularyAliasKind,
    id: number,
    alias: string,
  ): Promise<AdminVocabularyTerm>;
  removeAlias(
    ctx: AuditContext,
    kind: VocabularyAliasKind,
    id: number,
    alias: string,
  ): Promise<AdminVocabularyTerm>;
  addGrade(ctx: AuditContext, name: string): Promise<AdminVocabularyMaterial>;
}

/** The console's vocabulary over the database; `dictionary` is the searches' one copy. */
export function adminVocabularyService(deps: {
  db: Db;
  dictionary: Pick<Dictionary, 'forget'>;
}): AdminVocabularyService {
  const { db, dictionary } = deps;

  const termWrites = (kind: VocabularyAliasKind) =>
    auditedWrites<AdminVocabularyTerm>(db, {
      entity: ENTITY[kind],
      load: async (tx, id) => {
        const row = await repo.lockAliasRow(tx, kind, id);
        if (!row) throw new NotFound(MISSING[kind]);
        return presentTerm(kind, row);
      },
    });
  const materialWrites = auditedWrites<AdminVocabularyMaterial>(db, {
    entity: 'material',
    load: async (tx, id) => {
      const row = await repo.findMaterial(tx, id);
      if (!row) throw new NotFound(say('材质不存在', 'Grade not found'));
      return row;
    },
  });

  /** Runs an audited write, then lets this process's searches see it at once. */
  const thenForget = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    await dictionary.forget();
    return result;
  };

  /** Takes the vocabulary's turn and reads every word there is, on the write's transaction. */
  const wordsNow = async (tx: DbOrTx) => {
    await repo.lockVocabulary(tx);
    return readDictionaryRows(tx);
  };

  return {
    async list() {
      return presentVocabulary(await repo.vocabularyLists(db));
    },

    addAlias(ctx, kind, id, alias) {
      const word = aliasWord(alias);
      return thenForget(
        termWrites(kind).update(
          ctx,
          id,
          async (tx, before) => {
            if (before.aliases.length >= L.aliasesPerTerm)
              throw new BusinessError(
                say(
                  `${before.name} 已有 ${L.aliasesPerTerm} 个别名，请先删除不用的`,
                  `${before.name} already has ${L.aliasesPerTerm} aliases; delete unused ones first`,
                ),
              );
            assertAliasFree(word, await wordsNow(tx));
            await repo.setAliases(tx, kind, id, [...before.aliases, word]);
          },
          'add_alias',
        ),
      );
    },

    removeAlias(ctx, kind, id, alias) {
      const key = vocabularyKey(alias);
      return thenForget(
        termWrites(kind).update(
          ctx,
          id,
          async (tx, before) => {
            const kept = before.aliases.filter((a) => vocabularyKey(a) !== key);
            if (kept.length === before.aliases.length)
              throw new NotFound(
                say(`「${alias}」不是 ${before.name} 的别名`, `"${alias}" is not an alias of ${before.name}`),
              );
            await repo.lockVocabulary(tx);
            await repo.setAliases(tx, kind, id, kept);
          },
          'remove_alias',
        ),
      );
    },

    addGrade(ctx, name) {
      const word = gradeWord(name);
      return thenForget(
        materialWrites.create(ctx, async (tx) => {
          assertGradeFree(word, await wordsNow(tx));
          return repo.insertMaterial(tx, word);
        }),
      );
    },
  };
}
