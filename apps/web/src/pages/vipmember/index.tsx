import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /vipmember: the VIP membership page the header badge opens. */
export function VipMemberPage() {
  return <ComingSoon page="vipmember" />;
}
