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
import { AppError, Invalid } from './errors.ts';
import { type LocalText, say } from './text.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The 200 answer of a route that sends an .xlsx, for the API document: a file, not an envelope. */
export const XlsxResponse = {
  description: 'Excel 文件（.xlsx）',
  content: { [XLSX_TYPE]: { schema: Type.String({ format: 'binary' }) } },
};

/**
 * Text a spreadsheet would read as a formula once the cell is edited or the sheet saved as CSV
 * (`=`, `+`, `-`, `@`, and the tab and carriage return some programs split on).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A row for an export with every such text cell escaped by a leading apostrophe, so a remark
 * like `=HYPERLINK(...)` reaches the reader as text. Numbers and other values pass unchanged;
 * `fromSheetText` undoes it when the sheet comes back as an import.
 */
export function inertCells<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string' && FORMULA_START.test(value)) out[key] = `'${value}`;
  }
  return out as T;
}

/** A text cell of an imported sheet without the apostrophe `inertCells` put before a formula character. */
export function fromSheetText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Sends an .xlsx as a download that no cache keeps (a file, not an envelope). */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer | Readable) {
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store');
  return reply.send(body);
}

/** @fastify/multipart's errors, by code, as what the field's code 2 says after its name (size aside). */
const MULTIPART_ERRORS: Record<string, LocalText> = {
  FST_FILES_LIMIT: say('一次只能上传 1 个文件', 'only one file can be uploaded at a time'),
  FST_PARTS_LIMIT: say('表单字段过多', 'the form has too many fields'),
  FST_FIELDS_LIMIT: say('表单字段过多', 'the form has too many fields'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: say(
    '请以 multipart/form-data 上传文件',
    'upload files as multipart/form-data',
  ),
  FST_PROTO_VIOLATION: say('表单格式不正确', 'the form is malformed'),
};

/** A multipart refusal naming the field: `参数错误：file 表单格式不正确`. */
const fieldError = (field: string, problem: LocalText) =>
  new Invalid(say(`参数错误：${field} ${problem.zh}`, `Invalid request: ${field}, ${problem.en}`));

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
        throw fieldError(opts.field, MULTIPART_ERRORS.FST_FILES_LIMIT as LocalText);
      }
      file = { filename: part.filename, bytes: await part.toBuffer() };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge();
    // Anything else broke while the body was read: a form cut short ("Unexpected end of form",
    // "Part terminated early") or malformed. The client sent it, so it is a code 2, not a 500.
    throw fieldError(
      opts.field,
      (MULTIPART_ERRORS[code] ?? MULTIPART_ERRORS.FST_PROTO_VIOLATION) as LocalText,
    );
  }
  if (!file)
    throw new Invalid(say(`参数错误：${opts.field} 不能为空`, `Invalid request: ${opts.field} is required`));
  return file;
}
