/**
 * The trade vocabulary's English names (issue 31) for English pages: products, families,
 * categories and mills by their `name_en`, cities and markets in pinyin, warehouses by `name_en`
 * or by rule (search/english.ts). They are built with the search dictionary from the same rows
 * (search/dictionary.ts#buildDictionary), so they share its cache (`createCache`, reread every
 * DICTIONARY_FRESH_MS, never older than DICTIONARY_MAX_AGE_MS) and its `forget`: a console
 * vocabulary write shows here when it shows in searches.
 */
import type { Lang, TradeNames } from '@steelport/contracts';
import type { Dictionary, TradeDictionary } from '../search/dictionary.ts';
import { cityEnglish } from '../search/english.ts';
import { NATIONWIDE } from '../steel-index/compute.ts';
import { presentTradeNames } from './present.ts';

export interface TradeNamesService {
  /** The vocabulary's names in `lang` (English only for now). */
  get(lang: Exclude<Lang, 'zh-CN'>): Promise<TradeNames>;
}

/** Trade names over the app's one dictionary. */
export function tradeNamesService(deps: { dictionary: Pick<Dictionary, 'get'> }): TradeNamesService {
  // One answer per loaded dictionary: a new copy (reread or forgotten) gives a new answer.
  const answers = new WeakMap<TradeDictionary, TradeNames>();
  return {
    async get() {
      const dict = await deps.dictionary.get();
      let answer = answers.get(dict);
      if (!answer) {
        answer = presentTradeNames(dict.english, { [NATIONWIDE]: cityEnglish(NATIONWIDE) });
        answers.set(dict, answer);
      }
      return answer;
    },
  };
}
