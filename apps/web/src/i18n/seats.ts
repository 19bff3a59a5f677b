/**
 * The texts of the company seats screen (issue 30 item 6, locales/seats.*.ts) under `seats`. Only /account/seats
 * and the held-seat line of /account/membership show them, so they join i18next when those
 * screens load (each imports this module) instead of riding in every first page.
 */
import { i18n } from './index.ts';
import { seatsEn } from './locales/seats.en.ts';
import { seatsZhCN } from './locales/seats.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { seats: seatsZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { seats: seatsEn }, true, true);
