import './upload.css';
import '../../i18n/upload.ts';
import { DeleteOutlined, FileOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadedFile } from '@steelport/contracts';
import { Alert, Button, Progress } from 'antd';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/upload.ts';
import { formatFileSize } from '../../lib/numbers.ts';
import {
  exceedsLimit,
  matchesAccept,
  percentOf,
  readyEntry,
  removeEntry,
  type UploadFileEntry,
  updateEntry,
} from './uploadRules.ts';

export interface UploadProps {
  /** extensions, wildcard or exact types, comma-separated (docs/portal.md#uploads) */
  accept?: string;
  /** the most files the list may hold; more calls `onExceed` */
  limit?: number;
  /** bytes; a larger file is refused before sending (the server checks too) */
  maxSize?: number;
  /** defaults (docs/portal.md#constants): common upload path, field `file`, post, upload at once */
  action?: string;
  name?: string;
  method?: string;
  autoUpload?: boolean;
  /** a drop area as well as the button */
  drag?: boolean;
  disabled?: boolean;
  /** what the files are for, e.g. 附件 (labels the control) */
  label: string;
  /** a line under the control: types, size and count */
  tip?: string;
  /** every change of the list (states, progress, removals) */
  onChange?: (list: UploadFileEntry[]) => void;
  /** too many files: the files refused, the list as it is, and the message shown */
  onExceed?: (files: File[], list: UploadFileEntry[], message: string) => void;
  /** a file failed (and was removed from the list) */
  onError?: (message: string, entry: UploadFileEntry) => void;
  onSuccess?: (entry: UploadFileEntry, response: UploadedFile) => void;
}

/**
 * The one upload control of the portal (docs/portal.md#uploads): picked or dropped files become
 * entries (name, size, percentage, status, uid, url) that go ready -> uploading -> success |
 * fail. A failed file leaves the list and its error is shown (`fail to post /url 413` unless
 * the server said why); a count above `limit` calls `onExceed` with a message; a dropped file
 * of a type `accept` does not name is refused, as the file picker would.
 */
export function Upload({
  accept,
  limit,
  maxSize,
  action,
  name,
  method = 'post',
  autoUpload = true,
  drag = false,
  disabled = false,
  label,
  tip,
  onChange,
  onExceed,
  onError,
  onSuccess,
}: UploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [list, setList] = useState<UploadFileEntry[]>([]);
  const listRef = useRef(list);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const apply = (next: (l: UploadFileEntry[]) => UploadFileEntry[]) => {
    listRef.current = next(listRef.current);
    setList(listRef.current);
  };
  useEffect(() => {
    onChange?.(list);
  }, [list, onChange]);

  const fail = (entry: UploadFileEntry, message: string) => {
    apply((l) => removeEntry(l, entry.uid));
    const text = t('upload.failed', { name: entry.name, message });
    setError(text);
    onError?.(message, { ...entry, status: 'fail' });
  };

  const send = async (entry: UploadFileEntry) => {
    if (!entry.raw) return;
    apply((l) => updateEntry(l, entry.uid, { status: 'uploading', percentage: 0 }));
    try {
      const stored = await uploadFile({
        file: entry.raw,
        ...(action ? { action } : {}),
        ...(name ? { name } : {}),
        method,
        onProgress: (loaded, total) =>
          apply((l) => updateEntry(l, entry.uid, { percentage: percentOf(loaded, total) })),
      });
      const done = { status: 'success' as const, percentage: 100, url: stored.url, response: stored };
      apply((l) => updateEntry(l, entry.uid, done));
      onSuccess?.({ ...entry, ...done }, stored);
    } catch (err) {
      fail(entry, (err as Error).message);
    }
  };

  const add = (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    if (exceedsLimit(listRef.current.length, files.length, limit)) {
      const message = t('upload.exceed', { limit, count: files.length });
      setError(message);
      onExceed?.(files, listRef.current, message);
      return;
    }
    const accepted: UploadFileEntry[] = [];
    for (const file of files) {
      if (!matchesAccept(file, accept)) {
        setError(t('upload.wrongType', { name: file.name }));
        continue;
      }
      if (maxSize !== undefined && file.size > maxSize) {
        setError(t('upload.tooLarge', { name: file.name, size: formatFileSize(maxSize) }));
        continue;
      }
      accepted.push(readyEntry(file));
    }
    apply((l) => [...l, ...accepted]);
    if (autoUpload) for (const entry of accepted) void send(entry);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) add([...e.dataTransfer.files]);
  };

  return (
    <div className="sp-upload" data-testid="upload">
      <input
        ref={input}
        id={inputId}
        type="file"
        className="sp-sr-only"
        accept={accept}
        multiple={limit === undefined || limit > 1}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => {
          add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {drag ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop area adds to the button below, which is the keyboard way
        <div
          className={dragging ? 'sp-upload__drop sp-upload__drop--over' : 'sp-upload__drop'}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="upload-drop"
        >
          <InboxOutlined className="sp-upload__dropicon" aria-hidden />
          <p>{t('upload.dropHint')}</p>
          <Button
            icon={<UploadOutlined aria-hidden />}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            {t('upload.choose', { label })}
          </Button>
        </div>
      ) : (
        <Button
          icon={<UploadOutlined aria-hidden />}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {t('upload.choose', { label })}
        </Button>
      )}
      {tip && <p className="sp-upload__tip">{tip}</p>}
      <div aria-live="polite" className="sp-upload__alert" data-testid="upload-error">
        {error && <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(null) }} />}
      </div>
      {list.length > 0 && (
        <ul className="sp-upload__list" aria-label={t('upload.listLabel', { label })}>
          {list.map((f) => (
            <li
              key={f.uid}
              className={`sp-upload__item sp-upload__item--${f.status}`}
              data-testid="upload-item"
              data-status={f.status}
            >
              <FileOutlined aria-hidden className="sp-upload__fileicon" />
              <div className="sp-upload__main">
                <div className="sp-upload__name">
                  {f.status === 'success' && f.url ? (
                    <a href={f.url} target="_blank" rel="noreferrer">
                      {f.name}
                    </a>
                  ) : (
                    <span>{f.name}</span>
                  )}
                  <span className="sp-upload__size">{formatFileSize(f.size)}</span>
                </div>
                {f.status === 'uploading' ? (
                  <Progress
                    percent={f.percentage}
                    size="small"
                    aria-label={t('upload.progress', { name: f.name })}
                  />
                ) : (
                  <span className="sp-upload__state">{t(`upload.status.${f.status}`)}</span>
                )}
              </div>
              <Button
                type="text"
                className="sp-upload__remove"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('upload.remove', { name: f.name })}
                onClick={() => apply((l) => removeEntry(l, f.uid))}
                disabled={f.status === 'uploading'}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
