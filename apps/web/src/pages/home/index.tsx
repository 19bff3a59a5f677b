import './home.css';
import './homeBlocks.css';
import { useTranslation } from 'react-i18next';
import { adsQuery } from '../../api/content.ts';
import { FloatingAd } from '../../components/FloatingAd.tsx';
import { isEnglish, prefetchTradeNames } from '../../i18n/tradeNames.tsx';
import { type ScreenPrefetch, warmImage } from '../../lib/prefetch.ts';
import { AffairsBlock } from './AffairsBlock.tsx';
import { Banner } from './Banner.tsx';
import { FeatureCards } from './FeatureCards.tsx';
import { IndexStrip } from './IndexStrip.tsx';
import { NewsBlock } from './NewsBlock.tsx';
import { ProductMapSection } from './ProductMapSection.tsx';
import { QuotesBlock } from './QuotesBlock.tsx';
import { RankBlock } from './RankBlock.tsx';
import { SidePanels } from './SidePanels.tsx';
import { StockBlock } from './StockBlock.tsx';

/**
 * A visit to / starts the banners and the floating ad with the page's code, and their first
 * pictures as soon as the ads are known: they are the largest things the page paints.
 */
export const prefetch: ScreenPrefetch = (queryClient) => {
  prefetchTradeNames(queryClient);
  for (const position of ['homeBanner', 'floatAd'] as const) {
    void queryClient
      .fetchQuery(adsQuery(position))
      .then((ads) => {
        if (ads[0]) warmImage(ads[0].imageUrl);
      })
      .catch(() => undefined);
  }
};

/**
 * `/`: banners (homeBanner ads), announcement and VIP benefits, the index strip with sparklines,
 * the feature cards, today's quotations beside the active-trader ranking, the newest stock
 * beside market dynamics, the product map, and the floating ad. Each block loads on its own.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  return (
    <div className="sp-container sp-page sp-home">
      {/* The page's heading for screen readers and search engines; the banners say it visually. */}
      <h1 className="sp-sr-only">
        {t('app.name')} <span lang={isEnglish(i18n.language) ? 'zh' : 'en'}>{t('app.nameEn')}</span>
      </h1>
      <div className="sp-home__top">
        <Banner />
        <SidePanels />
      </div>
      <IndexStrip />
      <FeatureCards />
      <div className="sp-home-grid">
        <QuotesBlock />
        <RankBlock />
      </div>
      <div className="sp-home-grid">
        <StockBlock />
        <AffairsBlock />
      </div>
      <NewsBlock />
      <ProductMapSection />
      <FloatingAd />
    </div>
  );
}
