import '../../../i18n/workspace.ts';
import { OwnLotScreen } from '../../../components/trader/OwnLotScreen.tsx';

/** /account/stock, 我的现货: the company's own spot stock (OwnLotScreen does the work). */
export function AccountStockPage() {
  return <OwnLotScreen kind="cargo" />;
}
