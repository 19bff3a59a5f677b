/**
 * SQL of the operator console's content: articles (with their tags), market dynamics, agencies,
 * ads, home announcements, and the uploads their images come from. Every function takes a
 * `DbOrTx` and runs its queries one after another, so a write's transaction may be passed. The
 * admin lists see every row (drafts, withdrawn, scheduled, switched off); keyword search is a
 * plain `ILIKE`: these tables hold hundreds to a few thousand rows, not a search table.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  ads,
  agencies,
  articleCategories,
  articles,
  articleTags,
  commercialAffairs,
  homeAnnouncements,
  tags,
  uploads,
  users,
} from '../../db/schema/index.ts';

/** `%text%` with LIKE's wildcards taken literally. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

// ---------------------------------------------------------------- uploads

/** An upload with its owner's role (may an operator publish it), or null. */
export async function uploadWithOwner(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: uploads.id,
      ownerUserId: uploads.ownerUserId,
      ownerRole: users.role,
      mime: uploads.mime,
      purpose: uploads.purpose,
    })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.ownerUserId))
    .where(eq(uploads.id, id));
  return row ?? null;
}

/** Marks an upload as published content: from now on anyone may read it. */
export async function publishUpload(db: DbOrTx, id: number): Promise<void> {
  await db.update(uploads).set({ purpose: 'content' }).where(eq(uploads.id, id));
}

// ---------------------------------------------------------------- articles

const articleColumns = {
  id: articles.id,
  categoryId: articles.categoryId,
  categoryName: articleCategories.name,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  source: articles.source,
  author: articles.author,
  membersOnly: articles.membersOnly,
  publishedAt: articles.publishedAt,
  status: articles.status,
  views: articles.views,
  generatedKey: articles.generatedKey,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};

/** Filters of the admin article list. */
export interface AdminArticleFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  status?: 'draft' | 'published' | 'hidden' | undefined;
}

/** A page of articles in any state, newest publication first. */
export async function articlesPage(db: DbOrTx, filter: AdminArticleFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (filter.categoryId !== undefined) conditions.push(eq(articles.categoryId, filter.categoryId));
  if (filter.status !== undefined) conditions.push(eq(articles.status, filter.status));
  if (filter.keyword) conditions.push(ilike(articles.title, likeLiteral(filter.keyword)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(articleColumns)
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminArticleRowData = Awaited<ReturnType<typeof articlesPage>>['list'][number];

/** One article in any state with its HTML, or null. */
export async function findArticle(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...articleColumns, contentHtml: articles.contentHtml })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(eq(articles.id, id));
  return row ?? null;
}
export type AdminArticleData = NonNullable<Awaited<ReturnType<typeof findArticle>>>;

/** Tag names of each of `ids`, by article id. */
export async function tagNamesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ articleId: articleTags.articleId, name: tags.name })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(inArray(articleTags.articleId, ids))
    .orderBy(asc(tags.sort), asc(tags.id));
  for (const r of rows) out.set(r.articleId, [...(out.get(r.articleId) ?? []), r.name]);
  return out;
}

/** Whether an article category exists. */
export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, id));
  return row !== undefined;
}

/** Columns an operator writes on an article. */
export type ArticleValues = Pick<
  typeof articles.$inferInsert,
  | 'categoryId'
  | 'title'
  | 'summary'
  | 'contentHtml'
  | 'cover'
  | 'source'
  | 'author'
  | 'membersOnly'
  | 'publishedAt'
  | 'status'
>;

/** Inserts an article; answers its id. */
export async function insertArticle(
  db: DbOrTx,
  values: ArticleValues & { createdBy: number },
): Promise<number> {
  const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
  return row!.id;
}

/** Rewrites an article's operator columns. */
export async function updateArticle(db: DbOrTx, id: number, values: ArticleValues): Promise<void> {
  await db
    .update(articles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(articles.id, id));
}

/** Deletes an article (its tag links go with it). */
export async function deleteArticle(db: DbOrTx, id: number): Promise<void> {
  await db.delete(articles).where(eq(articles.id, id));
}

/** Replaces an article's tags by name, creating tags that do not exist yet. */
export async function setArticleTags(db: DbOrTx, articleId: number, names: string[]): Promise<void> {
  await db.delete(articleTags).where(eq(articleTags.articleId, articleId));
  if (names.length === 0) return;
  await db
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: tags.name });
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.name, names));
  await db
    .insert(articleTags)
    .values(found.map((t) => ({ articleId, tagId: t.id })))
    .onConflictDoNothing();
}

// ---------------------------------------------------------------- market dynamics

