import { describe, expect, it } from 'vitest';
import {
  exceedsLimit,
  matchesAccept,
  percentOf,
  removeEntry,
  type UploadFileEntry,
  updateEntry,
  uploadErrorText,
} from './uploadRules.ts';

const file = (name: string, type: string) => ({ name, type });

describe('matchesAccept (docs/portal.md#uploads)', () => {
  it('matches by extension, wildcard type and exact type', () => {
    expect(matchesAccept(file('质保书.PDF', ''), '.pdf')).toBe(true);
    expect(matchesAccept(file('a.png', 'image/png'), 'image/*')).toBe(true);
    expect(matchesAccept(file('a.bin', 'application/pdf'), 'application/pdf')).toBe(true);
    expect(
      matchesAccept(file('a.exe', 'application/x-msdownload'), '.jpg,.png,image/*,application/pdf'),
    ).toBe(false);
    expect(matchesAccept(file('a.txt', 'text/plain'), 'image/*')).toBe(false);
  });

  it('takes everything without an accept list', () => {
    expect(matchesAccept(file('a.exe', ''), undefined)).toBe(true);
    expect(matchesAccept(file('a.exe', ''), ' , ')).toBe(true);
  });
});

describe('the count limit', () => {
  it('calls a count above the limit an excess', () => {
    expect(exceedsLimit(3, 2, 5)).toBe(false);
    expect(exceedsLimit(3, 3, 5)).toBe(true);
    expect(exceedsLimit(100, 1, undefined)).toBe(false);
  });
});

describe('error text (docs/portal.md#errors)', () => {
  it('reads fail to {method} {url} {status} unless the server gave its own', () => {
    expect(uploadErrorText('POST', '/api/web/upload', 413)).toBe('fail to post /api/web/upload 413');
    expect(uploadErrorText('post', '/api/web/upload', undefined, '  ')).toBe(
      'fail to post /api/web/upload 0',
    );
    expect(uploadErrorText('post', '/api/web/upload', 400, '参数错误：file 文件类型不支持')).toBe(
      '参数错误：file 文件类型不支持',
    );
  });
});

describe('file entries (docs/portal.md#uploads)', () => {
  const list: UploadFileEntry[] = [
    { uid: 'a', name: 'a.png', size: 10, percentage: 0, status: 'ready' },
    { uid: 'b', name: 'b.png', size: 20, percentage: 0, status: 'ready' },
  ];
  it('moves one entry on and removes a failed one', () => {
    const uploading = updateEntry(list, 'a', { status: 'uploading', percentage: percentOf(5, 10) });
    expect(uploading[0]).toMatchObject({ status: 'uploading', percentage: 50 });
    expect(uploading[1]).toBe(list[1]);
    expect(removeEntry(uploading, 'a').map((f) => f.uid)).toEqual(['b']);
  });
  it('reads progress in whole percent within 0-100', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, undefined)).toBe(0);
    expect(percentOf(20, 10)).toBe(100);
  });
});
