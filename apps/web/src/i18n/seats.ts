/**
 * The texts of the company seats screen (issue 30 item 6, locales/seats.*.ts) under `seats`. Only /account/seats
 * and the held-seat line of /account/membership show them, so they join i18next when those
 * screens load (each imports this module) instead of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { seatsZhCN } from './locales/seats.zh-CN.ts';

addScreenTexts({ seats: seatsZhCN }, () =>
  import('./locales/seats.en.ts').then(({ seatsEn }) => ({ seats: seatsEn })),
);
