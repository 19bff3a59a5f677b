import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /agency: agency list. */
export function AgencyPage() {
  return <ComingSoon page="agency" />;
}
