/**
 * The trade vocabulary's names in another language (issue 31). Rows, facets and filters carry
 * the Chinese names, which are what the URL, the saved searches and the database use; an English
 * session reads each name through this map once per page load (`GET /api/web/tradeNames`). A
 * name missing from its map is shown as it is, marked as Chinese.
 */
import { type Static, Type } from 'typebox';

/** The languages the portal speaks; Chinese is the default and the language of the data. */
export const LANGUAGES = ['zh-CN', 'en'] as const;
/** A language the portal speaks. */
export type Lang = (typeof LANGUAGES)[number];

/** The header the portal sends with every call: the language its messages should be in. */
export const LANG_HEADER = 'X-Lang';

const NameMap = (description: string) =>
  Type.Record(Type.String(), Type.String(), { description: `${description}：中文名 → 译名` });

/** The vocabulary in one language, keyed by the Chinese name. */
export const TradeNames = Type.Object({
  lang: Type.Enum(['en'], { description: '译名的语言' }),
  categories: NameMap('品类'),
  families: NameMap('品名大类（热轧、冷轧）'),
  products: NameMap('品名'),
  mills: NameMap('产地（钢厂）'),
  /** cities and markets share one map: 上海 is both */
  cities: NameMap('城市与市场（拼音）'),
  warehouses: NameMap('仓库（无译名的按规则：城市拼音 + 类别）'),
});
export type TradeNames = Static<typeof TradeNames>;

export const TradeNamesQuery = Type.Object({
  lang: Type.Enum(['en'], { default: 'en', description: '译名的语言（目前只有 en）' }),
});
export type TradeNamesQuery = Static<typeof TradeNamesQuery>;
