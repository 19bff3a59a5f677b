/**
 * Excel/CSV import and export of the trader's own rows (docs/api.md#trader-workspace):
 * the template, preview (nothing written) and its rows page by page, commit (one transaction,
 * progress polled; all or nothing, or only the rows without errors), status, the sheet of the
 * rows left out, and the export in the template's columns. Thin: the rules live in service.ts.
 */

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponses,
  ImportCommitBody,
  ImportIdParams,
  ImportPreview,
  ImportRowsPage,
  ImportRowsQuery,
  ImportStatus,
  TRADER_LIMITS,
  TraderKindParams,
} from '@steelport/contracts';
import { readOneFile, sendXlsx, XlsxResponse } from '../../files.ts';
import { ok } from '../../plugins/envelope.ts';
import { userLang } from '../../plugins/lang.ts';
import type { Dictionary } from '../search/dictionary.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import { PREVIEW_MB_PER_HOUR, PREVIEWS_PER_HOUR, traderImportService } from './service.ts';
import { SHEET_TITLES, SHEET_UPLOAD } from './sheet.ts';

const traderImportModule: FastifyPluginAsyncTypebox<{
  dictionary: Dictionary;
  /** after a commit: saved searches match the new rows (modules/subscription) */
  onRowsWritten?: OnRowsWritten;
}> = async (app, opts) => {
  await app.register(multipart, {
    limits: { fileSize: TRADER_LIMITS.importFileBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const imports = traderImportService({
    db: app.db,
    store: app.store,
    dictionary: opts.dictionary,
    onRowsWritten: opts.onRowsWritten,
  });
  app.addHook('onClose', () => imports.settle());
  // Sheets are read in worker threads: one is started at boot so the first upload need not wait.
  if (app.config.warmUp) app.addHook('onReady', async () => imports.warmReaders());

  app.get(
    '/api/trader/import/template/:kind',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderImportTemplate',
        summary: '下载导入模板（.xlsx）',
        description:
          '某类资源（cargo 现货、surplus 余料、quotation 报价）的 Excel 导入模板：表头 品名、材质、规格、产地/钢厂、仓库、城市、件数、重量(吨)、单价(元/吨)、备注（余料另有 品级、缺陷；报价无件数），附一行示例。',
        params: TraderKindParams,
        response: { 200: XlsxResponse, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const lang = userLang(request);
      const name = SHEET_TITLES[kind];
      const fileName = lang === 'en' ? `${name.en} import template.xlsx` : `${name.zh}导入模板.xlsx`;
      return sendXlsx(reply, fileName, await imports.template(kind, lang));
    },
  );

  app.post(
    '/api/trader/import/:kind/preview',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderImportPreview',
        summary: '上传表格并预览导入（不写入）',
        description: `以 multipart/form-data 上传一个 Excel（.xlsx）或 CSV（UTF-8，也认 GBK）文件，字段名 file，不超过 ${TRADER_LIMITS.importFileBytes / 1024 / 1024} MB、${TRADER_LIMITS.importRowsMax} 行数据。按文件内容识别类型；表头可在前 10 行内（上方标题行跳过），认常见别名（品种、牌号、规格型号、厚度/宽度/长度 分列、钢厂、存放仓库、吨位、含税价……）。逐行检查并返回错误（行号、列名、原文、原因；前 ${TRADER_LIMITS.importErrorsShown} 条）与前几行预览，全部行用 rows 分页查看；此时不发布任何资源。导入记录 30 分钟内有效，用返回的 importId 确认导入。文件不是表格、超过大小或行数过多时返回 code 1；解压后过大、读取超时或所需内存超限时返回 code 2（表格过大）；每个公司每小时最多预览 ${PREVIEWS_PER_HOUR} 次、共 ${PREVIEW_MB_PER_HOUR} MB，超出返回 code 7。错误的列名是表格自己的表头；表格没有某列而该行需要它时（如未知仓库而没有城市列）会直说。上传的文件只保留到导入记录过期，以便分页查看所有行、只导入无误的行。`,
        consumes: ['multipart/form-data'],
        params: TraderKindParams,
        response: { 200: Envelope(ImportPreview), ...ErrorResponses },
      },
    },
    async (request) => {
      const file = await readOneFile(request, SHEET_UPLOAD);
      return ok(await imports.preview(request.user!, request.params.kind, file, request.lang));
    },
  );

  app.get(
    '/api/trader/import/:importId/rows',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderImportRows',
        summary: '预览表格的数据行（分页，可只看有错误的行）',
        description:
          '预览过、尚未导入的表格的数据行，每页最多 100 行：行号（与表格中一致）、各个识别出的列的原文（按字段）、该行的全部错误（列名为表格自己的表头）。errorsOnly=true 只列有错误的行。已导入、正在导入或导入失败返回 code 1；不存在、已过期（30 分钟）或不是本公司的导入返回 code 404。由另一台服务器预览的表格会再读一次，计入每小时的预览读取次数（超出返回 code 7）。',
        params: ImportIdParams,
        querystring: ImportRowsQuery,
        response: { 200: Envelope(ImportRowsPage), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await imports.rows(request.user!, request.params.importId, request.query, request.lang)),
  );

  app.post(
    '/api/trader/import/:importId/commit',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderImportCommit',
        summary: '确认导入（append 追加 / replace 替换；可只导入无误的行）',
        description:
          '发布预览过的表格：所有行在一个事务中写入，失败则一行也不写。replace 先删除本公司该类全部资源（报价：今天的报价）再写入。默认表格有错误时不导入（code 1）；skipErrors=true 时只导入无误的行（同样一个事务），有误的行不导入，完成后 skipped 为其行数，30 分钟内可从 bad-rows 下载（原表格的列加「错误」列），没有无误的行时返回 code 1。小表格写完才回答；大表格先回答 state=running，再用导入状态接口查看进度。已导入或正在导入时返回 code 1；不存在、已过期（30 分钟）或不是本公司的导入返回 code 404。',
        params: ImportIdParams,
        body: ImportCommitBody,
        response: { 200: Envelope(ImportStatus), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(
        await imports.commit(request.user!, request.params.importId, request.body.mode, {
          skipErrors: request.body.skipErrors,
          lang: userLang(request),
        }),
      ),
  );

  app.get(
    '/api/trader/import/:importId/bad-rows',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderImportBadRows',
        summary: '下载未导入的有误行（.xlsx）',
        description:
          '以 skipErrors 完成的导入留下的有误行：列与上传的表格相同（表头原样），最后加一列「错误」写明每行的问题；修改后可直接重新上传导入。导入完成后 30 分钟内可下载，之后返回 code 404；没有留下有误行的导入返回 code 1。',
        params: ImportIdParams,
        response: { 200: XlsxResponse, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const file = await imports.leftOutRows(request.user!, request.params.importId, userLang(request));
      return sendXlsx(reply, file.fileName, file.bytes);
    },
  );

  app.get(
    '/api/trader/import/:importId',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderImportStatus',
        summary: '导入状态与进度',
        description:
          '一次导入的状态（previewed 已预览、running 导入中、done 完成、failed 失败）、总行数、已写入行数（进度）、新增与替换删除的行数，失败时附原因。只能查看本公司的导入。',
        params: ImportIdParams,
        response: { 200: Envelope(ImportStatus), ...ErrorResponses },
      },
    },
    async (request) => ok(await imports.status(request.user!, request.params.importId)),
  );

  app.get(
    '/api/trader/export/:kind',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderExport',
        summary: '导出本公司的资源（.xlsx，与导入模板同列）',
        description:
          '本公司未删除的现货、余料（含已售），或最近一个报价日的报价，按导入模板的列导出为 Excel；导出的文件可直接再导入（追加或替换），内容不变。',
        params: TraderKindParams,
        response: { 200: XlsxResponse, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const book = await imports.export(request.user!, request.params.kind, userLang(request));
      return sendXlsx(reply, book.fileName, book.stream);
    },
  );
};

export default traderImportModule;
