/**
 * Multipart bodies for `app.inject`, as a browser's form sends files: one helper instead of a
 * hand-built body in every test file that uploads.
 */

/** One file of a multipart body: its form field (`file` unless said), name, bytes and type. */
export interface MultipartFile {
  field?: string;
  name: string;
  bytes: Buffer;
  /** Content-Type of the part; application/octet-stream unless said */
  type?: string;
}

const BOUNDARY = '----steelport-test-boundary';

/** The payload and content-type header of a multipart body holding `files`. */
export function multipart(files: MultipartFile[]) {
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A multipart body with the one file `name` in the field `file`. */
export function fileBody(bytes: Buffer, name: string, type?: string) {
  return multipart([{ name, bytes, ...(type ? { type } : {}) }]);
}
