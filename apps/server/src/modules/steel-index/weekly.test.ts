/**
 * Weekly index reviews (issue 13): every index has one after the seed and after the daily job,
 * written from the stored days only (a rerun rewrites the same articles), labelled as generated.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, indexDefinitions } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { presentWeeklyReview, REVIEW_SOURCE } from './present-weekly.ts';
import { runIndexJob, writeWeeklyReviews } from './service.ts';
import { type ReviewDay, reviewMembersOnly, reviewWeekEnds, weekFigures } from './weekly.ts';

const NOW = new Date('2026-03-02T00:00:00+08:00');
const t = useTestApp();
let member: string;

beforeAll(async () => {
  await seedDemo(t.db, { cargo: 0, quotationDays: 3, indexDays: 70, now: NOW });
  member = (await makeUser(t.db)).token;
}, 120_000);

interface WeeklyItem {
  indexId: number;
  indexName: string;
  article: {
    id: number;
    title: string;
    generated: boolean;
    indexId: number;
    source: string;
    publishedAt: string;
  };
}

async function weekly(): Promise<WeeklyItem[]> {
  const res = await t.app.inject({ url: '/api/ma/article/index-weekly' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The weekly reviews among the generated articles (the seed also writes other generated ones). */
const isReview = like(articles.generatedKey, 'index-weekly:%');

async function generatedCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(articles).where(isReview);
  return row?.n ?? 0;
}

describe('weekly index reviews', () => {
  it('gives every index its newest weekly review after the seed, generated and labelled', async () => {
    const defs = await t.db.select().from(indexDefinitions).where(eq(indexDefinitions.active, true));
    expect(defs.length).toBe(12);
    const list = await weekly();
    expect(list.map((w) => w.indexId).sort()).toEqual(defs.map((d) => d.id).sort());
    for (const item of list) {
      expect(item.article.indexId).toBe(item.indexId);
      expect(item.article.generated).toBe(true);
      expect(item.article.source).toBe(REVIEW_SOURCE);
      // the week ending Sunday 2026-03-01, the last complete week before the newest day
      expect(item.article.title.startsWith(`${item.indexName}周评`)).toBe(true);
      expect(item.article.title).toContain('（02-23至03-01）');
      expect(item).toMatchObject({ weekStart: '2026-02-23', weekEnd: '2026-03-01' });
      expect(item.article.publishedAt).toBe('2026-03-01T10:45:00.000Z');
    }
  });

  it('lists them in the index category with the generated flag, the text quoting the stored day', async () => {
    const { data } = (
      await t.app.inject({ url: '/api/ma/article/pageByCategoryId?categoryCode=index&pageSize=100' })
    ).json();
    const reviews = data.list.filter((a: { generated: boolean }) => a.generated);
    // 12 indexes × 8 weeks, less the weeks before the 70 days of history
    expect(reviews.length).toBeGreaterThanOrEqual(12 * 8);
    const hand = data.list.filter((a: { generated: boolean }) => !a.generated);
    expect(hand.every((a: { indexId: number | null }) => a.indexId === null)).toBe(true);

    const [first] = await weekly();
    const detail = (
      await t.app.inject({
        url: `/api/web/2.0/article/detail/${first?.article.id}`,
        headers: { 'x-token': member },
      })
    ).json().data;
    expect(detail.contentHtml).toContain('本文由系统根据钢市通指数数据自动生成');
    const close = (
      await t.app.inject({
        method: 'POST',
        url: '/api/web/index/chartData/all',
        payload: { indexIds: [first?.indexId], dates: ['2026-03-01'] },
        headers: { 'x-token': member },
      })
    ).json().data.list[0];
    const yuan = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 }).format(close.price);
    expect(detail.title).toContain(`周末报${yuan}元/吨`);
  });

  it('keeps reviews older than the visitor window for members', async () => {
    const { data } = (
      await t.app.inject({ url: '/api/ma/article/pageByCategoryId?categoryCode=index&pageSize=100' })
    ).json();
    const reviews = data.list.filter((a: { generated: boolean }) => a.generated);
    const recent = reviews.filter((a: { publishedAt: string }) => a.publishedAt >= '2026-02-08');
    const old = reviews.filter((a: { publishedAt: string }) => a.publishedAt < '2026-02-02');
    expect(recent.length).toBeGreaterThan(0);
    expect(old.length).toBeGreaterThan(0);
    expect(recent.every((a: { membersOnly: boolean }) => !a.membersOnly)).toBe(true);
    expect(old.every((a: { membersOnly: boolean }) => a.membersOnly)).toBe(true);
  });

  it('is written by the daily job from stored data: a rerun rewrites the same articles', async () => {
    const before = await generatedCount();
    const snapshot = await t.db
      .select({ key: articles.generatedKey, title: articles.title, html: articles.contentHtml })
      .from(articles)
      .where(isReview)
      .orderBy(articles.generatedKey);

    // the reviews gone, the job brings them back, word for word
    await t.db.delete(articles).where(isReview);
    expect(await weekly()).toEqual([]);
    const result = await runIndexJob({ db: t.db, engine: 'pglite' });
    expect(result.ran).toBe(true);
    expect(await generatedCount()).toBe(before);
    const again = await t.db
      .select({ key: articles.generatedKey, title: articles.title, html: articles.contentHtml })
      .from(articles)
      .where(isReview)
      .orderBy(articles.generatedKey);
    expect(again).toEqual(snapshot);
    expect((await weekly()).length).toBe(12);

    // a second run adds nothing
    expect(await writeWeeklyReviews(t.db)).toBe(12 * 8);
    expect(await generatedCount()).toBe(before);
  });

  it('leaves a withdrawn review withdrawn when it rewrites it', async () => {
    const [first] = await weekly();
    await t.db
      .update(articles)
      .set({ status: 'hidden' })
      .where(and(eq(articles.id, first?.article.id as number)));
    await writeWeeklyReviews(t.db);
    const [row] = await t.db
      .select({ status: articles.status })
      .from(articles)
      .where(eq(articles.id, first?.article.id as number));
    expect(row?.status).toBe('hidden');
    const list = await weekly();
    expect(list.find((w) => w.indexId === first?.indexId)?.article.id).not.toBe(first?.article.id);
  });
});

