/**
 * The texts of the trader's workspace (我的报价/现货/余料, import, enquiries, firm, API keys:
 * locales/trader.*.ts and workspace.*.ts) under `trader` and `workspace`. Only /account shows
 * them, so they join i18next when the account screen loads (pages/account/index.tsx imports this
 * module, and so does every component under components/trader) instead of riding in every first
 * page (about 5 kB gzip). Their screen titles stay in `pages` (the layout names every screen).
 */
import { addScreenTexts } from './index.ts';
import { traderZhCN } from './locales/trader.zh-CN.ts';
import { workspaceZhCN } from './locales/workspace.zh-CN.ts';

addScreenTexts({ trader: traderZhCN, workspace: workspaceZhCN }, () =>
  Promise.all([import('./locales/trader.en.ts'), import('./locales/workspace.en.ts')]).then(
    ([{ traderEn }, { workspaceEn }]) => ({ trader: traderEn, workspace: workspaceEn }),
  ),
);
