/**
 * The signed-in screens' titles and descriptions (locales/signed-in-pages.*.ts) under `pages`,
 * beside the public screens'. The frame names a screen once its route matches, and these routes
 * join the frame with their area's table (routes/account.tsx, routes/admin.tsx import this
 * module), so the titles come with them instead of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { signedInPagesZhCN } from './locales/signed-in-pages.zh-CN.ts';

addScreenTexts(signedInPagesZhCN, () =>
  import('./locales/signed-in-pages.en.ts').then(({ signedInPagesEn }) => signedInPagesEn),
);
