import '../../i18n/priceTable.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTradeName } from '../../i18n/tradeNames.tsx';
import { pageHead } from '../../layout/pageHead.ts';
import type { PriceTableState } from './urlState.ts';

/**
 * Each address of the screen names itself (and returns the page's heading): /priceTable as the
 * route table says, a product's and a city's table with their names, in the page's language.
 * The server's shell already carries these heads (prerender.tsx#headPatterns, the same texts), so
 * search engines read them without running the app.
 *
 * The layout writes the route's head in its own effect, which runs after the screen's when the
 * screen mounts with the route: the screen writes its head a task later, so its words stay.
 */
export function useDocumentHead(state: PriceTableState): string {
  const { t } = useTranslation();
  const tradeName = useTradeName();
  const product = tradeName('products', state.product);
  const city = state.city ? tradeName('cities', state.city) : null;
  const generic = pageHead(t, 'priceTable');
  const heading = !state.productInPath
    ? t('pages.priceTable.title')
    : city
      ? t('priceTable.head.cityTitle', { product, city })
      : t('priceTable.head.productTitle', { product });
  const title = state.productInPath ? t('app.documentTitle', { page: heading }) : generic.title;
  const description = !state.productInPath
    ? generic.description
    : city
      ? t('priceTable.head.cityDesc', { product, city })
      : t('priceTable.head.productDesc', { product });

  useEffect(() => {
    const timer = window.setTimeout(() => {
      document.title = title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [title, description]);
  return heading;
}
