/**
 * The one request module (modelled on ant-design-pro's) and the only one that imports axios:
 * every call goes to our own origin with the stored token, the `{ code, message, data }`
 * envelope is unwrapped here, failures become a toast plus a typed ApiError, an expired session
 * (code 3) is ended in one place and a call that needs a login (code 4) points to the login site.
 */
import { type ApiEnvelope, Code, LANG_HEADER, REQUEST_TIMEOUT_MS, TOKEN_HEADER } from '@steelport/contracts';
import axios, {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  type AxiosRequestConfig,
  type AxiosResponse,
} from 'axios';
import { clearSession, getToken } from '../auth/session.ts';
import { i18n, resolveLanguage } from '../i18n/index.ts';
import { takeFirstAnswer } from './firstData.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast this call's failure; the caller shows the error its own way. */
    silent?: boolean;
    /**
     * On an expired session, clear it and announce it but stay on this screen instead of going
     * to `/`: the login pages show their login form in place (a phone confirming a QR code).
     */
    keepPageOnExpiry?: boolean;
  }
}

/** Options of one call: axios's request config plus `silent` and `keepPageOnExpiry`. */
export type RequestOptions = AxiosRequestConfig;

export type { AxiosResponse as HttpResponse, InternalAxiosRequestConfig as HttpRequest } from 'axios';
// Seams for the client's own tests, which answer through `http.defaults.adapter`: they reach
// axios's types through here so that no other file imports axios.
export { AxiosError as TransportError };

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

const network = axios.getAdapter(axios.defaults.adapter);

/**
 * Sends a call, unless the page brought its answer (firstData.ts: a public screen's first calls,
 * answered by the server in the page it sent).
 */
const adapter: AxiosAdapter = (config) => {
  const headers = AxiosHeaders.from(config.headers);
  const answer = takeFirstAnswer({
    lang: resolveLanguage(String(headers.get(LANG_HEADER) ?? '')),
    method: config.method ?? 'get',
    url: http.getUri(config),
    data: config.data,
    loggedIn: headers.has(TOKEN_HEADER),
  });
  if (answer === undefined) return network(config);
  return Promise.resolve({ data: answer, status: 200, statusText: 'OK', headers: {}, config, request: null });
};

/** The axios instance; tests swap `http.defaults.adapter` to answer without a network. */
export const http = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
  // Every HTTP status reaches the response interceptor: the server answers 401/404/429 with an
  // envelope, and the envelope, not the status, says what happened.
  validateStatus: () => true,
  adapter,
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token && !config.headers.has(TOKEN_HEADER)) config.headers.set(TOKEN_HEADER, token);
  // The server answers its messages in the page's language (issue 31).
  config.headers.set(LANG_HEADER, resolveLanguage(i18n.language));
  return config;
});

http.interceptors.response.use(onAnyResponse, onTransportError);

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function fail(config: AxiosRequestConfig | undefined, error: ApiError): never {
  if (!config?.silent) hooks.toast(error.message);
  throw error;
}

function onResponse(response: AxiosResponse): AxiosResponse {
  const body: unknown = response.data;
  if (!isEnvelope(body)) {
    // An HTML error page from a proxy, or a non-API answer: nothing meaningful to show.
    return fail(response.config, new ApiError(Code.Internal, i18n.t('api.server'), response.status));
  }
  if (body.code === Code.Ok) return response;

  const sentToken = AxiosHeaders.from(response.config.headers ?? {}).get(TOKEN_HEADER);
  // Only the token this call carried ends the session: a parallel call that fails after the
  // first one already logged out, or after a fresh login, must not clear the new state.
  if (body.code === Code.TokenExpired && sentToken && getToken() === String(sentToken)) {
    // The session is over for the whole app, so this is announced even for a silent call.
    clearSession();
    hooks.toast(i18n.t('api.tokenExpired'));
    // Before the app is mounted its router would not see the move home: it waits for the app.
    if (!response.config.keepPageOnExpiry) {
      if (appReady) hooks.onSessionExpired();
      else expiryWaiting = true;
    }
    throw new ApiError(body.code, i18n.t('api.tokenExpired'), response.status);
  }
  if (body.code === Code.NeedLogin) {
    // Only a login helps, and the screen has no way to it: the way is offered here, for a silent
    // call too, as an expired session is. Nothing is cleared: there was no session to end.
    const text = body.message || i18n.t('api.loginRequired');
    hooks.onLoginRequired(text);
    throw new ApiError(body.code, text, response.status);
  }
  const text = body.message || i18n.t('api.server');
  return fail(response.config, new ApiError(body.code, text, response.status, body.retryAfterSeconds));
}

/**
 * A file download (responseType blob) passes through as the file; when the server refused it,
 * the body is its JSON envelope, which is read and judged like any other answer.
 */
async function onAnyResponse(response: AxiosResponse): Promise<AxiosResponse> {
  const body: unknown = response.data;
  if (response.config.responseType !== 'blob' || !(body instanceof Blob)) return onResponse(response);
  const type = String(response.headers?.['content-type'] ?? body.type);
  if (!type.includes('json')) return response;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(await body.text());
  } catch {
    // Not an envelope after all: onResponse reports a server error.
  }
  return onResponse({ ...response, data: parsed });
}

function onTransportError(error: AxiosError): never {
  if (axios.isCancel(error)) throw error;
  return fail(error.config, new ApiError(NETWORK_ERROR_CODE, i18n.t('api.network')));
}

/** Sends a request and resolves the envelope's `data`; rejects with ApiError. */
export async function request<T>(config: RequestOptions): Promise<T> {
  const response = await http.request<ApiEnvelope<T>>(config);
  return response.data.data;
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
  const response = await http.request<Blob>({ ...options, method: 'GET', url, params, responseType: 'blob' });
  const header: unknown = response.headers?.['content-disposition'];
  return { blob: response.data, filename: dispositionFilename(typeof header === 'string' ? header : null) };
}
