import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /beginInspection: warehouse inspection. */
export function BeginInspectionPage() {
  return <ComingSoon page="beginInspection" />;
}
