// @vitest-environment happy-dom
import { Code, FIRST_DATA_ID, type FirstAnswer, StorageKey } from '@steelport/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import {
  ApiError,
  configureApiClient,
  download,
  get,
  http,
  NETWORK_ERROR_CODE,
  post,
  request,
  TransportError,
} from './client.ts';
import { resetFirstData } from './firstData.ts';
import { buildUrl, serializeParams, xhrTransport } from './transport.ts';

/** What a browser's XMLHttpRequest does, driven by the test: the last one made is `xhr`. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  timeout = 0;
  responseType = '';
  status = 0;
  responseText = '';
  response: unknown = null;
  responseHeaders = '';
  aborted = false;
  readonly upload = new EventTarget();
  onloadend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  /** The server's answer arrives. */
  answer(status: number, text: string, headers = 'content-type: application/json\r\n') {
    this.status = status;
    this.responseHeaders = headers;
    this.responseText = text;
    this.response =
      this.responseType === 'blob'
        ? new Blob([text], { type: /content-type: ([^\r]+)/i.exec(headers)?.[1] })
        : text;
    this.onloadend?.();
  }
  /** The upload reports its progress. */
  progress(loaded: number, total?: number) {
    const event = new ProgressEvent('progress', {
      loaded,
      total: total ?? 0,
      lengthComputable: total !== undefined,
    });
    this.upload.dispatchEvent(event);
  }
}

let made: FakeXhr[] = [];
/** The portal's own transport (page answers, then the network), given back after these tests. */
const portalTransport = http.transport;
const xhr = () => {
  const last = made.at(-1);
  if (!last) throw new Error('no XMLHttpRequest was made');
  return last;
};
const toasts: string[] = [];
const OK = JSON.stringify({ code: 0, message: 'ok', data: { id: 7 } });

