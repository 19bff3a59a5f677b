/**
 * How other modules (the index job's weekly reviews, the seed) file the articles they write
 * from data: the one writer of generated articles, so every one is upserted by its key the same
 * way (see repo-generated.ts).
 */
export {
  ensureCategory,
  ensureTags,
  type GeneratedArticle,
  upsertGeneratedArticles,
} from './repo-generated.ts';
