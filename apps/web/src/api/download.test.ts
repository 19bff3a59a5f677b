import { Code } from '@steelport/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import {
  ApiError,
  configureApiClient,
  dispositionFilename,
  download,
  type HttpResponse,
  http,
} from './client.ts';

const toasts: string[] = [];

/** Answers every call with `body` as a Blob of `type`, as a browser download would arrive. */
function answerBlob(status: number, body: string, type: string, headers: Record<string, string> = {}): void {
  http.transport = async (): Promise<HttpResponse> => ({
    data: new Blob([body], { type }),
    status,
    headers: { 'content-type': type, ...headers },
  });
}

beforeAll(() => {
  initI18n('zh-CN');
});

beforeEach(() => {
  toasts.length = 0;
  configureApiClient({ toast: (text) => toasts.push(text), onSessionExpired: () => undefined });
});

describe('file downloads', () => {
  it('reads the UTF-8 file name first, then the plain one', () => {
    expect(
      dispositionFilename(`attachment; filename="cargo.xlsx"; filename*=UTF-8''%E7%8E%B0%E8%B4%A7.xlsx`),
    ).toBe('现货.xlsx');
    expect(dispositionFilename('attachment; filename="cargo.xlsx"')).toBe('cargo.xlsx');
    expect(dispositionFilename('attachment; filename=cargo.xlsx')).toBe('cargo.xlsx');
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(undefined)).toBeNull();
  });

  it('gives the file and its name', async () => {
    answerBlob(200, 'PK...', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', {
      'content-disposition': `attachment; filename*=UTF-8''%E7%8E%B0%E8%B4%A7.xlsx`,
    });
    const file = await download('/api/web/2.0/searchCargo/export', { products: ['热轧卷板'] });
    expect(file.filename).toBe('现货.xlsx');
    expect(await file.blob.text()).toBe('PK...');
  });

  it('turns a JSON refusal into an ApiError with the server message', async () => {
    answerBlob(
      403,
      JSON.stringify({ code: Code.NeedVip, message: '导出为免豆会员功能', data: null }),
      'application/json',
    );
    const error = await download('/api/web/2.0/searchCargo/export', {}, { silent: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(Code.NeedVip);
    expect((error as ApiError).message).toBe('导出为免豆会员功能');
    expect(toasts).toEqual([]);
  });
});
