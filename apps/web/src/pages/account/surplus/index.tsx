import '../../../i18n/workspace.ts';
import { OwnLotScreen } from '../../../components/trader/OwnLotScreen.tsx';

/** /account/surplus, 我的余料: the company's own surplus lots, with 品级 and 缺陷 (OwnLotScreen). */
export function AccountSurplusPage() {
  return <OwnLotScreen kind="surplus" />;
}
