import { createMemoryRouter, matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { patchSignedInArea, routes } from '../router.tsx';
import { allRoutes } from '../routes/allRoutes.ts';
import { resolveRouteMeta } from './routeMeta.ts';

function metaOf(path: string) {
  const matches = matchRoutes(allRoutes, path) ?? [];
  return resolveRouteMeta(matches.map((match) => ({ handle: match.route.handle, params: match.params })));
}

const FULL = { header: true, menu: true, footer: true };

describe('route table', () => {
  it.each([
    ['/', 'home', '/'],
    ['/moreInfo', 'moreInfo', '/moreInfo'],
    ['/moreInfo/article/7', 'moreInfoArticle', '/moreInfo'],
    ['/agency', 'agency', '/'],
    ['/agency/detail/3', 'agencyDetail', '/'],
    ['/wareHouse', 'wareHouse', '/wareHouse'],
    ['/beginMain', 'beginMain', '/beginMain'],
    ['/firminfo/12/normal', 'firminfo', '/beginMain'],
    ['/surplus', 'surplus', '/surplus'],
    ['/exponentMain', 'exponentMain', '/exponentMain'],
    ['/crossdate', 'crossdate', '/exponentMain'],
    ['/morepage', 'morepage', '/moreInfo'],
    ['/morepage/article/5', 'morepageArticle', '/moreInfo'],
    ['/beginClound', 'beginClound', '/beginClound'],
    ['/beginInspection', 'beginInspection', '/beginInspection'],
    ['/commercialAffairs/list', 'commercialAffairsList', '/moreInfo'],
    ['/commercialAffairs/detail/9', 'commercialAffairsDetail', '/moreInfo'],
    ['/process', 'process', '/process'],
    ['/vipmember', 'vipmember', null],
    ['/no/such/page', 'notFound', null],
  ])('%s shows %s under menu entry %s with the full frame', (path, page, menuKey) => {
    expect(metaOf(path)).toEqual({ page, menuKey, layout: FULL, access: 'public' });
  });

  it('hides menu and footer on /vipopen', () => {
    expect(metaOf('/vipopen').layout).toEqual({ header: true, menu: false, footer: false });
  });

  it('shows the payment result page to members, without menu and footer like /vipopen', () => {
    expect(metaOf('/vipopen/result')).toEqual({
      page: 'vipresult',
      menuKey: null,
      layout: { header: true, menu: false, footer: false },
      access: 'member',
    });
  });

  it('shows the phone pay page without menu and footer, like /vipopen', () => {
    expect(metaOf('/m/pay/12')).toEqual({
      page: 'mpay',
      menuKey: null,
      layout: { header: true, menu: false, footer: false },
      access: 'public',
    });
  });

  it('shows only the footer on /login', () => {
    expect(metaOf('/login').layout).toEqual({ header: false, menu: false, footer: true });
  });

  it('shows the phone QR confirm page without any frame', () => {
    expect(metaOf('/m/qr/Ab3_-Ab3_-Ab3_-Ab3_-Ab3_')).toMatchObject({
      page: 'qrConfirm',
      layout: { header: false, menu: false, footer: false },
      access: 'public',
    });
  });

  it.each([
    ['/account/profile', 'accountProfile'],
    ['/account/membership', 'accountMembership'],
  ])('%s is a members-only %s screen inside the full frame', (path, page) => {
    expect(metaOf(path)).toEqual({ page, menuKey: null, layout: FULL, access: 'member' });
  });

  it('sends /account on to its first section', () => {
    expect(matchRoutes(allRoutes, '/account')?.at(-1)?.route.loader).toBeTypeOf('function');
  });

  it('keeps the login pages public', () => {
    expect(metaOf('/login').access).toBe('public');
  });

  it('drops the frame for an embedded firm page only', () => {
    expect(metaOf('/firminfo/12/embed').layout).toEqual({ header: false, menu: false, footer: false });
    expect(metaOf('/firminfo/12/normal').layout).toEqual(FULL);
  });

  it.each(['/quotation', '/exponent', '/selfservice', '/inspection', '/commercialAffairs'])(
    '%s is a redirect shell',
    (path) => {
      const leaf = matchRoutes(allRoutes, path)?.at(-1)?.route;
      expect(leaf?.loader).toBeTypeOf('function');
    },
  );
});

describe('the signed-in areas join the table on the first navigation into them', () => {
  async function pageAfterStart(path: string) {
    const router = createMemoryRouter(routes, {
      initialEntries: [path],
      patchRoutesOnNavigation: patchSignedInArea,
    });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    const page = router.state.matches.at(-1)?.route.handle?.page;
    router.dispose();
    return page;
  }

  it('starts without them', () => {
    expect(matchRoutes(routes, '/account/profile')?.at(-1)?.route.handle?.page).toBe('notFound');
  });

  it.each([
    ['/account', 'accountProfile'],
    ['/account/profile', 'accountProfile'],
    ['/admin/users', 'adminUsers'],
    ['/nowhere', 'notFound'],
  ])('%s opens %s', async (path, page) => {
    expect(await pageAfterStart(path)).toBe(page);
  });
});
