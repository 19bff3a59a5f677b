/**
 * The steel index service: what the index API answers (definitions, chart series with history
 * depth by access, day lists, saturation, deals) and the index job (compute a range of days from
 * the stored inputs, under an advisory lock). The routes and the daily scheduler (jobs/) both
 * call it, so the job's default range and its lock live here once.
 *
 * Chart series, the span of computed days and the index list are cached per process for a minute
 * (see `SERIES_FRESH_MS`); a recompute in this process clears them at once, other instances
 * catch up within the minute.
 */
import type {
  ChartData,
  ChartDataBody,
  DealInformation,
  IndexAll,
  IndexAllQuery,
  IndexCorrectionsPage,
  IndexCorrectionsQuery,
  IndexDay,
  IndexInfo,
  IndexInfoCompact,
  IndexPoint,
  RecomputeResult,
  Saturation,
  SaturationBody,
} from '@steelport/contracts';
import { createCache } from '../../cache.ts';
import { DAY_MS, daysBetween, MINUTE_MS, shiftDay } from '../../dates.ts';
import type { Database, Db, DbOrTx, Tx } from '../../db/client.ts';
import { BusinessError, Invalid } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import { ensureCategory, type GeneratedArticle, upsertGeneratedArticles } from '../article/generated.ts';
import { sanitizeArticleHtml } from '../article/html.ts';
import { computeRange, NATIONWIDE } from './compute.ts';
import { checkDays, historyWindow, resolveRange } from './history.ts';
import {
  presentCompactRow,
  presentDealInformation,
  presentDefinition,
  presentIndexDay,
  presentIndexRow,
  presentMethodology,
  presentPoint,
  presentSaturation,
} from './present.ts';
import { presentCorrectionNote } from './present-corrections.ts';
import { presentWeeklyReview, REVIEW_AUTHOR, REVIEW_SOURCE } from './present-weekly.ts';
import { type CorrectionRow, correctionById, correctionsPage } from './repo/corrections.ts';
import { latestInputDay, loadRangeInputs, storeComputed, tryJobLock } from './repo/job.ts';
import {
  dayBounds,
  dealInformation,
  indexSeries,
  latestDays,
  listDefinitions,
  saturationMarkets,
  saturationSeries,
} from './repo/read.ts';
import { reviewDays } from './repo/weekly.ts';
import {
  REVIEW_WEEKS,
  type ReviewDay,
  reviewKey,
  reviewMembersOnly,
  reviewWeekEnds,
  weekFigures,
} from './weekly.ts';

/** The index article category (/morepage): its stable code and name. */
export const INDEX_CATEGORY = { code: 'index', name: '指数分析', sort: 5 } as const;

/** The id of the 指数分析 category, created when missing. */
export function indexCategoryId(db: DbOrTx): Promise<number> {
  return ensureCategory(db, INDEX_CATEGORY.code, INDEX_CATEGORY.name, INDEX_CATEGORY.sort);
}

/** Any fixed number, distinct from the migration lock: the index job's advisory lock. */
export const INDEX_JOB_LOCK = 727_002;
/** Longest range one recompute may cover (ten years). */
export const MAX_RECOMPUTE_DAYS = 3660;
/**
 * Index days change once a day (the job) or when an operator recomputes or corrects a day,
 * while the same few chart asks (two indexes over three months...) come from every visitor:
 * serving them from memory keeps chart answers in single-digit milliseconds on a 10-year
 * history. Keys carry the newest computed day and the resolved window, and entries live one
 * minute, so a recompute shows everywhere within a minute without cross-instance invalidation.
 */
const SERIES_FRESH_MS = MINUTE_MS;
/** Bound of each series cache: the popular asks fit, a crawler's sweep cannot grow it. */
const SERIES_MAX_ENTRIES = 300;

/** The depth fields of an answer before the job has computed any day. */
const EMPTY_DEPTH = { start: null, end: null, earliestAllowed: null, limitedBy: null };

/** Who asks, as far as history depth goes; null for a visitor. */
export type Viewer = Pick<AuthUser, 'dataAccess' | 'role'> | null;

/** What one run of the job did; the recompute route answers it as is (contracts' shape). */
export type IndexJobResult = RecomputeResult;

