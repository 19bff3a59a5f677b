import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /process: shared processing (group slitting and cut-to-length orders). */
export function ProcessPage() {
  return <ComingSoon page="process" />;
}
