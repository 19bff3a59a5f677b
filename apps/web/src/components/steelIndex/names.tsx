/**
 * Index names in the page's language (issue 31). An index definition may carry its English name
 * (`nameEn`, with `descriptionEn`); without one an index of one product in one market is named
 * from the vocabulary (Lecong Hot-rolled coil), and anything else stays Chinese, marked.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isEnglish, type ShownName, useShownName } from '../../i18n/tradeNames.tsx';

/** What names an index: a definition, a day's row or a compact entry. */
export interface IndexNamed {
  id?: number;
  name?: string;
  indexName?: string;
  nameEn?: string;
  market?: string;
  product?: string;
}

/** What a definition may add in English (optional until every server sends it). */
export interface IndexDefinitionEn {
  id: number;
  nameEn?: string;
  descriptionEn?: string;
}

/**
 * `(index) => ShownName` in the page's language; `definitions` lends a row its definition's
 * English name.
 */
export function useIndexName(definitions?: readonly IndexDefinitionEn[]): (index: IndexNamed) => ShownName {
  const { i18n } = useTranslation();
  const shown = useShownName();
  const english = isEnglish(i18n.language);
  return useCallback(
    (index: IndexNamed): ShownName => {
      const name = index.name ?? index.indexName ?? '';
      if (!english) return { text: name, zh: false };
      const nameEn = index.nameEn || definitions?.find((d) => d.id === index.id)?.nameEn;
      if (nameEn) return { text: nameEn, zh: false };
      if (index.market && index.product) {
        const market = shown('cities', index.market);
        const product = shown('products', index.product);
        if (!market.zh && !product.zh) return { text: `${market.text} ${product.text}`, zh: false };
      }
      return { text: name, zh: true };
    },
    [english, shown, definitions],
  );
}

/** A definition's description in the page's language; Chinese (marked) when it has no English one. */
export function useIndexDescription(): (definition: {
  description: string;
  descriptionEn?: string;
}) => ShownName {
  const { i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  return ({ description, descriptionEn }) =>
    english && descriptionEn
      ? { text: descriptionEn, zh: false }
      : { text: description, zh: english && Boolean(description) };
}
