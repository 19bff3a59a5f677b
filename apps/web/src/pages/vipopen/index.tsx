import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /vipopen: buy VIP membership (shown without menu and footer). */
export function VipOpenPage() {
  return <ComingSoon page="vipopen" />;
}
