/**
 * Spot stock (/wareHouse): search, totals, menus and the VIP export; suppliers; the search
 * captcha; enquiries and contact unlocks (for surplus lots too, by `kind`). Paths are the
 * portal's (docs/api.md#spot-stock); surplus has its own module on the same lot search.
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
  LotMenu,
  LotPage,
  LotTotals,
  Page,
  SupplierListQuery,
  SupplierSummary,
} from '@steelport/contracts';
import { XlsxResponse } from '../../files.ts';
import { ok } from '../../plugins/envelope.ts';
import { userLang } from '../../plugins/lang.ts';
import { clientKey } from '../../plugins/rate-limit.ts';
import { EXPORT_LIMIT, exportQuery, sendWorkbook } from '../search/export.ts';
import { EXPORTS_PER_HOUR, type LotModuleOptions, searchDeps, warmBeforeListening } from '../search/lots.ts';
import { MAX_RESULT_WINDOW } from '../search/service.ts';
import { cargoService } from './service.ts';

const cargoModule: FastifyPluginAsyncTypebox<LotModuleOptions> = async (app, opts) => {
  const cargo = cargoService(searchDeps(app, opts));
  warmBeforeListening(app, 'spot stock', () => cargo.lots.warm());

  app.post(
    '/api/web/2.0/searchCargo/page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        operationId: 'searchCargoPage',
        summary: '仓库现货搜索（关键词识别品名/材质/规格/产地/城市/仓库/供应商；分页；排序）',
        description: `仓库现货搜索：关键词中的品名、材质、规格、产地、城市、仓库、供应商识别为精确条件，其余三字以上按文本匹配；分页，最多查看前 ${MAX_RESULT_WINDOW} 条；按价格升序时电议排最后。搜索过于频繁时返回 code 7，需先通过图片验证码。`,
        body: CargoSearch,
        response: { 200: Envelope(LotPage(CargoItem)), ...ErrorResponses },
      },
    },
    async (request) => ok(await cargo.lots.page(clientKey(request), request.body, request.user?.id ?? null)),
  );

  app.post(
    '/api/web/2.0/searchCargo/page-total',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        operationId: 'searchCargoTotals',
        summary: '现货合计：条数、件数、吨位、供应商数、各品名加权均价（缓存60秒）',
        description:
          '现货搜索结果（整个结果，非当前页）的合计：条数、件数、吨位、供应商数，以及按品名的条数、吨位和有价资源按吨位加权的均价；不同品名不合并计算均价（缓存60秒）。',
        body: CargoFilter,
        response: { 200: Envelope(LotTotals), ...ErrorResponses },
      },
    },
    async (request) => ok(await cargo.lots.totals(request.body)),
  );

  app.get(
    '/api/web/2.0/searchCargo/Menu',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        operationId: 'searchCargoMenu',
        summary: '现货筛选菜单及数量（各维度不含自身筛选；缓存60秒）',
        description:
          '现货筛选菜单：各维度（品名、材质、产地、城市、仓库）的取值及资源数，每个维度不含自身的筛选条件（缓存60秒）。',
        querystring: CargoFilter,
        response: { 200: Envelope(LotMenu), ...ErrorResponses },
      },
    },
    async (request) => ok(await cargo.lots.menu(request.query)),
  );

  app.get(
    '/api/web/2.0/searchCargo/export',
    {
      config: { access: 'data' },
      schema: {
        tags: ['cargo'],
        operationId: 'exportCargo',
        summary: `导出现货搜索结果为 Excel（免豆会员或数据会员，最多 ${EXPORT_LIMIT} 行）`,
        description: `按当前筛选与排序导出现货搜索结果为 Excel 文件（免豆会员或数据会员，最多 ${EXPORT_LIMIT} 行，每小时最多 ${EXPORTS_PER_HOUR} 次）。`,
        querystring: exportQuery(CargoFilter),
        response: { 200: XlsxResponse, ...ErrorResponses },
      },
    },
    async (request, reply) =>
      sendWorkbook(reply, await cargo.lots.export(request.query, request.user!.id, userLang(request))),
  );

  app.get(
    '/api/web/searchCargo/supplier/list',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        operationId: 'listCargoSuppliers',
        summary: '有现货的供应商及其库存',
        description:
          '有在售现货的供应商及其库存（资源数、吨位、最近更新），库存多者在前；可按名称关键词和城市筛选。',
        querystring: SupplierListQuery,
        response: { 200: Envelope(Page(SupplierSummary)), ...ErrorResponses },
      },
    },
    async (request) => ok(await cargo.suppliers(request.query, request.user?.id ?? null)),
  );

  app.get(
    '/api/web/searchCargo/captcha',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        operationId: 'getSearchCaptcha',
        summary: '图片验证码（搜索过于频繁时使用）',
        description: '获取图片验证码（SVG）。现货、余料搜索过于频繁（code 7）时，通过验证码后可继续搜索。',
        response: { 200: Envelope(Captcha), ...ErrorResponses },
      },
    },
    async (request) => ok(await cargo.captcha(request.ip)),
  );

  app.post(
    '/api/web/searchCargo/checkImg',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        operationId: 'checkSearchCaptcha',
        summary: '校验图片验证码；通过后10分钟内搜索不受频率限制',
        description:
          '校验图片验证码；每个验证码只能作答一次，答错返回 code 1；通过后10分钟内搜索不受频率限制。',
        body: CheckImgBody,
        response: { 200: Envelope(CheckImgResult), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await cargo.passCaptcha(clientKey(request), request.body.captchaId, request.body.text)),
  );

  app.post(
    '/api/web/searchCargo/enquiryTotal',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cargo'],
        operationId: 'getEnquiryTotal',
        summary: '今日查看联系方式次数、钢豆余额，以及给定资源中已解锁联系方式的',
        description:
          '今日查看联系方式次数与上限、钢豆余额、每家供应商解锁所需钢豆，以及给定资源（现货或余料）中供应商联系方式已解锁的资源。',
        body: EnquiryTotalBody,
        response: { 200: Envelope(EnquiryTotal), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await cargo.enquiryTotal(request.user!, request.body.kind ?? 'cargo', request.body.ids)),
  );

  app.post(
    '/api/web/searchCargo/enquiry',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cargo'],
        operationId: 'enquireLots',
        summary:
          '查看联系方式：解锁供应商电话并记为询价（VIP 免费，否则每家供应商 1 钢豆，同一供应商不重复扣）',
        description:
          '查看现货或余料资源的联系方式：解锁供应商电话并给供应商记一条询价线索；VIP 免费，否则每家供应商 1 钢豆，同一供应商不重复扣；钢豆不足返回 code 5。',
        body: EnquiryBody,
        response: { 200: Envelope(EnquiryResult), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(
        await cargo.enquire(
          request.user!,
          request.body.kind ?? 'cargo',
          request.body.ids,
          request.body.message ?? '',
        ),
      ),
  );
};

export default cargoModule;
