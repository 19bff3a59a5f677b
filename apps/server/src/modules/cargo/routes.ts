/**
 * Spot stock (/wareHouse) and surplus (/surplus) searches, suppliers, contact unlocks, the
 * anti-scraping captcha and the VIP Excel export. Paths are the portal's (API.md "cargo" and
 * "material"); both kinds share every piece below them.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Captcha,
  CargoFilter,
  CargoItem,
  CargoSearch,
  CheckImgBody,
  CheckImgResult,
  EnquiryBody,
  EnquiryResult,
  EnquiryTotal,
  EnquiryTotalBody,
  Envelope,
  ErrorResponses,
  LOT_SORTS,
  LotMenu,
  LotPage,
  LotTotals,
  Page,
  SupplierListQuery,
  SupplierSummary,
  SurplusFilter,
  SurplusItem,
  SurplusSearch,
} from '@steelport/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { dayString } from '../../dates.ts';
import { ok } from '../../plugins/envelope.ts';
import { clientKey, limitRate } from '../../plugins/rate-limit.ts';
import { enquire, enquiryTotal, supplierContacts } from './enquiry.ts';
import { EXPORT_LIMIT, exportLots } from './export.ts';
import { searchGuard } from './guard.ts';
import type { LotFilter, LotKind, SortKey } from './lots.ts';
import { prepareSearch, searchMenu, searchPage, searchTotals } from './service.ts';
import { listSuppliers } from './suppliers.ts';

const ExportQuery = (filter: typeof CargoFilter | typeof SurplusFilter) =>
  Type.Object({
    ...filter.properties,
    sort: Type.Optional(Type.Enum(LOT_SORTS)),
    order: Type.Optional(Type.Enum(['asc', 'desc'] as const)),
  });

const cargoModule: FastifyPluginAsyncTypebox = async (app) => {
  const guard = searchGuard(app.store, app.config.searchesPerMinute);
  const viewerId = (request: FastifyRequest) => request.user?.id ?? null;

  /** One page; the item type follows the kind (findLots adds grade and defects for surplus). */
  const page = async <T extends CargoItem | SurplusItem>(
    kind: LotKind,
    request: FastifyRequest,
    input: LotFilter & { page: number; pageSize: number; sort?: SortKey; order?: 'asc' | 'desc' },
  ) => {
    await guard.check(clientKey(request));
    const result = await searchPage(app.db, app.store, kind, input, input, viewerId(request));
    return ok({ ...result, list: result.list as T[] });
  };

  const sendExport = async (
    kind: LotKind,
    request: FastifyRequest,
    reply: FastifyReply,
    input: LotFilter & { sort?: SortKey; order?: 'asc' | 'desc' },
  ) => {
    await limitRate(app.store, `export:${request.user!.id}`, 20, 60 * 60 * 1000, '导出过于频繁，请稍后再试');
    const search = await prepareSearch(app.db, kind, input);
    const name = encodeURIComponent(
      `${kind === 'cargo' ? '仓库现货' : '余料'}-${dayString(new Date())}.xlsx`,
    );
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
      .header('cache-control', 'no-store');
    return reply.send(
      exportLots(
        app.db,
        kind,
        search.where,
        { sort: input.sort ?? 'updatedAt', order: input.order ?? 'desc', userId: request.user!.id },
        { store: app.store, key: search.key },
      ),
    );
  };

  // --- spot stock -------------------------------------------------------------------------
  app.post(
    '/api/web/2.0/searchCargo/page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        summary: '仓库现货搜索（关键词识别品名/材质/规格/产地/城市/仓库/供应商；分页；排序）',
        body: CargoSearch,
        response: { 200: Envelope(LotPage(CargoItem)), ...ErrorResponses },
      },
    },
    async (request) => page<CargoItem>('cargo', request, request.body),
  );

  app.post(
    '/api/web/2.0/searchCargo/page-total',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        summary: '现货合计：条数、件数、吨位、供应商数、加权均价（缓存60秒）',
        body: CargoFilter,
        response: { 200: Envelope(LotTotals), ...ErrorResponses },
      },
    },
    async (request) => ok(await searchTotals(app.db, app.store, 'cargo', request.body)),
  );

  app.get(
    '/api/web/2.0/searchCargo/Menu',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        summary: '现货筛选菜单及数量（各维度不含自身筛选；缓存60秒）',
        querystring: CargoFilter,
        response: { 200: Envelope(LotMenu), ...ErrorResponses },
      },
    },
    async (request) => ok(await searchMenu(app.db, app.store, 'cargo', request.query)),
  );

  app.get(
    '/api/web/2.0/searchCargo/export',
    {
      config: { access: 'vip' },
      schema: {
        tags: ['cargo'],
        summary: `导出现货搜索结果为 Excel（VIP，最多 ${EXPORT_LIMIT} 行）`,
        querystring: ExportQuery(CargoFilter),
        response: ErrorResponses,
      },
    },
    async (request, reply) => sendExport('cargo', request, reply, request.query),
  );

  app.get(
    '/api/web/searchCargo/supplier/list',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        summary: '有现货的供应商及其库存',
        querystring: SupplierListQuery,
        response: { 200: Envelope(Page(SupplierSummary)), ...ErrorResponses },
      },
    },
    async (request) => {
      const { list, total } = await listSuppliers(app.db, { ...request.query, userId: viewerId(request) });
      return ok({ list, total, page: request.query.page, pageSize: request.query.pageSize });
    },
  );

  app.get(
    '/api/web/searchCargo/captcha',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        summary: '图片验证码（搜索过于频繁时使用）',
        response: { 200: Envelope(Captcha), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `captcha:${request.ip}`, 30, 60_000);
      return ok(await guard.captcha());
    },
  );

  app.post(
    '/api/web/searchCargo/checkImg',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        summary: '校验图片验证码；通过后10分钟内搜索不受频率限制',
        body: CheckImgBody,
        response: { 200: Envelope(CheckImgResult), ...ErrorResponses },
      },
    },
    async (request) => {
      await guard.pass(clientKey(request), request.body.captchaId, request.body.text);
      return ok({ passed: true, validForSeconds: 600 });
    },
  );

  app.post(
    '/api/web/searchCargo/enquiryTotal',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cargo'],
        summary: '今日询价次数、钢豆余额，以及给定资源中已解锁联系方式的',
        body: EnquiryTotalBody,
        response: { 200: Envelope(EnquiryTotal), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await enquiryTotal(app.db, request.user!, request.body.kind ?? 'cargo', request.body.ids)),
  );

  app.post(
    '/api/web/searchCargo/enquiry',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cargo'],
        summary: '询价并解锁供应商电话（VIP 免费，否则每家供应商 1 钢豆，同一供应商不重复扣）',
        body: EnquiryBody,
        response: { 200: Envelope(EnquiryResult), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `enquiry:${request.user!.id}`, 30, 60_000);
      const kind = request.body.kind ?? 'cargo';
      const result = await enquire(app.db, request.user!, kind, request.body.ids, request.body.message ?? '');
      const contacts = await supplierContacts(app.db, [...new Set(result.companyByLot.values())]);
      return ok({
        beansSpent: result.beansSpent,
        beans: result.beans,
        contacts: [...result.companyByLot].map(([id, companyId]) => {
          const c = contacts.get(companyId)!;
          return {
            id,
            supplier: {
              id: c.id,
              name: c.name,
              shortName: c.shortName,
              city: c.city,
              contactName: c.contactName,
              phone: c.contactPhone,
              unlocked: true,
            },
          };
        }),
      });
    },
  );

  // --- surplus ----------------------------------------------------------------------------
  app.get(
    '/api/web/2.0/searchMaterial/page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['material'],
        summary: '余料搜索（同现货，另可按质量等级筛选）',
        querystring: SurplusSearch,
        response: { 200: Envelope(LotPage(SurplusItem)), ...ErrorResponses },
      },
    },
    async (request) => page<SurplusItem>('surplus', request, request.query),
  );

  app.get(
    '/api/web/2.0/searchMaterial/page-total',
    {
      config: { access: 'public' },
      schema: {
        tags: ['material'],
        summary: '余料合计',
        querystring: SurplusFilter,
        response: { 200: Envelope(LotTotals), ...ErrorResponses },
      },
    },
    async (request) => ok(await searchTotals(app.db, app.store, 'surplus', request.query)),
  );

  app.get(
    '/api/web/2.0/searchMaterial/Menu',
    {
      config: { access: 'public' },
      schema: {
        tags: ['material'],
        summary: '余料筛选菜单及数量（含质量等级）',
        querystring: SurplusFilter,
        response: { 200: Envelope(LotMenu), ...ErrorResponses },
      },
    },
    async (request) => ok(await searchMenu(app.db, app.store, 'surplus', request.query)),
  );

  app.get(
    '/api/web/2.0/searchMaterial/export',
    {
      config: { access: 'vip' },
      schema: {
        tags: ['material'],
        summary: `导出余料搜索结果为 Excel（VIP，最多 ${EXPORT_LIMIT} 行）`,
        querystring: ExportQuery(SurplusFilter),
        response: ErrorResponses,
      },
    },
    async (request, reply) => sendExport('surplus', request, reply, request.query),
  );
};

export default cargoModule;
