/**
 * The login screens' texts (locales/login.*.ts: login, registration, password reset, QR login,
 * a carried login's notices) at the top level of `translation`, where they are read as
 * `login.*`, `register.*`... Only /login, the phone's QR confirm and the carry-over notices show
 * them, so they join i18next when one of those modules loads (each imports this module) instead
 * of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { loginZhCN } from './locales/login.zh-CN.ts';

addScreenTexts(loginZhCN, () => import('./locales/login.en.ts').then(({ loginEn }) => loginEn));
