/**
 * The one request module (modelled on ant-design-pro's), over our own small transport
 * (transport.ts: XMLHttpRequest; axios was 18 KB gzip of every first page, issue 36): every call
 * goes to our own origin with the stored token, the `{ code, message, data }` envelope is
 * unwrapped here, failures become a toast plus a typed ApiError, an expired session (code 3) is
 * ended in one place and a call that needs a login (code 4) points to the login site.
 */
import { type ApiEnvelope, Code, LANG_HEADER, REQUEST_TIMEOUT_MS, TOKEN_HEADER } from '@steelport/contracts';
import { clearSession, getToken } from '../auth/session.ts';
import { i18n, resolveLanguage } from '../i18n/index.ts';
import { takeFirstAnswer } from './firstData.ts';
import {
  buildUrl,
  canceled,
  type HttpRequest,
  type HttpResponse,
  type Transport,
  TransportError,
  type UploadProgress,
  xhrTransport,
} from './transport.ts';

// The client's own tests answer through `http.transport` and build their answers with these.
export type { HttpRequest, HttpResponse, Transport, UploadProgress };
export { TransportError };

/** Options of one call (what axios's config was to the portal, and only what it used). */
export interface RequestOptions {
  url?: string;
  /** `get` unless told; any case */
  method?: string;
  /** the query: undefined and null values are left out, arrays as `a[]=1&a[]=2` unless told */
  params?: object;
  /** `{ indexes: null }` writes arrays as `a=1&a=2`, which the server reads as an array */
  paramsSerializer?: { indexes?: boolean | null };
  /** a JSON body, or FormData for an upload */
  data?: unknown;
  headers?: Record<string, string>;
  /** milliseconds; REQUEST_TIMEOUT_MS unless told */
  timeout?: number;
  /** aborts the call: it rejects with a TransportError of code `ERR_CANCELED`, and nothing is shown */
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
  /** `blob` for a file (download) */
  responseType?: 'blob';
  /** Do not toast this call's failure; the caller shows the error its own way. */
  silent?: boolean;
  /**
   * On an expired session, clear it and announce it but stay on this screen instead of going
   * to `/`: the login pages show their login form in place (a phone confirming a QR code).
   */
  keepPageOnExpiry?: boolean;
}

/** Code of an ApiError raised without a server answer (offline, timeout, aborted). */
export const NETWORK_ERROR_CODE = -1;

/** A failed call: the envelope code and message, or NETWORK_ERROR_CODE. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: number,
    message: string,
    readonly status?: number,
    /** a limit's refusal: seconds until the next try is allowed (the envelope's retryAfterSeconds) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface ApiClientHooks {
  /** Shows an error toast. */
  toast(text: string): void;
  /** Runs after an expired session was cleared: the app goes to `/`. */
  onSessionExpired(): void;
  /**
   * Tells a visitor that the call needs a login (code 4): `text` and a link to the login site
   * that brings them back to this page (the app shows both in one toast).
   */
  onLoginRequired(text: string): void;
}

/**
 * Toasts raised before the app can show them: a first visit's reads start before React has
 * mounted (lib/prefetch.ts), and an expired session found by one of them must still be announced.
 * They are shown, once each, when the app wires its toast in.
 */
const waitingToasts = new Set<string>();
/** The app has wired its toast in: it is mounted, its router listens. */
let appReady = false;
/** A session expired before that: the app goes home once it can. */
let expiryWaiting = false;

// Defaults work before the React tree mounts; App replaces them with context-aware versions.
let hooks: ApiClientHooks = {
  toast: (text) => {
    waitingToasts.add(text);
  },
  onSessionExpired: () => window.location.assign('/'),
  // Until the app wires the toast with the login link in, the message alone is shown.
  onLoginRequired: (text) => hooks.toast(text),
};

/** Replaces the toast and expiry hooks (the app wires antd's App context and the router in). */
export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
  if (next.toast) {
    appReady = true;
    for (const text of waitingToasts) next.toast(text);
    waitingToasts.clear();
    if (expiryWaiting) {
      expiryWaiting = false;
      hooks.onSessionExpired();
    }
  }
}

/**
 * Sends a call, unless the page brought its answer (firstData.ts: a public screen's first calls,
 * answered by the server in the page it sent).
 */
const firstAnswerOrNetwork: Transport = (call) => {
  const answer = takeFirstAnswer({
    lang: resolveLanguage(call.headers.get(LANG_HEADER) ?? ''),
    method: call.method,
    url: call.url,
    data: call.data,
    loggedIn: call.headers.has(TOKEN_HEADER),
  });
  if (answer === undefined) return xhrTransport(call);
  return Promise.resolve({ data: answer, status: 200, headers: {} });
};

/** How calls travel; tests swap `http.transport` to answer without a network. */
export const http: { transport: Transport } = { transport: firstAnswerOrNetwork };

