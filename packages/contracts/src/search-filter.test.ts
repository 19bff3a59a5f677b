import { describe, expect, it } from 'vitest';
import { CargoFilter, SurplusFilter } from './cargo.ts';
import { QuotationFilter } from './quotation.ts';
import {
  filterFieldNames,
  filterNumberBounds,
  filterNumberFields,
  SEARCH_FILTER_FIELDS,
  savedRefusals,
} from './search-filter.ts';
import { SAVED_FILTER_FIELDS, SavedFilter } from './subscription.ts';

describe('the one definition of search filter fields', () => {
  it('is what each search schema and saved searches accept', () => {
    expect(Object.keys(CargoFilter.properties)).toEqual(filterFieldNames('cargo'));
    expect(Object.keys(SurplusFilter.properties)).toEqual([...filterFieldNames('cargo'), 'grades']);
    expect(Object.keys(QuotationFilter.properties)).toEqual(filterFieldNames('quotation'));
    expect(Object.keys(SavedFilter.properties)).toEqual(Object.keys(SEARCH_FILTER_FIELDS));
    expect(SAVED_FILTER_FIELDS.quotation).not.toContain('date');
    expect(savedRefusals('quotation').date).toContain('不能指定报价日期');
    expect(savedRefusals('cargo')).toEqual({});
  });

  it('gives the portal the bounds of every number field from its schema', () => {
    expect(filterNumberFields('quotation')).toEqual([
      'thicknessMin',
      'thicknessMax',
      'widthMin',
      'widthMax',
      'traderId',
    ]);
    expect(filterNumberBounds('widthMax')).toEqual({ min: 0, max: 6000, integer: true });
    expect(filterNumberBounds('priceMin')).toEqual({ min: 0, max: 100000, integer: false });
    expect(filterNumberBounds('supplierId')).toMatchObject({ min: 1, max: 2147483647, integer: true });
    expect(() => filterNumberBounds('keyword')).toThrow();
  });
});
