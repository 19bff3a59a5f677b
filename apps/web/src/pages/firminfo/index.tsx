import { ComingSoon } from '../../components/ComingSoon.tsx';
import { IdLine } from '../../components/IdLine.tsx';

/** /firminfo/:userId/:type: one trader's quotations; `embed` drops the portal frame (route table). */
export function FirmInfoPage() {
  return <ComingSoon page="firminfo" details={<IdLine param="userId" />} />;
}
