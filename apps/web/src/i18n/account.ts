/**
 * The texts of the account screens (我的账户, profile, membership, 钢豆: locales/zh-CN/account.ts)
 * under `account`. They join i18next when those screens or the bean guide load (each file that
 * reads them imports this module) instead of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { accountZhCN } from './locales/zh-CN/account.ts';

addScreenTexts(accountZhCN, () => import('./locales/en/account.ts').then(({ accountEn }) => accountEn));
