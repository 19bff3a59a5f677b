import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /beginClound: cloud-warehouse self-service (the route keeps the original spelling). */
export function BeginCloundPage() {
  return <ComingSoon page="beginClound" />;
}
