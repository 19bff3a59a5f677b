import './home.css';
import { Banner } from './Banner.tsx';
import { FeatureCards } from './FeatureCards.tsx';
import { IndexStrip } from './IndexStrip.tsx';
import { ProductMapSection } from './ProductMapSection.tsx';
import { SidePanels } from './SidePanels.tsx';

/** `/`: banners, announcement and VIP benefits, the index strip, the feature cards and the product map. */
export function HomePage() {
  return (
    <div className="sp-container sp-page sp-home">
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