const affairColumns = {
  id: commercialAffairs.id,
  kind: commercialAffairs.kind,
  title: commercialAffairs.title,
  summary: commercialAffairs.summary,
  cover: commercialAffairs.cover,
  city: commercialAffairs.city,
  source: commercialAffairs.source,
  publishedAt: commercialAffairs.publishedAt,
  status: commercialAffairs.status,
  views: commercialAffairs.views,
  createdAt: commercialAffairs.createdAt,
  updatedAt: commercialAffairs.updatedAt,
};

/** Filters of the admin market-dynamics list. */
export interface AdminAffairFilter {
  keyword?: string | undefined;
  kind?: (typeof commercialAffairs.$inferSelect)['kind'] | undefined;
  status?: 'draft' | 'published' | 'hidden' | undefined;
}

/** A page of market dynamics in any state, newest first. */
export async function affairsPage(db: DbOrTx, filter: AdminAffairFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (filter.kind !== undefined) conditions.push(eq(commercialAffairs.kind, filter.kind));
  if (filter.status !== undefined) conditions.push(eq(commercialAffairs.status, filter.status));
  if (filter.keyword) conditions.push(ilike(commercialAffairs.title, likeLiteral(filter.keyword)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(affairColumns)
      .from(commercialAffairs)
      .where(where)
      .orderBy(desc(commercialAffairs.publishedAt), desc(commercialAffairs.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(commercialAffairs).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminAffairRowData = Awaited<ReturnType<typeof affairsPage>>['list'][number];

/** One market-dynamics item in any state with its HTML, or null. */
export async function findAffair(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...affairColumns, contentHtml: commercialAffairs.content })
    .from(commercialAffairs)
    .where(eq(commercialAffairs.id, id));
  return row ?? null;
}
export type AdminAffairData = NonNullable<Awaited<ReturnType<typeof findAffair>>>;

/** Columns an operator writes on a market-dynamics item. */
export type AffairValues = Pick<
  typeof commercialAffairs.$inferInsert,
  'kind' | 'title' | 'summary' | 'content' | 'cover' | 'city' | 'source' | 'publishedAt' | 'status'
>;

/** Inserts a market-dynamics item; answers its id. */
export async function insertAffair(
  db: DbOrTx,
  values: AffairValues & { createdBy: number },
): Promise<number> {
  const [row] = await db.insert(commercialAffairs).values(values).returning({ id: commercialAffairs.id });
  return row!.id;
}

/** Rewrites a market-dynamics item. */
export async function updateAffair(db: DbOrTx, id: number, values: AffairValues): Promise<void> {
  await db
    .update(commercialAffairs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(commercialAffairs.id, id));
}

/** Deletes a market-dynamics item. */
export async function deleteAffair(db: DbOrTx, id: number): Promise<void> {
  await db.delete(commercialAffairs).where(eq(commercialAffairs.id, id));
}

// ---------------------------------------------------------------- agencies

const agencyColumns = {
  id: agencies.id,
  name: agencies.name,
  brands: agencies.brands,
  products: agencies.productNames,
  region: agencies.region,
  province: agencies.province,
  city: agencies.city,
  address: agencies.address,
  contactName: agencies.contactName,
  contactPhone: agencies.contactPhone,
  intro: agencies.intro,
  logo: agencies.logo,
  sort: agencies.sort,
  active: agencies.active,
  createdAt: agencies.createdAt,
  updatedAt: agencies.updatedAt,
};

/** A page of agencies, switched off ones too, in display order. */
export async function agenciesPage(
  db: DbOrTx,
  filter: { keyword?: string | undefined; active?: boolean | undefined },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.active !== undefined) conditions.push(eq(agencies.active, filter.active));
  if (filter.keyword) {
    const pattern = likeLiteral(filter.keyword);
    conditions.push(or(ilike(agencies.name, pattern), ilike(agencies.city, pattern)) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(agencyColumns)
      .from(agencies)
      .where(where)
      .orderBy(asc(agencies.sort), desc(agencies.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(agencies).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminAgencyData = Awaited<ReturnType<typeof agenciesPage>>['list'][number];

/** One agency, or null. */
export async function findAgency(db: DbOrTx, id: number): Promise<AdminAgencyData | null> {
  const [row] = await db.select(agencyColumns).from(agencies).where(eq(agencies.id, id));
  return row ?? null;
}

/** Columns an operator writes on an agency. */
export type AgencyValues = Omit<typeof agencies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts an agency; answers its id. */
export async function insertAgency(db: DbOrTx, values: AgencyValues): Promise<number> {
  const [row] = await db.insert(agencies).values(values).returning({ id: agencies.id });
  return row!.id;
}

/** Rewrites an agency. */
export async function updateAgency(db: DbOrTx, id: number, values: AgencyValues): Promise<void> {
  await db
    .update(agencies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(agencies.id, id));
}

/** Deletes an agency. */
export async function deleteAgency(db: DbOrTx, id: number): Promise<void> {
  await db.delete(agencies).where(eq(agencies.id, id));
}

// ---------------------------------------------------------------- ads

const adColumns = {
  id: ads.id,
  positionName: ads.positionName,
  title: ads.title,
  imageUrl: ads.imageUrl,
  linkUrl: ads.linkUrl,
  startsAt: ads.startsAt,
  endsAt: ads.endsAt,
  sort: ads.sort,
  active: ads.active,
  createdAt: ads.createdAt,
  updatedAt: ads.updatedAt,
};

/** A page of ads in any state, by position and order. */
export async function adsPage(
  db: DbOrTx,
  filter: { keyword?: string | undefined; positionName?: string | undefined; active?: boolean | undefined },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.positionName !== undefined) conditions.push(eq(ads.positionName, filter.positionName));
  if (filter.active !== undefined) conditions.push(eq(ads.active, filter.active));
  if (filter.keyword) conditions.push(ilike(ads.title, likeLiteral(filter.keyword)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(adColumns)
      .from(ads)
      .where(where)
      .orderBy(asc(ads.positionName), asc(ads.sort), desc(ads.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(ads).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminAdData = Awaited<ReturnType<typeof adsPage>>['list'][number];

/** One ad, or null. */
export async function findAd(db: DbOrTx, id: number): Promise<AdminAdData | null> {
  const [row] = await db.select(adColumns).from(ads).where(eq(ads.id, id));
  return row ?? null;
}

/** Columns an operator writes on an ad. */
export type AdValues = Omit<typeof ads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts an ad; answers its id. */
export async function insertAd(db: DbOrTx, values: AdValues): Promise<number> {
  const [row] = await db.insert(ads).values(values).returning({ id: ads.id });
  return row!.id;
}

/** Rewrites an ad. */
export async function updateAd(db: DbOrTx, id: number, values: AdValues): Promise<void> {
  await db
    .update(ads)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ads.id, id));
}

/** Deletes an ad. */
export async function deleteAd(db: DbOrTx, id: number): Promise<void> {
  await db.delete(ads).where(eq(ads.id, id));
}

// ---------------------------------------------------------------- home announcements

const announcementColumns = {
  id: homeAnnouncements.id,
  text: homeAnnouncements.text,
  linkUrl: homeAnnouncements.linkUrl,
  startsAt: homeAnnouncements.startsAt,
  endsAt: homeAnnouncements.endsAt,
  active: homeAnnouncements.active,
  createdAt: homeAnnouncements.createdAt,
  updatedAt: homeAnnouncements.updatedAt,
};

/** A page of announcements, newest first. */
export async function announcementsPage(
  db: DbOrTx,
  filter: { keyword?: string | undefined },
  page: number,
  pageSize: number,
) {
  const where = filter.keyword ? ilike(homeAnnouncements.text, likeLiteral(filter.keyword)) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(announcementColumns)
      .from(homeAnnouncements)
      .where(where)
      .orderBy(desc(homeAnnouncements.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(homeAnnouncements).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminAnnouncementData = Awaited<ReturnType<typeof announcementsPage>>['list'][number];

/** One announcement, or null. */
export async function findAnnouncement(db: DbOrTx, id: number): Promise<AdminAnnouncementData | null> {
  const [row] = await db
    .select(announcementColumns)
    .from(homeAnnouncements)
    .where(eq(homeAnnouncements.id, id));
  return row ?? null;
}

/** Columns an operator writes on an announcement. */
export type AnnouncementValues = Omit<
  typeof homeAnnouncements.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

/** Inserts an announcement; answers its id. */
export async function insertAnnouncement(db: DbOrTx, values: AnnouncementValues): Promise<number> {
  const [row] = await db.insert(homeAnnouncements).values(values).returning({ id: homeAnnouncements.id });
  return row!.id;
}

/** Rewrites an announcement. */
export async function updateAnnouncement(db: DbOrTx, id: number, values: AnnouncementValues): Promise<void> {
  await db
    .update(homeAnnouncements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(homeAnnouncements.id, id));
}

/** Deletes an announcement. */
export async function deleteAnnouncement(db: DbOrTx, id: number): Promise<void> {
  await db.delete(homeAnnouncements).where(eq(homeAnnouncements.id, id));
}
