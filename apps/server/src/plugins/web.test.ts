/** The built portal served by the API process: SPA fallback, caching, compression. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'steelport-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>钢市通</title><div id="root"></div>');
writeFileSync(
  path.join(dist, 'assets', 'index-abc123.js'),
  `console.log(${JSON.stringify('钢'.repeat(4000))});`,
);

const t = useTestApp({ WEB_DIST_DIR: dist });

describe('web serving', () => {
  it('answers every portal path with the app shell, never cached', async () => {
    for (const url of [
      '/',
      '/wareHouse',
      '/firminfo/12/embed',
      '/quotation?indexSearch=热卷',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('钢市通');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('keeps unknown API paths as code 6, not the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/web/2.0/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(6);
  });

  it('sends security headers that allow only the configured embedders', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
