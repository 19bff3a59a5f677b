/**
 * The steel index API (API.md "index"): definitions with their latest day, chart series with
 * history depth by access, the PORTAL §3 Index day series for chosen ids and dates, saturation,
 * the day's deal information, and the operators' on-demand recompute.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChartData,
  ChartDataBody,
  DealInformation,
  Envelope,
  ErrorResponses,
  IndexAll,
  IndexAllQuery,
  IndexInfo,
  IndexInfoCompact,
  RecomputeBody,
  RecomputeResult,
  Saturation,
  SaturationBody,
} from '@steelport/contracts';
import { Invalid } from '../../errors.ts';
import { defaultRange, runIndexJob } from '../../jobs/index-job.ts';
import { ok } from '../../plugins/envelope.ts';
import { seriesCache } from './cache.ts';
import { NATIONWIDE } from './compute.ts';
import { checkDays, historyWindow, resolveRange, shiftDay } from './history.ts';
import { presentDefinition, presentIndexDay, presentIndexRow, presentPoint, toTonnes } from './present.ts';
import {
  dayBounds,
  dealInformation,
  indexSeries,
  latestDays,
  listDefinitions,
  saturationMarkets,
  saturationSeries,
} from './repo.ts';

const EMPTY_DEPTH = { start: null, end: null, earliestAllowed: null, limitedBy: null };
/** Longest range one recompute may cover (ten years). */
const MAX_RECOMPUTE_DAYS = 3660;

