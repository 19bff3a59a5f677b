/**
 * Files in and out of the API, the same way for every module: the one file of a multipart
 * upload with @fastify/multipart's errors as Chinese answers (uploads, trader imports, the
 * console's sheet imports), and an .xlsx sent as a download (exports, templates).
 *
 * The module that reads uploads registers @fastify/multipart itself, with its own size limit.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { type AppError, Invalid } from './errors.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The 200 answer of a route that sends an .xlsx, for the API document: a file, not an envelope. */
export const XlsxResponse = {
  description: 'Excel 文件（.xlsx）',
  content: { [XLSX_TYPE]: { schema: Type.String({ format: 'binary' }) } },
};

/** Sends an .xlsx as a download that no cache keeps (a file, not an envelope). */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer | Readable) {
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store');
  return reply.send(body);
}

/** @fastify/multipart's errors, by code, as what the field's code 2 says after its name (size aside). */
const MULTIPART_ERRORS: Record<string, string> = {
  FST_FILES_LIMIT: '一次只能上传 1 个文件',
  FST_PARTS_LIMIT: '表单字段过多',
  FST_FIELDS_LIMIT: '表单字段过多',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 上传文件',
  FST_PROTO_VIOLATION: '表单格式不正确',
};

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/**
 * The one file of a multipart upload, in the field `field`. A second file or another file field
 * is code 2, as is a body that is not multipart or has no file; a file over the registered size
 * limit is the caller's `tooLarge` error (its limit, in its words).
 */
export async function readOneFile(
  request: FastifyRequest,
  opts: { field: string; tooLarge: () => AppError },
): Promise<UploadedFile> {
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== opts.field || file) {
        part.file.resume();
        throw new Invalid(`参数错误：${opts.field} ${MULTIPART_ERRORS.FST_FILES_LIMIT}`);
      }
      file = { filename: part.filename, bytes: await part.toBuffer() };
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge();
    const known = MULTIPART_ERRORS[code];
    if (known) throw new Invalid(`参数错误：${opts.field} ${known}`);
    throw err;
  }
  if (!file) throw new Invalid(`参数错误：${opts.field} 不能为空`);
  return file;
}
