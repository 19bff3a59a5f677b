/**
 * Uploads (docs/portal.md#uploads): POST /api/web/upload takes one file in the multipart field
 * `file` and answers its entry (id, name, size, type, a signed link); GET
 * /api/web/upload/file/{id} serves it to its owner and operators. Thin: the checks live in
 * service.ts. Multipart parsing is registered in this plugin only.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ADMIN_CONTENT_FILE_PATH,
  Envelope,
  ErrorResponses,
  UPLOAD_FIELD_NAME,
  UPLOAD_LIMITS,
  UPLOAD_PATH,
  UploadedFile,
  UploadFileParams,
  UploadFileQuery,
} from '@steelport/contracts';
import type { FastifyReply } from 'fastify';
import { MINUTE_MS } from '../../dates.ts';
import { Invalid } from '../../errors.ts';
import { readOneFile } from '../../files.ts';
import { ok } from '../../plugins/envelope.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import { diskStore } from '../../providers/storage/index.ts';
import { say } from '../../text.ts';
import type { UploadRow } from './repo.ts';
import { fileLinks, uploadService } from './service.ts';

/** A file over UPLOAD_LIMITS.maxBytes: code 2, naming the limit. */
const tooLarge = () =>
  new Invalid(
    say(
      `参数错误：file 文件不能超过 ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB`,
      `Invalid request: file may be at most ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB`,
    ),
  );

/** Sends a stored file as itself (not an envelope), never as a page that could run scripts. */
function sendFile(
  reply: FastifyReply,
  row: UploadRow,
  bytes: Buffer,
  cacheControl = 'private, max-age=3600',
) {
  reply
    .header('content-type', row.mime)
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
    .header('cache-control', cacheControl)
    // an uploaded file is content, never a page: no scripts, even inside an SVG
    .header(
      'content-security-policy',
      row.mime === 'application/pdf'
        ? "default-src 'none'"
        : "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
    .header('x-content-type-options', 'nosniff');
  return reply.send(bytes);
}

const uploadModule: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const uploads = uploadService({
    db: app.db,
    files: diskStore(path.join(app.config.dataDir, 'uploads')),
    links: fileLinks(app.config.appSecret),
  });

  app.post(
    UPLOAD_PATH,
    {
      config: { access: 'member' },
      schema: {
        tags: ['common'],
        operationId: 'uploadFile',
        summary: '上传附件（JPG、PNG、WebP 或 PDF，单个不超过 5 MB）',
        description:
          '以 multipart/form-data 上传一个文件，字段名 file。按文件内容（而非扩展名）识别类型，只收 JPG、PNG、WebP 图片与 PDF；单个不超过 5 MB，每次 1 个，每人每分钟 30 次。返回文件 ID、原名、大小、类型与一小时内有效的查看链接。类型、大小或数量不符时返回 code 2，不保存任何内容。',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadedFile), ...ErrorResponses },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      await limitRate(
        app.store,
        `upload:${userId}`,
        UPLOAD_LIMITS.perMinute,
        MINUTE_MS,
        say('上传过于频繁，请稍后再试', 'Too many uploads; please try again later'),
      );
      const file = await readOneFile(request, { field: UPLOAD_FIELD_NAME, tooLarge });
      return ok(await uploads.save(userId, file));
    },
  );

  app.get(
    '/api/web/upload/file/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        operationId: 'uploadFileContent',
        summary: '查看上传的文件（本人、运营或签名链接）',
        description:
          '返回文件内容。文件本人或运营人员凭登录凭证可看；图片标签等不带凭证的场合使用接口返回的签名链接（exp、sig，一小时内有效）。他人的文件返回 code 6。',
        params: UploadFileParams,
        querystring: UploadFileQuery,
        response: {
          200: {
            description: '文件内容（JPG、PNG、WebP、SVG 或 PDF）',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          ...ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { row, bytes } = await uploads.read(request.params.id, request.query, request.user);
      return sendFile(reply, row, bytes);
    },
  );

  app.get(
    `${ADMIN_CONTENT_FILE_PATH}/:id`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        operationId: 'uploadContentFile',
        summary: '查看运营发布的图片（文章封面、广告图、代理商标志）',
        description:
          '运营在后台用作文章封面、广告图或代理商标志的图片对所有人公开，不需要签名链接；其他上传的文件在这里返回 code 6。',
        params: UploadFileParams,
        response: {
          200: {
            description: '图片内容（JPG、PNG 或 WebP）',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          ...ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { row, bytes } = await uploads.readContent(request.params.id);
      // published content is the same for everyone: browsers and proxies may keep it a day
      return sendFile(reply, row, bytes, 'public, max-age=86400');
    },
  );
};

export default uploadModule;
