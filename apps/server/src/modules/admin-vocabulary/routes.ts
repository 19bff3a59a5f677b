/**
 * The trade vocabulary in the operator console (issue 29 item 2): the words search understands,
 * and an operator's new alias or grade, audited; searches on every instance understand it within
 * a minute. All access admin. Thin: the rules live in service.ts and words.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAliasBody,
  AdminAliasParams,
  AdminGradeBody,
  AdminVocabulary,
  AdminVocabularyMaterial,
  AdminVocabularyTerm,
  AdminVocabularyTermParams,
  Envelope,
  ErrorResponses,
  ADMIN_VOCABULARY_LIMITS as L,
  VOCABULARY_REACH_SECONDS,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { auditContext } from '../audit/service.ts';
import type { Dictionary } from '../search/dictionary.ts';
import { adminVocabularyService } from './service.ts';

const TAGS = ['admin'];
const REACH = `本实例的搜索即时生效，其他实例 ${VOCABULARY_REACH_SECONDS} 秒内生效。`;

/** `dictionary`: the searches' one copy, forgotten after each write. */
const adminVocabularyModule: FastifyPluginAsyncTypebox<{ dictionary: Pick<Dictionary, 'forget'> }> = async (
  app,
  opts,
) => {
  const vocabulary = adminVocabularyService({ db: app.db, dictionary: opts.dictionary });
  const access = { access: 'admin' as const };
  const termWritten = { 200: Envelope(AdminVocabularyTerm), ...ErrorResponses };

  app.get(
    '/api/admin/vocabulary',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminVocabularyList',
        summary: '搜索词库：品类、品名、材质与钢厂及其别名',
        description:
          '搜索能识别的全部词条（几百个，一次返回）：品类（别名与所含品名）、品名（别名与所属品类）、材质牌号、钢厂（别名与全称）。',
        response: { 200: Envelope(AdminVocabulary), ...ErrorResponses },
      },
    },
    async () => ok(await vocabulary.list()),
  );

  app.post(
    '/api/admin/vocabulary/:kind/:id/aliases',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminVocabularyAliasAdd',
        summary: '给品类、品名或钢厂添加别名',
        description: `添加一个别名并记审计日志。${REACH}别名按全角转半角、字母大写比较，须 ${L.aliasMin}–${L.aliasMax} 个字（单字不参与搜索）、不含空格、不能只有数字或符号（code 2）；已是词库中的词（如「热卷」已是 热轧卷板 的别名）、是材质牌号的开头或已有 ${L.aliasesPerTerm} 个别名为 code 1；词条不存在为 code 6。`,
        params: AdminVocabularyTermParams,
        body: AdminAliasBody,
        response: termWritten,
      },
    },
    async (request) =>
      ok(
        await vocabulary.addAlias(
          auditContext(request),
          request.params.kind,
          request.params.id,
          request.body.alias,
        ),
      ),
  );

  app.delete(
    '/api/admin/vocabulary/:kind/:id/aliases/:alias',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminVocabularyAliasRemove',
        summary: '删除品类、品名或钢厂的一个别名',
        description: `删除一个别名并记审计日志；搜索不再识别这个词。${REACH}词条不存在或没有这个别名为 code 6。`,
        params: AdminAliasParams,
        response: termWritten,
      },
    },
    async (request) =>
      ok(
        await vocabulary.removeAlias(
          auditContext(request),
          request.params.kind,
          request.params.id,
          request.params.alias,
        ),
      ),
  );

  app.post(
    '/api/admin/vocabulary/materials',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminVocabularyGradeAdd',
        summary: '添加材质牌号',
        description: `添加一个材质牌号（按大写保存，如 Q235B、DX51D+Z、SPCC-SD）并记审计日志。${REACH}只能由字母、数字与 + - . / 组成、${L.gradeMin}–${L.gradeMax} 个字符（code 2）；已有该材质或已是词库中的其他词为 code 1。`,
        body: AdminGradeBody,
        response: { 200: Envelope(AdminVocabularyMaterial), ...ErrorResponses },
      },
    },
    async (request) => ok(await vocabulary.addGrade(auditContext(request), request.body.name)),
  );
};

export default adminVocabularyModule;
