/**
 * The portal's HTTP transport (issue 36): one XMLHttpRequest per call, in place of axios (18 KB
 * gzip of every first page for what client.ts used of it). XMLHttpRequest, not fetch, because an
 * upload reports its progress (`xhr.upload`), and one code path serves every call. It does what
 * axios's browser adapter did for us, on the same wire: the query as axios serialised it, the
 * method in capitals, the timeout, the abort signal, upload progress at most three times a second,
 * and a Blob body for downloads. What a call means (envelope, toasts, session) is client.ts's.
 */

/** Progress of an upload: bytes sent, of `total` when the browser knows the size. */
export interface UploadProgress {
  loaded: number;
  total: number | undefined;
}

/** One call as it goes out: what a test's stand-in transport sees (client.ts `http.transport`). */
export interface HttpRequest {
  /** lower case, as the caller's options gave it (`get`, `post`, `delete`) */
  method: string;
  /** the path with the serialised query, exactly as sent */
  url: string;
  headers: Headers;
  /** the body as sent: JSON text, FormData, a Blob, or undefined for none */
  data: unknown;
  /** milliseconds, 0 for none */
  timeout: number;
  /** `blob` for a file download; otherwise the answer is read as text */
  responseType?: 'blob';
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** An answer of any HTTP status (the envelope, not the status, says what happened). */
export interface HttpResponse {
  /** the body: text (client.ts parses it as JSON), a Blob for `blob`, or an answer already parsed */
  data: unknown;
  status: number;
  /** header names in lower case */
  headers: Record<string, string>;
}

/** Sends one call; rejects with a TransportError when no answer came. */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/**
 * How a call ended without an answer: `ERR_NETWORK` (offline, refused), `ECONNABORTED` (timed
 * out, or dropped), `ETIMEDOUT` (a timeout as some stand-ins name it), `ERR_CANCELED` (its
 * signal aborted it: no one is told, the caller asked for it). The names are axios's.
 */
export type TransportErrorCode = 'ERR_NETWORK' | 'ECONNABORTED' | 'ETIMEDOUT' | 'ERR_CANCELED';

/** A call that got no answer; `code` says why. */
export class TransportError extends Error {
  override name = 'TransportError';

