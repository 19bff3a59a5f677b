import { describe, expect, it } from 'vitest';
import { scrollKey } from './scrollKey.ts';

describe('scrollKey', () => {
  it('keys a page opened by a full load by its address, so another page’s position never applies', () => {
    expect(scrollKey({ key: 'default', pathname: '/login', search: '?mode=register' })).toBe(
      '/login?mode=register',
    );
    expect(scrollKey({ key: 'default', pathname: '/', search: '' })).toBe('/');
  });

  it('keys a page reached inside the app by its history entry', () => {
    expect(scrollKey({ key: 'a1b2c3', pathname: '/', search: '' })).toBe('a1b2c3');
  });
});
