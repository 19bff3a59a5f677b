/** productMap and the site addresses, answered from the database and the configuration. */
import { describe, expect, it, vi } from 'vitest';
import { productMaterials, productOrigins } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeCatalog } from '../../test/lots.ts';
import { commonService, HEALTH_STALE_MS } from './service.ts';

const t = useTestApp({
  LOGIN_SITE_URL: 'https://login.steelport.cn',
  ALLOWED_EMBED_ORIGINS: 'https://partner.example.com',
});

describe('productMap', () => {
  it('lists categories with their products, materials, mills and spec ranges', async () => {
    const c = await makeCatalog(t.db);
    await t.db.insert(productMaterials).values([
      { productId: c.hrc, materialId: c.q235b, sort: 1 },
      { productId: c.hrc, materialId: c.sphc, sort: 2 },
    ]);
    await t.db.insert(productOrigins).values([{ productId: c.hrc, millId: c.rizhao }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/web/2.0/common/productMap' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json().data;
    expect(categories).toHaveLength(1);
    expect(categories[0]).toMatchObject({ code: 'hot', name: '热轧' });
    expect(categories[0].products[0]).toEqual({
      id: c.hrc,
      name: '热轧卷板',
      aliases: ['热卷', '热轧板卷'],
      materials: ['Q235B', 'SPHC'],
      origins: ['日照'],
      thicknessMin: 1.5,
      thicknessMax: 25.4,
      widthMin: 1000,
      widthMax: 2200,
    });
    expect(categories[0].products[1]).toMatchObject({ name: '冷轧卷板', materials: [], origins: [] });
  });
});

describe('site', () => {
  it('tells the portal where the login site is and who may embed it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/web/2.0/common/site' });
    expect(res.json().data).toEqual({
      loginSiteUrl: 'https://login.steelport.cn',
      accountSiteUrl: '/account',
      allowedEmbedOrigins: ['https://partner.example.com'],
    });
  });

  it('lets only the configured origin call the API cross-origin', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/web/2.0/common/site',
      headers: { origin: 'https://partner.example.com', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/common/site',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health', () => {
  it('answers from a recent ping under load and fails once the database has been silent too long', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let up = true;
      let pings = 0;
      const service = commonService({
        db: t.db,
        database: {
          ping: async () => {
            pings += 1;
            if (!up) throw new Error('database down');
          },
        },
        store: { kind: 'memory', get: async () => null },
        site: { loginSiteUrl: '/login', accountSiteUrl: '/account', allowedEmbedOrigins: [] },
      });
      expect(await service.health()).toEqual({ status: 'ok', database: 'ok' });
      // Within a second: no new ping (a probe never queues behind a burst of queries).
      await service.health();
      expect(pings).toBe(1);
      up = false;
      vi.setSystemTime(Date.now() + 5_000);
      // Stale but recent: still ok while a background ping finds out.
      expect((await service.health()).status).toBe('ok');
      vi.setSystemTime(Date.now() + HEALTH_STALE_MS);
      await expect(service.health()).rejects.toThrow('database down');
    } finally {
      vi.useRealTimers();
    }
  });
});
