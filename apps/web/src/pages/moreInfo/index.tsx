import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /moreInfo: news list. */
export function MoreInfoPage() {
  return <ComingSoon page="moreInfo" />;
}
