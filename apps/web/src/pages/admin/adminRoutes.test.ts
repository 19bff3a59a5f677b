import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolveRouteMeta } from '../../layout/routeMeta.ts';
import { allRoutes } from '../../routes/allRoutes.ts';
import { ADMIN_MENU, activeAdminPath } from './adminMenu.tsx';

function metaOf(path: string) {
  const matches = matchRoutes(allRoutes, path) ?? [];
  return resolveRouteMeta(matches.map((match) => ({ handle: match.route.handle, params: match.params })));
}

const FRAMELESS = { header: false, menu: false, footer: false };

describe('the /admin routes', () => {
  it.each([
    ['/admin', 'adminDashboard'],
    ['/admin/users', 'adminUsers'],
    ['/admin/articles', 'adminArticles'],
    ['/admin/affairs', 'adminAffairs'],
    ['/admin/agencies', 'adminAgencies'],
    ['/admin/ads', 'adminAds'],
    ['/admin/announcement', 'adminAnnouncement'],
    ['/admin/inspections', 'adminInspections'],
    ['/admin/processing', 'adminProcessing'],
    ['/admin/switches', 'adminSwitches'],
    ['/admin/warehouse-daily', 'adminWarehouseDaily'],
    ['/admin/index-corrections', 'adminIndexCorrections'],
    ['/admin/price-items', 'adminPriceItems'],
    ['/admin/vocabulary', 'adminVocabulary'],
    ['/admin/audit', 'adminAudit'],
  ])('%s is the admins-only %s screen without the portal frame', (path, page) => {
    expect(metaOf(path)).toEqual({ page, menuKey: null, layout: FRAMELESS, access: 'admin' });
  });

  it('gives every menu entry a route', () => {
    for (const entry of ADMIN_MENU) expect(metaOf(entry.path).access).toBe('admin');
  });
});

describe('activeAdminPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/', '/admin'],
    ['/admin/users', '/admin/users'],
    ['/admin/articles/12', '/admin/articles'],
    ['/admin/auditx', '/admin'],
  ])('%s lights %s', (pathname, active) => {
    expect(activeAdminPath(pathname)).toBe(active);
  });
});