beforeAll(() => {
  initI18n('zh-CN');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterAll(() => {
  vi.unstubAllGlobals();
  http.transport = portalTransport;
});

beforeEach(() => {
  made = [];
  toasts.length = 0;
  localStorage.clear();
  // The network itself, as the portal sends: no page answers (firstData.ts) are waiting.
  resetFirstData(new Map());
  http.transport = xhrTransport;
  configureApiClient({ toast: (text) => toasts.push(text), onSessionExpired: () => undefined });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetFirstData();
});

describe('query parameters, as axios wrote them', () => {
  it('skip undefined and null, keep : $ , and write a space as +', () => {
    expect(serializeParams({ page: 1, keyword: 'SPCC 2.75*1250 a&b', a: undefined, b: null, on: true })).toBe(
      'page=1&keyword=SPCC+2.75*1250+a%26b&on=true',
    );
    expect(serializeParams({ at: 'x:y$z,w', cn: '热卷' })).toBe('at=x:y$z,w&cn=%E7%83%AD%E5%8D%B7');
  });

  it('write arrays as a[]=1&a[]=2 by default and a=1&a=2 with indexes: null', () => {
    const params = { ids: [1, null, 2], none: [] };
    expect(serializeParams(params)).toBe('ids%5B%5D=1&ids%5B%5D=2');
    expect(serializeParams(params, null)).toBe('ids=1&ids=2');
    expect(serializeParams(params, true)).toBe('ids%5B0%5D=1&ids%5B2%5D=2');
  });

  it('write Dates as ISO text and nested objects as a[b]', () => {
    const at = new Date(Date.UTC(2026, 10, 30, 8, 5, 3));
    expect(serializeParams({ at, range: { from: 1, to: [2, 3] } })).toBe(
      'at=2026-11-30T08:05:03.000Z&range%5Bfrom%5D=1&range%5Bto%5D%5B0%5D=2&range%5Bto%5D%5B1%5D=3',
    );
  });

  it('join the query to the path, after one it already has, without its fragment', () => {
    expect(buildUrl('/api/x', { a: 1 })).toBe('/api/x?a=1');
    expect(buildUrl('/api/x?b=2#top', { a: [1, 2] }, null)).toBe('/api/x?b=2&a=1&a=2');
    expect(buildUrl('/api/x#top', { a: undefined })).toBe('/api/x#top');
    expect(buildUrl('/api/x', undefined)).toBe('/api/x');
  });

  it('go out on the request as each call asks', async () => {
    const plain = get('/api/web/2.0/searchCargo/export', { products: ['热卷', 'HRC'] });
    expect(xhr().url).toBe(
      '/api/web/2.0/searchCargo/export?products%5B%5D=%E7%83%AD%E5%8D%B7&products%5B%5D=HRC',
    );
    xhr().answer(200, OK);
    await plain;
    const repeated = get('/api/x', { ids: [1, 2], page: 1 }, { paramsSerializer: { indexes: null } });
    expect(xhr().url).toBe('/api/x?ids=1&ids=2&page=1');
    xhr().answer(200, OK);
    await expect(repeated).resolves.toEqual({ id: 7 });
  });
});

describe('the XMLHttpRequest transport', () => {
  it('sends the method in capitals, the headers, a JSON body and the timeout', async () => {
    localStorage.setItem(StorageKey.token, 'tok-1');
    const sent = request({ method: 'patch', url: '/api/web/subscription/search/3', data: { name: 'x' } });
    expect(xhr()).toMatchObject({
      method: 'PATCH',
      url: '/api/web/subscription/search/3',
      body: '{"name":"x"}',
    });
    expect(xhr().timeout).toBe(100_000);
    expect(xhr().headers).toEqual({
      accept: 'application/json, text/plain, */*',
      'content-type': 'application/json',
      'x-lang': 'zh-CN',
      'x-token': 'tok-1',
    });
    xhr().answer(200, OK);
    await expect(sent).resolves.toEqual({ id: 7 });
  });

  it('sends FormData as it is, for the browser to write its multipart type, with a longer timeout', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.xlsx');
    const sent = post('/api/trader/import/cargo/preview', form, { timeout: 120_000, silent: true });
    expect(xhr().body).toBe(form);
    expect(xhr().headers['content-type']).toBeUndefined();
    expect(xhr().timeout).toBe(120_000);
    xhr().answer(200, OK);
    await sent;
  });

  it('reports upload progress at most three times a second, and always the last', async () => {
    vi.useFakeTimers();
    const seen: [number, number | undefined][] = [];
    const sent = request({
      method: 'post',
      url: '/api/web/upload',
      data: new FormData(),
      onUploadProgress: ({ loaded, total }) => seen.push([loaded, total]),
    });
    xhr().progress(10, 100);
    xhr().progress(20, 100);
    xhr().progress(40, 100);
    expect(seen).toEqual([[10, 100]]);
    vi.advanceTimersByTime(400);
    expect(seen).toEqual([
      [10, 100],
      [40, 100],
    ]);
    xhr().progress(60);
    xhr().progress(100, 100);
    xhr().answer(200, OK);
    await sent;
    expect(seen.at(-1)).toEqual([100, 100]);
    expect(seen).toHaveLength(3);
  });

  it('toasts the network message on a timeout and on a lost connection', async () => {
    const late = get('/api/x');
    xhr().ontimeout?.();
    xhr().onloadend?.();
    await expect(late).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
    const lost = get('/api/x');
    xhr().onerror?.();
    await expect(lost).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['网络异常，请稍后重试', '网络异常，请稍后重试']);
  });

  it('rejects an aborted call as a cancel, without a toast', async () => {
    const controller = new AbortController();
    const call = get('/api/x', undefined, { signal: controller.signal });
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ code: 'ERR_CANCELED' });
    expect(xhr().aborted).toBe(true);
    // A call whose signal was aborted before it left is not sent at all.
    made = [];
    await expect(get('/api/x', undefined, { signal: controller.signal })).rejects.toMatchObject({
      code: 'ERR_CANCELED',
    });
    expect(made).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('downloads a file as a Blob with its name, and reads a JSON refusal as an ApiError', async () => {
    const file = download('/api/web/2.0/searchCargo/export', { kind: 'cargo' });
    expect(xhr().responseType).toBe('blob');
    xhr().answer(
      200,
      'PK...',
      "Content-Type: application/vnd.ms-excel\r\nContent-Disposition: attachment; filename*=UTF-8''%E7%8E%B0%E8%B4%A7.xlsx\r\n",
    );
    const got = await file;
    expect(got.filename).toBe('现货.xlsx');
    expect(await got.blob.text()).toBe('PK...');

    const refused = download('/api/web/2.0/searchCargo/export', {});
    xhr().answer(403, JSON.stringify({ code: Code.NeedVip, message: '导出为免豆会员功能', data: null }));
    await expect(refused).rejects.toMatchObject({
      code: Code.NeedVip,
      message: '导出为免豆会员功能',
      status: 403,
    });
    expect(toasts).toEqual(['导出为免豆会员功能']);
  });

  it('takes a call the page brought from the page, keyed by its path and query, without the network', async () => {
    const answers: FirstAnswer[] = [
      {
        method: 'GET',
        url: '/api/web/2.0/searchMaterial/page?page=1&pageSize=20',
        lang: 'zh-CN',
        answer: { code: 0, message: 'ok', data: { list: [] } },
      },
    ];
    document.body.innerHTML = `<script type="application/json" id="${FIRST_DATA_ID}">${JSON.stringify(answers)}</script>`;
    // A fresh client, as a first visit has it: the page's answers are read on its first call.
    vi.resetModules();
    vi.spyOn(performance, 'now').mockReturnValue(100);
    const fresh = await import('./client.ts');
    fresh.configureApiClient({ toast: (text) => toasts.push(text) });
    await expect(fresh.get('/api/web/2.0/searchMaterial/page', { pageSize: 20, page: 1 })).resolves.toEqual({
      list: [],
    });
    expect(made).toEqual([]);
    // It serves once: the second ask goes to the network.
    const again = fresh.get('/api/web/2.0/searchMaterial/page', { pageSize: 20, page: 1 });
    expect(xhr().url).toBe('/api/web/2.0/searchMaterial/page?pageSize=20&page=1');
    xhr().answer(200, OK);
    await again;
  });
});
