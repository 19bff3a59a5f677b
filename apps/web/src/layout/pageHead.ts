import type { PageHead } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import type { PageKey } from './routeMeta.ts';

/**
 * How a screen names itself to browsers and search engines: its title inside the site's, and its
 * description (a screen without one gets the site's). The app sets them on every navigation
 * (Layout) and the build writes them into each prerendered page (prerender.tsx), in each language.
 */
export function pageHead(t: TFunction, page: PageKey | null): PageHead {
  const pageTitle = page ? t(`pages.${page}.title`) : null;
  return {
    title: pageTitle ? t('app.documentTitle', { page: pageTitle }) : `${t('app.name')} ${t('app.nameEn')}`,
    description: (page && t(`pages.${page}.desc`, { defaultValue: '' })) || t('pages.home.desc'),
  };
}
