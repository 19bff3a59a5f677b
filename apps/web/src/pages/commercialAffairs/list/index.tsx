import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** /commercialAffairs/list: market dynamics. */
export function CommercialAffairsListPage() {
  return <ComingSoon page="commercialAffairsList" />;
}
