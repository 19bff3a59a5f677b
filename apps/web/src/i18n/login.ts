/**
 * The login screens' texts (locales/login.*.ts: login, registration, password reset, QR login,
 * a carried login's notices) at the top level of `translation`, where they are read as
 * `login.*`, `register.*`... Only /login, the phone's QR confirm and the carry-over notices show
 * them, so they join i18next when one of those modules loads (each imports this module) instead
 * of riding in every first page.
 */
import { i18n } from './index.ts';
import { loginEn } from './locales/login.en.ts';
import { loginZhCN } from './locales/login.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', loginZhCN, true, true);
i18n.addResourceBundle('en', 'translation', loginEn, true, true);
