import { ComingSoon } from '../../../components/ComingSoon.tsx';
import { IdLine } from '../../../components/IdLine.tsx';

/** /agency/detail/:id: one agency. */
export function AgencyDetailPage() {
  return <ComingSoon page="agencyDetail" details={<IdLine />} />;
}
