import './home.css';
import { useTranslation } from 'react-i18next';
import { Banner } from './Banner.tsx';
import { FeatureCards } from './FeatureCards.tsx';
import { IndexStrip } from './IndexStrip.tsx';
import { ProductMapSection } from './ProductMapSection.tsx';
import { SidePanels } from './SidePanels.tsx';

/** `/`: banners, announcement and VIP benefits, the index strip, the feature cards and the product map. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="sp-container sp-page sp-home">
      {/* The page's heading for screen readers and search engines; the banners say it visually. */}
      <h1 className="sp-sr-only">{`${t('app.name')} ${t('app.nameEn')}`}</h1>
      <div className="sp-home__top">
        <Banner />
        <SidePanels />
      </div>
      <IndexStrip />
      <FeatureCards />
      <ProductMapSection />
    </div>
  );
}
