/**
 * The texts of the console's search vocabulary screen (locales/admin-vocabulary.*.ts) under
 * `adminVocabulary`. Only operators open it, so they join i18next when the screen loads (the
 * page imports this module) instead of riding in every first page. Its title stays in `pages`.
 */
import { addScreenTexts } from './index.ts';
import { adminVocabularyZhCN } from './locales/admin-vocabulary.zh-CN.ts';

addScreenTexts({ adminVocabulary: adminVocabularyZhCN }, () =>
  import('./locales/admin-vocabulary.en.ts').then(({ adminVocabularyEn }) => ({
    adminVocabulary: adminVocabularyEn,
  })),
);