  constructor(
    message: string,
    readonly code: TransportErrorCode,
  ) {
    super(message);
  }
}

/** The error of a call its signal aborted. */
export function canceled(): TransportError {
  return new TransportError('canceled', 'ERR_CANCELED');
}

/** Upload progress events at most every THROTTLE_MS, the last one always delivered (axios's rate). */
const THROTTLE_MS = 1000 / 3;

/** `listener`, called at most every THROTTLE_MS with the latest progress, and a flush of the last. */
function throttled(listener: (progress: UploadProgress) => void) {
  let last = 0;
  let pending: UploadProgress | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const invoke = (progress: UploadProgress) => {
    last = Date.now();
    pending = null;
    clearTimeout(timer);
    timer = undefined;
    listener(progress);
  };
  const onProgress = (event: ProgressEvent) => {
    const total = event.lengthComputable ? event.total : undefined;
    const progress = { loaded: Math.max(0, Math.min(event.loaded, total ?? event.loaded)), total };
    const passed = Date.now() - last;
    if (passed >= THROTTLE_MS) return invoke(progress);
    pending = progress;
    timer ??= setTimeout(() => pending && invoke(pending), THROTTLE_MS - passed);
  };
  return { onProgress, flush: () => pending && invoke(pending) };
}

/** The headers of `getAllResponseHeaders()`, names in lower case (the first of a repeated one). */
function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (name && !(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Sends a call with XMLHttpRequest (the browser's; tests replace the whole transport). */
export const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { signal } = request;
    const progress = request.onUploadProgress ? throttled(request.onUploadProgress) : null;
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      progress?.flush();
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    const failWith = (message: string, code: TransportErrorCode) =>
      settle(() => reject(new TransportError(message, code)));
    // Rejected first, then aborted: the abort's own events find the call settled.
    const onAbort = () => {
      failWith('canceled', 'ERR_CANCELED');
      xhr.abort();
    };

    xhr.open(request.method.toUpperCase(), request.url, true);
    xhr.timeout = request.timeout;
    if (request.responseType) xhr.responseType = request.responseType;
    xhr.onloadend = () => {
      // error, timeout and abort came first and settled the call; a status 0 here is a drop.
      if (xhr.status === 0) return failWith('Request aborted', 'ECONNABORTED');
      settle(() =>
        resolve({
          data: request.responseType ? xhr.response : xhr.responseText,
          status: xhr.status,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onabort = () => failWith('Request aborted', 'ECONNABORTED');
    xhr.onerror = () => failWith('Network Error', 'ERR_NETWORK');
    xhr.ontimeout = () => failWith(`timeout of ${request.timeout}ms exceeded`, 'ECONNABORTED');
    if (progress) {
      xhr.upload.addEventListener('progress', progress.onProgress);
      xhr.upload.addEventListener('loadend', progress.flush);
    }
    if (signal) {
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort);
    }
    request.headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.send((request.data || null) as XMLHttpRequestBodyInit | null);
  });

/** A query key or value as axios's buildURL wrote it: `: $ ,` kept, a space as `+`. */
function encodeParam(text: string): string {
  return encodeURIComponent(text)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');
}

/** An object literal (axios's isPlainObject): its keys become nested `a[b]` parameters. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return (
    (proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null) &&
    !(Symbol.toStringTag in value) &&
    !(Symbol.iterator in value)
  );
}

const isVisitable = (value: unknown) => Array.isArray(value) || isPlainObject(value);
const bare = (key: string) => (key.endsWith('[]') ? key.slice(0, -2) : key);

/**
 * A call's `params` as axios serialised them by default, so each call keeps its wire format:
 * `undefined` and `null` skipped, Dates as ISO text, a top-level array of plain values as `a[]=1&a[]=2`,
 * or `a=1&a=2` with `indexes: null` (what the server's query parser reads as an array: lots.ts,
 * quotations.ts, vip.ts ask for it), `a[0]=1` with `indexes: true`; nested objects as `a[b]=1`.
 */
export function serializeParams(params: object, indexes: boolean | null = false): string {
  if (params instanceof URLSearchParams) return params.toString();
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    const text = value instanceof Date ? value.toISOString() : String(value);
    pairs.push(`${encodeParam(key)}=${encodeParam(text)}`);
  };
  const visit = (value: object, path: string[]) => {
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((el, i) => [String(i), el])
      : Object.keys(value).map((key) => [key.trim(), (value as Record<string, unknown>)[key]]);
    for (let [key, el] of entries) {
      if (el === undefined || el === null) continue;
      if (path.length === 0 && typeof el === 'object') {
        if (key.endsWith('{}')) el = JSON.stringify(el);
        else if (Array.isArray(el) && (key.endsWith('[]') || !el.some(isVisitable))) {
          const name = bare(key);
          el.forEach((item: unknown, i) => {
            if (item === undefined || item === null) return;
            add(indexes === true ? `${name}[${i}]` : indexes === null ? name : `${name}[]`, item);
          });
          continue;
        }
      }
      if (typeof el === 'object' && isVisitable(el)) visit(el as object, [...path, key]);
      else add([...path, key].map((token, i) => (i ? `[${bare(token)}]` : bare(token))).join(''), el);
    }
  };
  visit(params, []);
  return pairs.join('&');
}

/** The address a call goes to: its path and, when there is one, the serialised query. */
export function buildUrl(url: string, params: object | undefined, indexes?: boolean | null): string {
  const query = params ? serializeParams(params, indexes) : '';
  if (!query) return url;
  const path = url.split('#')[0] ?? '';
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