/** A range the job may be asked for; missing ends default as in `jobRange`. */
export interface JobRangeAsk {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Computes and stores `from`..`to` on `db` (a transaction or the database), without locking:
 * the seed calls it inside its own transaction.
 */
export async function computeIndexes(db: DbOrTx, from: string, to: string): Promise<IndexJobResult> {
  const started = performance.now();
  const inputs = await loadRangeInputs(db, from, to);
  const result = computeRange(inputs);
  await storeComputed(db, result);
  return {
    ran: true,
    from,
    to,
    days: daysBetween(from, to).length,
    rows: result.days.length,
    ms: Math.round(performance.now() - started),
  };
}

/** When a week's review appears: the Sunday evening after that day's index run (18:30). */
const REVIEW_PUBLISH_MINUTES = 18 * 60 + 45;

/**
 * Writes (or rewrites) the weekly review of every active index for the `weeks` complete weeks up
 * to `latest` (default: the newest computed day), from the stored index days alone: the same
 * days give the same articles, and a corrected day corrects its week's review on the next run.
 * Runs on `db` as given (the seed's and the job's transaction). Returns the reviews written.
 */
export async function writeWeeklyReviews(
  db: DbOrTx,
  latest?: string,
  weeks: number = REVIEW_WEEKS,
): Promise<number> {
  const last = latest ?? (await dayBounds(db)).last;
  if (!last) return 0;
  const ends = reviewWeekEnds(last, weeks);
  const oldest = ends[ends.length - 1];
  if (!oldest) return 0;
  const defs = await listDefinitions(db);
  const rows = await reviewDays(db, shiftDay(oldest, -7), ends[0] as string);
  const byIndex = new Map<number, ReviewDay[]>();
  for (const { indexId, ...day } of rows) {
    const list = byIndex.get(indexId) ?? [];
    list.push(day);
    byIndex.set(indexId, list);
  }
  const categoryId = await indexCategoryId(db);
  const articles: GeneratedArticle[] = [];
  for (const def of defs) {
    const days = byIndex.get(def.id) ?? [];
    for (const end of ends) {
      const figures = weekFigures(days, end);
      if (!figures) continue;
      const text = presentWeeklyReview(def.name, figures);
      articles.push({
        categoryId,
        indexId: def.id,
        generatedKey: reviewKey(def.code, end),
        title: text.title,
        summary: text.summary,
        contentHtml: sanitizeArticleHtml(text.contentHtml),
        source: REVIEW_SOURCE,
        author: REVIEW_AUTHOR,
        membersOnly: reviewMembersOnly(end, last),
        publishedAt: new Date(Date.parse(`${end}T00:00:00+08:00`) + REVIEW_PUBLISH_MINUTES * MINUTE_MS),
      });
    }
  }
  await upsertGeneratedArticles(db, articles);
  return articles.length;
}

/**
 * The job's range: `to` defaults to the newest input day, `from` to the day before `to` (late
 * entries of yesterday are picked up). Null when there are no inputs to date it from.
 */
export async function jobRange(
  db: DbOrTx,
  asked: JobRangeAsk = {},
): Promise<{ from: string; to: string } | null> {
  if (asked.from && asked.to) return { from: asked.from, to: asked.to };
  const to = asked.to ?? (await latestInputDay(db)) ?? undefined;
  const from = asked.from ?? (to ? shiftDay(to, -1) : undefined);
  return from && to ? { from, to } : null;
}

/** The default range: the newest input day and the day before it; null without inputs. */
export async function defaultRange(db: DbOrTx): Promise<{ from: string; to: string } | null> {
  return jobRange(db);
}

/**
 * Runs the job once: on PostgreSQL inside one transaction behind a transaction-scoped advisory
 * try-lock, so when several instances fire at the same minute exactly one computes and the
 * others return `ran: false`; PGlite is one process, so it just runs. `from`/`to` default as in
 * `jobRange`. The weekly reviews of the newest weeks are rewritten in the same transaction.
 */
export async function runIndexJob(
  database: Pick<Database, 'db' | 'engine'>,
  asked: JobRangeAsk = {},
): Promise<IndexJobResult> {
  return database.db.transaction(async (tx) => {
    const range = await jobRange(tx, asked);
    if (!range) return { ran: false, from: '', to: '', days: 0, rows: 0, ms: 0 };
    if (database.engine === 'postgres' && !(await tryJobLock(tx, INDEX_JOB_LOCK))) {
      return { ran: false, ...range, days: 0, rows: 0, ms: 0 };
    }
    const result = await computeIndexes(tx, range.from, range.to);
    // The weekly reviews quote the days just computed: rewritten in the same transaction.
    await writeWeeklyReviews(tx);
    return result;
  });
}

/**
 * Recomputes every index day from `from` to the newest computed day, and the weekly reviews, on
 * `tx` (the transaction of the write that changed an input: a correction, warehouse figures),
 * with the job's own computation. Days after the newest computed one are left to the job, so a
 * day is never published while its figures are still coming in. On PostgreSQL it takes the
 * job's lock and refuses (code 1) while a run holds it. Null when `from` is after the newest
 * computed day (nothing published to recompute).
 */
export async function recomputeFrom(
  tx: Tx,
  engine: Database['engine'],
  from: string,
): Promise<{ from: string; to: string; rows: number } | null> {
  const { last } = await dayBounds(tx);
  if (!last || from > last) return null;
  if (engine === 'postgres' && !(await tryJobLock(tx, INDEX_JOB_LOCK))) {
    throw new BusinessError(
      say('指数正在计算，请稍后再试', 'The index is being computed; please try again later'),
    );
  }
  const result = await computeIndexes(tx, from, last);
  await writeWeeklyReviews(tx, last);
  return { from, to: last, rows: result.rows };
}

/** Operators' corrections of index days, newest first, with who made them (the console's list). */
export function correctionRows(
  db: DbOrTx,
  query: IndexCorrectionsQuery,
): Promise<{ list: CorrectionRow[]; total: number }> {
  return correctionsPage(db, query);
}

/** One stored correction with who made it (the console answers a correction with it). */
export function correctionRow(db: DbOrTx, id: number): Promise<CorrectionRow | null> {
  return correctionById(db, id);
}

/** The steel index service over the database (the pool, never a transaction) and its engine. */
export function steelIndexService(deps: { db: Db; engine: Database['engine'] }) {
  const { db } = deps;
  const points = createCache<IndexPoint[]>({
    name: 'index:points',
    freshMs: SERIES_FRESH_MS,
    maxEntries: SERIES_MAX_ENTRIES,
  });
  const days = createCache<IndexDay[]>({
    name: 'index:days',
    freshMs: SERIES_FRESH_MS,
    maxEntries: SERIES_MAX_ENTRIES,
  });
  // The span of computed days keys every series above, and the definitions with their latest
  // rows are every index screen's first read: both as fresh as the series, cleared with them.
  const span = createCache<{ first: string | null; last: string | null }>({
    name: 'index:span',
    freshMs: SERIES_FRESH_MS,
    maxEntries: 1,
  });
  const infos = createCache<IndexInfo>({ name: 'index:info', freshMs: SERIES_FRESH_MS, maxEntries: 1 });
  const daySpan = () => span.get('all', () => dayBounds(db));
  /** Definitions with each index's latest day, the span of computed days and the method, read now. */
  const loadInfo = async (): Promise<IndexInfo> => {
    // `db` is the pool: independent reads may run side by side.
    const [defs, latest, bounds] = await Promise.all([listDefinitions(db), latestDays(db), daySpan()]);
    const byId = new Map(latest.map((r) => [r.indexId, r]));
    return {
      latestDate: bounds.last,
      firstDate: bounds.first,
      definitions: defs.map(presentDefinition),
      list: defs.flatMap((d) => {
        const row = byId.get(d.id);
        return row ? [presentIndexRow(d, row)] : [];
      }),
      methodology: presentMethodology(),
    };
  };
  const forgetAll = () => {
    points.clear();
    days.clear();
    span.clear();
    infos.clear();
  };

  return {
    /** Definitions with each index's latest day, the span of computed days and the method. */
    info(): Promise<IndexInfo> {
      return infos.get('all', loadInfo);
    },

    /** Every definition's short latest row, for the article page's side panel. */
    async compactInfo(): Promise<IndexInfoCompact> {
      const [defs, latest] = await Promise.all([listDefinitions(db), latestDays(db)]);
      const byId = new Map(latest.map((r) => [r.indexId, r]));
      return defs.map((d) => presentCompactRow(d, byId.get(d.id)));
    },

    /** Chart series of all (or the chosen) indexes over the range `user` may see. */
    async chartSeries(user: Viewer, query: IndexAllQuery): Promise<IndexAll> {
      const { last } = await daySpan();
      const defs = await listDefinitions(db);
      const wanted = query.ids ? new Set(query.ids.split(',').map(Number)) : null;
      const chosen = wanted ? defs.filter((d) => wanted.has(d.id)) : defs;
      if (!last) {
        checkDays({ start: query.start, end: query.end });
        return { ...EMPTY_DEPTH, series: [] };
      }
      const range = resolveRange(user, last, query);
      const series = await Promise.all(
        chosen.map(async (d) => ({
          id: d.id,
          indexName: d.name,
          ...(d.nameEn ? { nameEn: d.nameEn } : {}),
          points: await points.get(`${last}|${d.id}|${range.start}|${range.end}`, async () =>
            (await indexSeries(db, [d.id], range)).map(presentPoint),
          ),
        })),
      );
      return { ...range, series };
    },

    /**
     * Index days of the chosen indexes, on listed dates (dates `user` may not see are dropped
     * and the answer says why) or over a range.
     */
    async chartDays(user: Viewer, body: ChartDataBody): Promise<ChartData> {
      const { indexIds, dates, start, end } = body;
      checkDays({ start, end });
      checkDays(Object.fromEntries((dates ?? []).map((d, i) => [`dates.${i}`, d])));
      const { last } = await daySpan();
      if (!last) return { ...EMPTY_DEPTH, list: [] };
      if (dates) {
        const { earliestAllowed, limit } = historyWindow(user, last);
        const allowed = dates.filter((d) => !earliestAllowed || d >= earliestAllowed);
        const list = allowed.length
          ? await days.get(`${last}|${indexIds.join(',')}|${allowed.join(',')}`, async () =>
              (await indexSeries(db, indexIds, { dates: allowed })).map(presentIndexDay),
            )
          : [];
        const sorted = [...dates].sort();
        return {
          start: sorted[0] ?? null,
          end: sorted[sorted.length - 1] ?? null,
          earliestAllowed,
          limitedBy: allowed.length < dates.length ? limit : null,
          list,
        };
      }
      const range = resolveRange(user, last, { start, end });
      const list = await days.get(`${last}|${indexIds.join(',')}|${range.start}|${range.end}`, async () =>
        (await indexSeries(db, indexIds, range)).map(presentIndexDay),
      );
      return { ...range, list };
    },

    /** Saturation of one market (nationwide by default) over the range `user` may see. */
    async saturation(user: Viewer, body: SaturationBody): Promise<Saturation> {
      const market = body.market ?? NATIONWIDE;
      const markets = await saturationMarkets(db);
      if (markets.length > 0 && !markets.includes(market))
        throw new Invalid(
          say('参数错误：market 不是已知市场', 'Invalid request: market is not a known market'),
        );
      const { last } = await daySpan();
      if (!last) {
        checkDays({ start: body.start, end: body.end });
        return { ...EMPTY_DEPTH, market, markets, list: [] };
      }
      const range = resolveRange(user, last, body);
      const rows = await saturationSeries(db, market, range.start, range.end);
      return { ...range, market, markets, list: rows.map(presentSaturation) };
    },

    /** The newest day's deals by product, market and the largest warehouse entries. */
    async dealInformation(): Promise<DealInformation> {
      return presentDealInformation(await dealInformation(db));
    },

    /**
     * An operator's recompute: checks the asked range (real days, from <= to, at most
     * MAX_RECOMPUTE_DAYS), runs the job and forgets this process's cached series.
     */
    async recompute(asked: JobRangeAsk): Promise<IndexJobResult> {
      checkDays({ from: asked.from, to: asked.to });
      const range = await jobRange(db, asked);
      if (!range)
        throw new Invalid(
          say(
            '暂无仓库日报数据，无法计算指数',
            'No warehouse daily reports yet; the index cannot be computed',
          ),
        );
      const { from, to } = range;
      if (from > to)
        throw new Invalid(say('参数错误：from 不能晚于 to', 'Invalid request: from must not be after to'));
      if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= MAX_RECOMPUTE_DAYS) {
        throw new Invalid(
          say(
            `参数错误：from 至 to 最多 ${MAX_RECOMPUTE_DAYS} 天`,
            `Invalid request: from and to may be at most ${MAX_RECOMPUTE_DAYS} days apart`,
          ),
        );
      }
      const result = await runIndexJob(deps, range);
      forgetAll();
      return result;
    },

    /** Operators' corrections of index days, newest first (the methodology page lists them). */
    async corrections(query: IndexCorrectionsQuery): Promise<IndexCorrectionsPage> {
      const { list, total } = await correctionsPage(db, query);
      return { list: list.map(presentCorrectionNote), total, page: query.page, pageSize: query.pageSize };
    },

    /** Forgets this process's cached series at once (after a correction or new figures). */
    forget(): void {
      forgetAll();
    },

    /** The scheduled run: the default range, under the lock. */
    runIndexJob(asked: JobRangeAsk = {}): Promise<IndexJobResult> {
      return runIndexJob(deps, asked);
    },
  };
}

/** What `steelIndexService` gives. */
export type SteelIndexService = ReturnType<typeof steelIndexService>;
