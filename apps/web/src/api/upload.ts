/**
 * Uploads a file (field `file`, method post: docs/portal.md#constants) with progress, through the
 * API client so the token and envelope rules apply. A refusal reads as the server's own message;
 * a failure without one as `fail to post /api/web/upload 413` (docs/portal.md#errors).
 */
import { UPLOAD_FIELD_NAME, UPLOAD_PATH, type UploadedFile } from '@steelport/contracts';
import i18n from 'i18next';
import { uploadErrorText } from '../components/upload/uploadRules.ts';
import { ApiError, NETWORK_ERROR_CODE, request } from './client.ts';

export interface UploadCall {
  file: File;
  action?: string;
  method?: string;
  name?: string;
  onProgress?: (loaded: number, total: number | undefined) => void;
  signal?: AbortSignal;
}

/** Sends one file; resolves the stored file, rejects with an Error whose message is shown as it is. */
export async function uploadFile(call: UploadCall): Promise<UploadedFile> {
  const action = call.action ?? UPLOAD_PATH;
  const method = call.method ?? 'post';
  const form = new FormData();
  form.append(call.name ?? UPLOAD_FIELD_NAME, call.file, call.file.name);
  try {
    return await request<UploadedFile>({
      url: action,
      method,
      data: form,
      silent: true,
      ...(call.signal ? { signal: call.signal } : {}),
      onUploadProgress: (e) => call.onProgress?.(e.loaded, e.total),
    });
  } catch (err) {
    if (err instanceof ApiError) {
      // The client's stand-ins mean the server said nothing of its own.
      const generic = err.code === NETWORK_ERROR_CODE || err.message === i18n.t('api.server');
      throw new Error(uploadErrorText(method, action, err.status, generic ? null : err.message));
    }
    throw err;
  }
}
