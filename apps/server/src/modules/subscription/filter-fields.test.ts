/**
 * Every filter field a saved search accepts is matched, not silently ignored: for each kind and
 * each of its fields (contracts SAVED_FILTER_FIELDS, from search-filter.ts) a sample value alone
 * must change the terms the matcher stores. A new filter field fails here until it has a sample
 * and normalize.ts matches it, or search-filter.ts lists it as refused with a reason (the API
 * then refuses it with that reason: subscription.test.ts).
 */
import {
  type FilterFieldName,
  filterFieldNames,
  SAVED_FILTER_FIELDS,
  SAVED_SEARCH_KINDS,
  type SavedFilter,
  savedRefusals,
} from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { buildDictionary } from '../search/dictionary.ts';
import { normalizeFilter } from './normalize.ts';
import { priceBoundsFen } from './present.ts';

const dict = buildDictionary({
  products: [{ id: 1, name: '热轧卷板', aliases: ['热卷'] }],
  materials: [{ id: 10, name: 'Q235B' }],
  mills: [{ id: 20, name: '日照' }],
  warehouses: [{ id: 30, name: '乐从钢铁世界仓', city: '乐从', market: '乐从' }],
  suppliers: [{ id: 40, shortName: '润钢' }],
});

/** A value of each field that narrows a search on its own. */
const SAMPLES: Partial<Record<FilterFieldName, unknown>> = {
  keyword: '热卷',
  indexSearch: '热卷',
  products: ['热轧卷板'],
  materials: ['Q235B'],
  origins: ['日照'],
  cities: ['乐从'],
  warehouses: ['乐从钢铁世界仓'],
  supplierId: 40,
  spec: '2.75*1250',
  thicknessMin: 2,
  thicknessMax: 3,
  widthMin: 1000,
  widthMax: 1500,
  priceMin: 3000,
  priceMax: 4000,
  callForPrice: true,
  grades: ['正品'],
  traderId: 5,
};

/** The terms of a filter, with the inputs the service hands over (prices in fen, a trader's company). */
function terms(kind: (typeof SAVED_SEARCH_KINDS)[number], filter: SavedFilter) {
  const input = {
    kind,
    filter,
    ...priceBoundsFen(filter),
    ...(filter.traderId !== undefined ? { traderCompanyId: 77 } : {}),
  };
  return JSON.stringify(normalizeFilter(input, dict));
}

describe('saved-search fields', () => {
  for (const kind of SAVED_SEARCH_KINDS) {
    it(`${kind}: every field is matched or refused with a reason`, () => {
      const matched = SAVED_FILTER_FIELDS[kind];
      const refused = savedRefusals(kind);
      for (const name of filterFieldNames(kind)) {
        expect(matched.includes(name) !== name in refused, `${name}: matched or refused, not both`).toBe(
          true,
        );
      }
      const none = terms(kind, {});
      for (const name of matched) {
        const sample = SAMPLES[name];
        expect(sample, `${name} needs a sample value here`).toBeDefined();
        expect(
          terms(kind, { [name]: sample } as SavedFilter),
          `${kind} saved searches ignore ${name}`,
        ).not.toBe(none);
      }
    });
  }
});
