import type { OwnSurplus } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import {
  lotToInput,
  OWN_PAGE_SIZE,
  parseOwnLotQuery,
  parseOwnQuotationQuery,
  patchOwnParams,
} from './ownQuery.ts';
import { formToInput, rowToForm } from './RowFormDrawer.tsx';

const lot = {
  id: 7,
  product: '热轧卷板',
  material: 'Q235B',
  spec: '2.75*1250*C',
  origin: '日照',
  warehouse: '上海宝湾仓库',
  city: '上海',
  price: 0,
  callForPrice: true,
  remark: '',
  updatedAt: '2026-11-25T01:00:00.000Z',
  pieces: 3,
  weight: 25.36,
  status: 'on_sale',
  stale: false,
  grade: '协议品',
  defects: '边浪',
} as unknown as OwnSurplus;

describe('the URL of the own lists', () => {
  it('reads page, keyword and status, and drops what the server would refuse', () => {
    expect(parseOwnLotQuery(new URLSearchParams('page=3&keyword=%20热卷%20&status=sold_out'))).toEqual({
      page: 3,
      pageSize: OWN_PAGE_SIZE,
      keyword: '热卷',
      status: 'sold_out',
    });
    expect(parseOwnLotQuery(new URLSearchParams('page=0&status=deleted&keyword=%20'))).toEqual({
      page: 1,
      pageSize: OWN_PAGE_SIZE,
    });
    expect(parseOwnLotQuery(new URLSearchParams(`keyword=${'钢'.repeat(80)}`)).keyword).toHaveLength(50);
  });

  it('keeps a real quote day only', () => {
    expect(parseOwnQuotationQuery(new URLSearchParams('date=2026-11-24')).date).toBe('2026-11-24');
    expect(parseOwnQuotationQuery(new URLSearchParams('date=2026-02-30')).date).toBeUndefined();
    expect(parseOwnQuotationQuery(new URLSearchParams('date=yesterday')).date).toBeUndefined();
  });

  it('starts a changed filter at page 1 and leaves defaults out', () => {
    const params = new URLSearchParams('page=4&keyword=热卷');
    expect(patchOwnParams(params, { status: 'on_sale' }).toString()).toBe(
      new URLSearchParams('keyword=热卷&status=on_sale').toString(),
    );
    expect(patchOwnParams(params, { page: 1 }).toString()).toBe(
      new URLSearchParams('keyword=热卷').toString(),
    );
    expect(patchOwnParams(params, { keyword: undefined, page: 2 }).toString()).toBe('page=2');
  });
});

describe('rows as inputs', () => {
  it('sends a 电议 lot as price 0 with its grade and defects', () => {
    expect(lotToInput(lot)).toMatchObject({
      price: 0,
      pieces: 3,
      weight: 25.36,
      grade: '协议品',
      defects: '边浪',
    });
  });

  it('round-trips through the form: 电议 is a checkbox, not a price of 0', () => {
    const form = rowToForm({ ...lotToInput(lot), callForPrice: true });
    expect(form).toMatchObject({ price: null, callForPrice: true, weight: 25.36 });
    expect(formToInput('surplus', { ...form, material: ' Q235B ' })).toMatchObject({
      material: 'Q235B',
      price: 0,
      grade: '协议品',
    });
    expect(formToInput('quotation', { product: '热卷', spec: '2.75*1250', price: 3860 })).toEqual({
      product: '热卷',
      material: '',
      spec: '2.75*1250',
      origin: '',
      warehouse: '',
      city: '',
      price: 3860,
      weight: 0,
      remark: '',
    });
  });
});
