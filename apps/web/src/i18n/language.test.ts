import { describe, expect, it } from 'vitest';
import { browserLanguage, languageFromUrl, startLanguage, withLanguage } from './language.ts';

describe('the language a page opens in', () => {
  it('reads the URL first: ?lang=en, ?lang=zh-CN; anything else names none', () => {
    expect(languageFromUrl('?lang=en')).toBe('en');
    expect(languageFromUrl('?products=a&lang=EN')).toBe('en');
    expect(languageFromUrl('?lang=zh-CN')).toBe('zh-CN');
    expect(languageFromUrl('?lang=zh')).toBe('zh-CN');
    expect(languageFromUrl('?lang=fr')).toBeNull();
    expect(languageFromUrl('')).toBeNull();
  });

  it("follows the browser's first language the portal speaks, else Chinese", () => {
    expect(browserLanguage(['en-US', 'zh-CN'])).toBe('en');
    expect(browserLanguage(['de-DE', 'en-GB'])).toBe('en');
    expect(browserLanguage(['zh-TW', 'en'])).toBe('zh-CN');
    expect(browserLanguage(['de-DE'])).toBe('zh-CN');
    expect(browserLanguage([])).toBe('zh-CN');
  });

  it('the URL over the stored choice over the browser', () => {
    expect(startLanguage({ search: '?lang=en', stored: 'zh-CN', browser: ['zh-CN'] })).toBe('en');
    expect(startLanguage({ search: '', stored: 'zh-CN', browser: ['en-US'] })).toBe('zh-CN');
    expect(startLanguage({ search: '', stored: 'en', browser: ['zh-CN'] })).toBe('en');
    // a first visit: nothing stored
    expect(startLanguage({ search: '', stored: null, browser: ['en-US'] })).toBe('en');
    expect(startLanguage({ search: '?lang=xx', stored: null, browser: ['zh-CN'] })).toBe('zh-CN');
  });

  it('keeps ?lang=en in an English address and drops it in a Chinese one, other parameters kept', () => {
    expect(withLanguage('?products=a&page=2', 'en')).toBe('?products=a&page=2&lang=en');
    expect(withLanguage('?lang=en&page=2', 'zh-CN')).toBe('?page=2');
    expect(withLanguage('?lang=en', 'zh-CN')).toBe('');
    expect(withLanguage('', 'en')).toBe('?lang=en');
  });
});
