/**
 * The dictionary's English names as the contract's `TradeNames`: one map per kind, keyed by the
 * Chinese name. Pure.
 */
import type { TradeNames } from '@steelport/contracts';
import type { EnglishNames } from '../search/dictionary.ts';

/** Maps -> records; `extraCities` are places outside the warehouses (the indexes' 全国). */
export function presentTradeNames(
  english: EnglishNames,
  extraCities: Record<string, string> = {},
): TradeNames {
  const record = (map: Map<string, string>) => Object.fromEntries(map);
  return {
    lang: 'en',
    categories: record(english.categories),
    families: record(english.families),
    products: record(english.products),
    mills: record(english.mills),
    cities: { ...record(english.cities), ...extraCities },
    warehouses: record(english.warehouses),
  };
}
