import './inspection.css';
import '../../i18n/services.ts';
import type { InspectionWarehouse } from '@steelport/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInspectionRegions } from '../../api/inspection.ts';
import { useSession } from '../../auth/session.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ServiceGate } from '../../components/ServiceGate.tsx';
import { withScreenTexts } from '../../i18n/index.ts';
import { HowItWorks } from './HowItWorks.tsx';
import { RegionTree, WarehouseDetail } from './RegionTree.tsx';
import { RequestForm } from './RequestForm.tsx';

/**
 * A member's requests (a table, and the trace drawer with the inspectors' photos) come after
 * the rest of the screen: a visitor, who has none, does not download them (issue 36).
 */
const History = lazy(() =>
  withScreenTexts(() => import('./History.tsx'))().then((module) => ({ default: module.History })),
);

/**
 * /beginInspection (warehouse inspection, 验货): the partner warehouses as a region tree with
 * the chosen one's address, capacity and saturation; how it works and what it costs; the
 * request form with attachments (members) or the way to log in (visitors); the member's
 * requests with their status and a trace drawer with the inspectors' photos.
 */
export function InspectionPage() {
  const { t } = useTranslation();
  return (
    <ServiceGate service="inspection" title={t('pages.beginInspection.title')}>
      <Inspection />
    </ServiceGate>
  );
}

function Inspection() {
  const { t } = useTranslation();
  const session = useSession();
  const regions = useInspectionRegions();
  const [picked, setPicked] = useState<InspectionWarehouse | null>(null);
  // the form follows a warehouse picked in the tree
  const [formWarehouse, setFormWarehouse] = useState<number | null>(null);
  return (
    <div className="sp-container sp-page sp-inspection">
      <PageTitle>{t('pages.beginInspection.title')}</PageTitle>
      <p className="sp-inspection__intro">{t('inspection.intro')}</p>
      <HowItWorks info={regions.data} />
      <div className="sp-inspection__grid">
        <section className="sp-box sp-inspection__warehouses" aria-labelledby="insp-wh">
          <h2 className="sp-box__title" id="insp-wh">
            {t('inspection.warehousesTitle')}
            <span className="sp-inspection__count">
              {regions.data ? t('inspection.warehousesCount', { count: regions.data.total }) : '\u00a0'}
            </span>
          </h2>
          <div className="sp-box__body">
            <RegionTree query={regions} picked={picked} onPick={setPicked} />
            <WarehouseDetail
              warehouse={picked}
              canRequest={Boolean(session.token)}
              onRequest={(id) => {
                setFormWarehouse(id);
                document.getElementById('insp-form')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            />
          </div>
        </section>
        <RequestForm regions={regions.data} warehouseId={formWarehouse} />
      </div>
      {session.token && (
        <Suspense fallback={null}>
          <History />
        </Suspense>
      )}
    </div>
  );
}