describe('weekly review maths', () => {
  const day = (d: string, priceFen: number, extra: Partial<ReviewDay> = {}): ReviewDay => ({
    day: d,
    priceFen,
    points: 1000,
    stockKg: 1_000_000,
    dealKg: 50_000,
    tradingKg: 200_000,
    sampleCount: 10,
    removedOutliers: 0,
    provisional: false,
    ...extra,
  });

  it('reviews complete Monday-to-Sunday weeks, newest first', () => {
    expect(reviewWeekEnds('2026-03-02', 3)).toEqual(['2026-03-01', '2026-02-22', '2026-02-15']);
    expect(reviewWeekEnds('2026-03-01', 1)).toEqual(['2026-03-01']);
    // the visitor window of 2026-03-02 starts on 02-01: a week quoting 01-25 is for members
    expect(reviewMembersOnly('2026-02-01', '2026-03-02')).toBe(true);
    expect(reviewMembersOnly('2026-02-08', '2026-03-02')).toBe(false);
  });

  it('compares the week with the Sunday before and needs that Sunday', () => {
    const days = [
      day('2026-02-22', 380_000, { stockKg: 1_000_000 }),
      day('2026-02-23', 381_000),
      day('2026-02-25', 390_050, { provisional: true }),
      day('2026-03-01', 385_000, { stockKg: 1_124_600_594, points: 1012.5 }),
    ];
    const f = weekFigures(days, '2026-03-01');
    expect(f).toMatchObject({
      start: '2026-02-23',
      closeFen: 385_000,
      changeFen: 5_000,
      highFen: 390_050,
      lowFen: 381_000,
      dealKg: 150_000,
      days: 3,
      provisionalDays: 1,
    });
    expect(weekFigures(days.slice(1), '2026-03-01')).toBeNull();
    const text = presentWeeklyReview('乐从热卷', f as NonNullable<typeof f>);
    expect(text.title).toBe('乐从热卷周评（02-23至03-01）：价格震荡上行，周末报3,850元/吨');
    // the portal's number format: whole tonnes with separators, never 1124600.594
    expect(text.summary).toContain('样本仓库库存1,124,601吨');
    expect(text.summary).toContain('上涨50元/吨（+1.32%）');
    expect(text.contentHtml).toContain('1个交易日为暂定值');
  });
});