const steelIndexModule: FastifyPluginAsyncTypebox = async (app) => {
  const points = seriesCache<ReturnType<typeof presentPoint>[]>();
  const days = seriesCache<ReturnType<typeof presentIndexDay>[]>();
  app.get(
    '/api/web/2.0/index/indexInfo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        summary: '指数定义及各指数最新一日（PORTAL §3 指数行字段）',
        response: { 200: Envelope(IndexInfo), ...ErrorResponses },
      },
    },
    async () => {
      const [defs, latest, bounds] = await Promise.all([
        listDefinitions(app.db),
        latestDays(app.db),
        dayBounds(app.db),
      ]);
      const byId = new Map(latest.map((r) => [r.indexId, r]));
      return ok({
        latestDate: bounds.last,
        firstDate: bounds.first,
        definitions: defs.map(presentDefinition),
        list: defs.flatMap((d) => {
          const row = byId.get(d.id);
          return row ? [presentIndexRow(d, row)] : [];
        }),
      });
    },
  );

  app.get(
    '/api/ma/index/indexInfo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        summary: '指数列表（精简，供指数文章页侧栏）',
        response: { 200: Envelope(IndexInfoCompact), ...ErrorResponses },
      },
    },
    async () => {
      const [defs, latest] = await Promise.all([listDefinitions(app.db), latestDays(app.db)]);
      const byId = new Map(latest.map((r) => [r.indexId, r]));
      return ok(
        defs.map((d) => {
          const row = byId.get(d.id);
          const full = row ? presentIndexRow(d, row) : null;
          return {
            id: d.id,
            indexName: d.name,
            date: full?.date ?? null,
            price: full?.price ?? null,
            points: full?.points ?? null,
            change: full?.change ?? 0,
            changeRatio: full?.changeRatio ?? null,
          };
        }),
      );
    },
  );

  app.get(
    '/api/web/2.0/index/chartData/index-all',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        summary: '全部（或所选）指数的日序列；游客30天、会员1年、VIP全部',
        querystring: IndexAllQuery,
        response: { 200: Envelope(IndexAll), ...ErrorResponses },
      },
    },
    async (request) => {
      const { last } = await dayBounds(app.db);
      const defs = await listDefinitions(app.db);
      const wanted = request.query.ids ? new Set(request.query.ids.split(',').map(Number)) : null;
      const chosen = wanted ? defs.filter((d) => wanted.has(d.id)) : defs;
      if (!last) {
        checkDays({ start: request.query.start, end: request.query.end });
        return ok({ ...EMPTY_DEPTH, series: [] });
      }
      const range = resolveRange(request.user, last, request.query);
      const series = await Promise.all(
        chosen.map(async (d) => ({
          id: d.id,
          indexName: d.name,
          points: await points.get(`${last}|${d.id}|${range.start}|${range.end}`, async () =>
            (await indexSeries(app.db, [d.id], range)).map(presentPoint),
          ),
        })),
      );
      return ok({ ...range, series });
    },
  );

  app.post(
    '/api/web/index/chartData/all',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        summary: '所选指数的日数据（PORTAL §3 指数日字段）：按日期列表或区间；跨日对比用两个日期',
        body: ChartDataBody,
        response: { 200: Envelope(ChartData), ...ErrorResponses },
      },
    },
    async (request) => {
      const { indexIds, dates, start, end } = request.body;
      checkDays({ start, end });
      checkDays(Object.fromEntries((dates ?? []).map((d, i) => [`dates.${i}`, d])));
      const { last } = await dayBounds(app.db);
      if (!last) return ok({ ...EMPTY_DEPTH, list: [] });
      if (dates) {
        const { earliestAllowed, limit } = historyWindow(request.user, last);
        const allowed = dates.filter((d) => !earliestAllowed || d >= earliestAllowed);
        const list = allowed.length
          ? await days.get(`${last}|${indexIds.join(',')}|${allowed.join(',')}`, async () =>
              (await indexSeries(app.db, indexIds, { dates: allowed })).map(presentIndexDay),
            )
          : [];
        const sorted = [...dates].sort();
        return ok({
          start: sorted[0] ?? null,
          end: sorted[sorted.length - 1] ?? null,
          earliestAllowed,
          limitedBy: allowed.length < dates.length ? limit : null,
          list,
        });
      }
      const range = resolveRange(request.user, last, { start, end });
      const list = await days.get(`${last}|${indexIds.join(',')}|${range.start}|${range.end}`, async () =>
        (await indexSeries(app.db, indexIds, range)).map(presentIndexDay),
      );
      return ok({ ...range, list });
    },
  );

  app.post(
    '/api/web/index/chartData/saturation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        summary: '库容饱和度（qqdata 饱和度%、trade_weight 挂牌量吨、sub 较前日变化百分点）',
        body: SaturationBody,
        response: { 200: Envelope(Saturation), ...ErrorResponses },
      },
      // Every field is optional: an empty POST asks for the nationwide default.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const market = request.body.market ?? NATIONWIDE;
      const markets = await saturationMarkets(app.db);
      if (markets.length > 0 && !markets.includes(market)) throw new Invalid('参数错误：market 不是已知市场');
      const { last } = await dayBounds(app.db);
      if (!last) {
        checkDays({ start: request.body.start, end: request.body.end });
        return ok({ ...EMPTY_DEPTH, market, markets, list: [] });
      }
      const range = resolveRange(request.user, last, request.body);
      const rows = await saturationSeries(app.db, market, range.start, range.end);
      return ok({
        ...range,
        market,
        markets,
        list: rows.map((r) => ({
          date: r.day,
          qqdata: Math.round(r.ratio * 10000) / 100,
          trade_weight: toTonnes(r.tradingKg),
          sub: Math.round(r.changeRatio * 10000) / 100,
          stock_weight: toTonnes(r.stockKg),
          capacity_weight: toTonnes(r.capacityKg),
        })),
      });
    },
  );

  app.get(
    '/api/web/2.0/index/dataDeal-information',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        summary: '最新一日成交信息：按品种、按市场汇总及成交较大的仓库明细',
        response: { 200: Envelope(DealInformation), ...ErrorResponses },
      },
    },
    async () => {
      const info = await dealInformation(app.db);
      return ok({
        date: info.day,
        totalDealWeight: toTonnes(info.byProduct.reduce((n, r) => n + r.dealKg, 0)),
        totalDeals: info.byProduct.reduce((n, r) => n + r.deals, 0),
        byProduct: info.byProduct.map((r) => ({
          product: r.product,
          dealWeight: toTonnes(r.dealKg),
          deals: r.deals,
        })),
        byMarket: info.byMarket.map((r) => ({
          market: r.market,
          dealWeight: toTonnes(r.dealKg),
          deals: r.deals,
          stockWeight: toTonnes(r.stockKg),
        })),
        latest: info.top.map((r) => ({
          warehouse: r.warehouse,
          market: r.market,
          product: r.product,
          dealWeight: toTonnes(r.dealKg),
          deals: r.deals,
          price: r.priceFen > 0 ? r.priceFen / 100 : null,
        })),
      });
    },
  );

  app.post(
    '/api/admin/index/recompute',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '立即重算指数（默认最新一日及前一日）；多实例时仅一个实例执行',
        body: RecomputeBody,
        response: { 200: Envelope(RecomputeResult), ...ErrorResponses },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      checkDays({ from: request.body.from, to: request.body.to });
      const fallback = await defaultRange(app.db);
      const to = request.body.to ?? fallback?.to;
      const from = request.body.from ?? (to ? shiftDay(to, -1) : undefined);
      if (!from || !to) throw new Invalid('暂无仓库日报数据，无法计算指数');
      if (from > to) throw new Invalid('参数错误：from 不能晚于 to');
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_RECOMPUTE_DAYS) {
        throw new Invalid(`参数错误：from 至 to 最多 ${MAX_RECOMPUTE_DAYS} 天`);
      }
      const result = await runIndexJob(app.database, { from, to });
      points.clear();
      days.clear();
      request.log.info({ result, by: request.user?.id }, 'index recomputed on demand');
      return ok(result);
    },
  );
};

export default steelIndexModule;