/** The call as it goes out: its address with the query, its headers and its body as sent. */
function outgoing(options: RequestOptions): HttpRequest {
  // axios's default Accept, kept so that the server sees the same request as before.
  const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined && value !== null) headers.set(name, value);
  }
  const token = getToken();
  if (token && !headers.has(TOKEN_HEADER)) headers.set(TOKEN_HEADER, token);
  // The server answers its messages in the page's language (issue 31).
  headers.set(LANG_HEADER, resolveLanguage(i18n.language));
  let data = options.data;
  if (data instanceof FormData) {
    // The browser writes the multipart type with its boundary.
    headers.delete('Content-Type');
  } else if (typeof data === 'object' && data !== null && !(data instanceof Blob)) {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    data = JSON.stringify(data);
  }
  return {
    method: (options.method ?? 'get').toLowerCase(),
    url: buildUrl(options.url ?? '', options.params, options.paramsSerializer?.indexes),
    headers,
    data,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    ...(options.responseType ? { responseType: options.responseType } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
  };
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function fail(options: RequestOptions, error: ApiError): never {
  if (!options.silent) hooks.toast(error.message);
  throw error;
}

/** Judges an answer's envelope: resolves its data on code 0, else fails as the code says. */
function judge(options: RequestOptions, call: HttpRequest, status: number, body: unknown): unknown {
  if (!isEnvelope(body)) {
    // An HTML error page from a proxy, or a non-API answer: nothing meaningful to show.
    return fail(options, new ApiError(Code.Internal, i18n.t('api.server'), status));
  }
  if (body.code === Code.Ok) return body.data;

  const sentToken = call.headers.get(TOKEN_HEADER);
  // Only the token this call carried ends the session: a parallel call that fails after the
  // first one already logged out, or after a fresh login, must not clear the new state.
  if (body.code === Code.TokenExpired && sentToken && getToken() === sentToken) {
    // The session is over for the whole app, so this is announced even for a silent call.
    clearSession();
    hooks.toast(i18n.t('api.tokenExpired'));
    // Before the app is mounted its router would not see the move home: it waits for the app.
    if (!options.keepPageOnExpiry) {
      if (appReady) hooks.onSessionExpired();
      else expiryWaiting = true;
    }
    throw new ApiError(body.code, i18n.t('api.tokenExpired'), status);
  }
  if (body.code === Code.NeedLogin) {
    // Only a login helps, and the screen has no way to it: the way is offered here, for a silent
    // call too, as an expired session is. Nothing is cleared: there was no session to end.
    const text = body.message || i18n.t('api.loginRequired');
    hooks.onLoginRequired(text);
    throw new ApiError(body.code, text, status);
  }
  const text = body.message || i18n.t('api.server');
  return fail(options, new ApiError(body.code, text, status, body.retryAfterSeconds));
}

/** The body of an answer: JSON text parsed (text that is not JSON stays text), a file as it came. */
function parsed(options: RequestOptions, data: unknown): unknown {
  if (options.responseType || typeof data !== 'string' || data === '') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * Sends a call and judges its answer: resolves the answer (its envelope's data, or for a
 * download the file and its headers); rejects with ApiError, or with the cancel of an aborted
 * signal, which nobody is told about (the caller aborted it: react-query, a closed dialog).
 */
async function send(options: RequestOptions): Promise<{ data: unknown; headers: Record<string, string> }> {
  const { signal } = options;
  let call: HttpRequest;
  let response: HttpResponse;
  try {
    // Inside the try: a body that cannot be sent (JSON.stringify of a cycle) fails like a lost call.
    call = outgoing(options);
    if (signal?.aborted) throw canceled();
    response = await http.transport(call);
  } catch (error) {
    if (signal?.aborted) throw canceled();
    if (error instanceof TransportError && error.code === 'ERR_CANCELED') throw error;
    return fail(options, new ApiError(NETWORK_ERROR_CODE, i18n.t('api.network')));
  }
  if (signal?.aborted) throw canceled();
  const { status, headers } = response;
  const body = parsed(options, response.data);
  // A file download passes through as the file; when the server refused it, the body is its
  // JSON envelope, which is read and judged like any other answer.
  if (options.responseType === 'blob' && body instanceof Blob) {
    if (!(headers['content-type'] ?? body.type).includes('json')) return { data: body, headers };
    let envelope: unknown = null;
    try {
      envelope = JSON.parse(await body.text());
    } catch {
      // Not an envelope after all: judge reports a server error.
    }
    return { data: judge(options, call, status, envelope), headers };
  }
  return { data: judge(options, call, status, body), headers };
}

/** Sends a request and resolves the envelope's `data`; rejects with ApiError. */
export async function request<T>(options: RequestOptions): Promise<T> {
  return (await send(options)).data as T;
}

/** GET helper; `params` become the query string. */
export function get<T>(url: string, params?: object, options?: RequestOptions): Promise<T> {
  return request<T>({ ...options, method: 'GET', url, params });
}

/** POST helper with a JSON body. */
export function post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>({ ...options, method: 'POST', url, data });
}

/** PUT helper with a JSON body. */
export function put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>({ ...options, method: 'PUT', url, data });
}

/** A downloaded file and the name the server gave it (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of a Content-Disposition header; `filename*` (UTF-8, for Chinese names) first. */
export function dispositionFilename(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  return (plain?.[2] ?? plain?.[1])?.trim() || null;
}

/**
 * GET a file with the token header (an `<a href>` could not send it). A refusal (code 5 for a
 * non-VIP, say) rejects with ApiError like any other call.
 */
export async function download(
  url: string,
  params?: object,
  options?: RequestOptions,
): Promise<DownloadedFile> {
  const response = await send({ ...options, method: 'GET', url, params, responseType: 'blob' });
  return {
    blob: response.data as Blob,
    filename: dispositionFilename(response.headers['content-disposition']),
  };
}
