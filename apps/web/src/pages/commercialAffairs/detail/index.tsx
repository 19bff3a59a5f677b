import { ComingSoon } from '../../../components/ComingSoon.tsx';
import { IdLine } from '../../../components/IdLine.tsx';

/** /commercialAffairs/detail/:id: one market dynamics item. */
export function CommercialAffairsDetailPage() {
  return <ComingSoon page="commercialAffairsDetail" details={<IdLine />} />;
}
