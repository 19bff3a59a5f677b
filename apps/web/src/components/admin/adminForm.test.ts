import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  adState,
  imageUploadIdFor,
  isBlankHtml,
  linkIsValid,
  publicHtml,
  readListParams,
  windowIsValid,
  writeListParams,
} from './adminForm.ts';

describe('imageUploadIdFor', () => {
  const stored = { uploadId: 7, url: '/api/web/upload/content/7' };
  it('sends nothing for an unchanged picture, null for a removed one, the new id for a new one', () => {
    expect(imageUploadIdFor(stored, stored)).toBeUndefined();
    expect(imageUploadIdFor(null, null)).toBeUndefined();
    expect(imageUploadIdFor(null, undefined)).toBeUndefined();
    expect(imageUploadIdFor(stored, null)).toBeNull();
    expect(imageUploadIdFor(stored, { uploadId: 9, url: '/api/web/upload/file/9?exp=1&sig=x' })).toBe(9);
    expect(imageUploadIdFor(null, { uploadId: 9, url: '/api/web/upload/file/9?exp=1&sig=x' })).toBe(9);
  });
  it('keeps an older link without an upload as it is', () => {
    const old = { uploadId: null, url: 'https://img.example.com/a.png' };
    expect(imageUploadIdFor(old, old)).toBeUndefined();
  });
});

describe('publicHtml', () => {
  it('turns the signed links of pictures into their public links', () => {
    const html =
      '<p>库存</p><img src="/api/web/upload/file/12?exp=1790000000&amp;sig=abcDEF_-1234567890" alt="a"><img src="/api/web/upload/file/3?exp=1&sig=zz">';
    expect(publicHtml(html)).toBe(
      '<p>库存</p><img src="/api/web/upload/content/12" alt="a"><img src="/api/web/upload/content/3">',
    );
  });
});

describe('list state in the URL', () => {
  it('reads and writes page, keyword and filters, dropping bad pages', () => {
    const state = readListParams(new URLSearchParams('keyword=热卷&status=hidden&page=3&other=x'), [
      'status',
    ]);
    expect(state).toEqual({ page: 3, keyword: '热卷', filters: { status: 'hidden' } });
    expect(readListParams(new URLSearchParams('page=-2'), []).page).toBe(1);
    expect(readListParams(new URLSearchParams('page=abc'), []).page).toBe(1);
    expect(writeListParams({ page: 1, keyword: '', filters: { status: '' } }).toString()).toBe('');
    expect(writeListParams({ page: 2, keyword: '卷', filters: { kind: 'event' } }).toString()).toBe(
      'keyword=%E5%8D%B7&kind=event&page=2',
    );
  });
});

describe('form rules', () => {
  it('accepts empty, site and http(s) links only', () => {
    expect(linkIsValid('')).toBe(true);
    expect(linkIsValid('/vipopen')).toBe(true);
    expect(linkIsValid('https://steel.example.com/a')).toBe(true);
    expect(linkIsValid('//evil.example.com')).toBe(false);
    expect(linkIsValid('javascript:alert(1)')).toBe(false);
  });
  it('wants a window to end after it starts; open ends are fine', () => {
    const a = dayjs('2026-11-25T10:00:00Z');
    expect(windowIsValid([a, a.add(1, 'hour')])).toBe(true);
    expect(windowIsValid([a, a])).toBe(false);
    expect(windowIsValid([null, a])).toBe(true);
    expect(windowIsValid(null)).toBe(true);
  });
  it('counts HTML without text or picture as empty', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('&nbsp; ')).toBe(true);
    expect(isBlankHtml('<p><img src="/a.png"></p>')).toBe(false);
    expect(isBlankHtml('<p>钢</p>')).toBe(false);
  });
});

describe('adState', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  const base = { active: true, live: false, startsAt: null, endsAt: null };
  it('says where an ad stands', () => {
    expect(adState({ ...base, live: true }, now)).toBe('live');
    expect(adState({ ...base, active: false, live: false }, now)).toBe('off');
    expect(adState({ ...base, startsAt: '2026-11-26T10:00:00Z' }, now)).toBe('waiting');
    expect(adState({ ...base, endsAt: '2026-11-24T10:00:00Z' }, now)).toBe('ended');
  });
});
