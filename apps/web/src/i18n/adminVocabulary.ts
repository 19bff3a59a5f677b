/**
 * The texts of the console's search vocabulary screen (locales/admin-vocabulary.*.ts) under
 * `adminVocabulary`. Only operators open it, so they join i18next when the screen loads (the
 * page imports this module) instead of riding in every first page. Its title stays in `pages`.
 */
import { i18n } from './index.ts';
import { adminVocabularyEn } from './locales/admin-vocabulary.en.ts';
import { adminVocabularyZhCN } from './locales/admin-vocabulary.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { adminVocabulary: adminVocabularyZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { adminVocabulary: adminVocabularyEn }, true, true);
