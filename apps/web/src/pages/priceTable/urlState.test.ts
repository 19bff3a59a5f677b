import { PRICE_TABLE_DEFAULT_PRODUCT, type PriceRow } from '@steelport/contracts';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolveRouteMeta } from '../../layout/routeMeta.ts';
import { routes } from '../../router.tsx';
import { filteredQueryOf, gradesOf, parsePriceTableState, priceTableHref, tableQueryOf } from './urlState.ts';

const row = (grade: string, spec: string, mill = 'M'): PriceRow => ({
  grade,
  spec,
  mill,
  pinned: false,
  cells: [],
});

describe('the price table address', () => {
  it('opens on the default product, with nothing else set', () => {
    expect(parsePriceTableState({}, new URLSearchParams())).toEqual({
      product: PRICE_TABLE_DEFAULT_PRODUCT,
      productInPath: false,
      city: null,
      date: null,
      grade: null,
      spec: null,
    });
  });

  it('reads product and city from the path, day and filters from the query', () => {
    const state = parsePriceTableState(
      { product: 'P', city: 'C' },
      new URLSearchParams('date=2026-11-27&grade=Q235B&spec=5.75'),
    );
    expect(state).toEqual({
      product: 'P',
      productInPath: true,
      city: 'C',
      date: '2026-11-27',
      grade: 'Q235B',
      spec: '5.75',
    });
    expect(tableQueryOf(state)).toEqual({ product: 'P', date: '2026-11-27' });
    expect(filteredQueryOf(state)).toEqual({
      product: 'P',
      date: '2026-11-27',
      city: 'C',
      grade: 'Q235B',
      spec: '5.75',
    });
    expect(priceTableHref(state)).toBe('/priceTable/P/C?date=2026-11-27&grade=Q235B&spec=5.75');
  });

  it('drops what the server would refuse', () => {
    const state = parsePriceTableState(
      { product: 'x'.repeat(21), city: 'C' },
      new URLSearchParams(`date=2026-13-01&grade=${'g'.repeat(31)}&spec=%01`),
    );
    expect(state).toMatchObject({ productInPath: false, city: null, date: null, grade: null, spec: null });
  });

  it('escapes names in the path', () => {
    const href = priceTableHref({ product: 'A/B', city: null, date: null, grade: null, spec: null });
    expect(href).toBe('/priceTable/A%2FB');
  });

  it('asks the whole table when nothing filters it, and offers its grades once each', () => {
    const state = parsePriceTableState({ product: 'P' }, new URLSearchParams());
    expect(filteredQueryOf(state)).toEqual(tableQueryOf(state));
    expect(filteredQueryOf(state, '2026-11-28')).toEqual({ product: 'P', date: '2026-11-28' });
    const rows = [row('Q235B', '5.75*1500*C'), row('SPHC', '3.0*1250*C'), row('Q235B', '3.0*1250*C')];
    expect(gradesOf(rows)).toEqual(['Q235B', 'SPHC']);
  });

  it.each(['/priceTable', '/priceTable/P', '/priceTable/P/C'])(
    '%s is the price table under its menu entry',
    (path) => {
      const matches = matchRoutes(routes, path) ?? [];
      const meta = resolveRouteMeta(matches.map((m) => ({ handle: m.route.handle, params: m.params })));
      expect(meta).toMatchObject({ page: 'priceTable', menuKey: '/priceTable', access: 'public' });
    },
  );
});
