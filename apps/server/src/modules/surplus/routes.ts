/**
 * Surplus material (余料, /surplus): search, totals, menus and the VIP export. Paths are the
 * portal's (docs/api.md#surplus). The captcha and enquiries are the cargo module's routes, which
 * serve both kinds of lot.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponses,
  LotMenu,
  LotPage,
  LotTotals,
  SurplusFilter,
  SurplusItem,
  SurplusSearch,
} from '@steelport/contracts';
import { XlsxResponse } from '../../files.ts';
import { ok } from '../../plugins/envelope.ts';
import { userLang } from '../../plugins/lang.ts';
import { clientKey } from '../../plugins/rate-limit.ts';
import { EXPORT_LIMIT, exportQuery, sendWorkbook } from '../search/export.ts';
import { EXPORTS_PER_HOUR, type LotModuleOptions, searchDeps, warmBeforeListening } from '../search/lots.ts';
import { MAX_RESULT_WINDOW } from '../search/service.ts';
import { surplusService } from './service.ts';

const surplusModule: FastifyPluginAsyncTypebox<LotModuleOptions> = async (app, opts) => {
  const surplus = surplusService(searchDeps(app, opts));
  warmBeforeListening(app, 'surplus', () => surplus.lots.warm());

  app.get(
    '/api/web/2.0/searchMaterial/page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['material'],
        operationId: 'searchSurplusPage',
        summary: '余料搜索（同现货，另可按质量等级筛选）',
        description: `余料搜索：关键词识别与筛选同现货，另可按质量等级（正品、协议品、次品、等外品）筛选，每条资源带等级与缺陷说明；分页，最多查看前 ${MAX_RESULT_WINDOW} 条。搜索过于频繁时返回 code 7，需先通过图片验证码。`,
        querystring: SurplusSearch,
        response: { 200: Envelope(LotPage(SurplusItem)), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await surplus.lots.page(clientKey(request), request.query, request.user?.id ?? null)),
  );

  app.get(
    '/api/web/2.0/searchMaterial/page-total',
    {
      config: { access: 'public' },
      schema: {
        tags: ['material'],
        operationId: 'searchSurplusTotals',
        summary: '余料合计',
        description:
          '余料搜索结果（整个结果，非当前页）的合计：条数、件数、吨位、供应商数，以及按品名的条数、吨位和有价资源按吨位加权的均价；不同品名不合并计算均价（缓存60秒）。',
        querystring: SurplusFilter,
        response: { 200: Envelope(LotTotals), ...ErrorResponses },
      },
    },
    async (request) => ok(await surplus.lots.totals(request.query)),
  );

  app.get(
    '/api/web/2.0/searchMaterial/Menu',
    {
      config: { access: 'public' },
      schema: {
        tags: ['material'],
        operationId: 'searchSurplusMenu',
        summary: '余料筛选菜单及数量（含质量等级）',
        description:
          '余料筛选菜单：各维度（品名、材质、产地、城市、仓库、质量等级）的取值及资源数，每个维度不含自身的筛选条件（缓存60秒）。',
        querystring: SurplusFilter,
        response: { 200: Envelope(LotMenu), ...ErrorResponses },
      },
    },
    async (request) => ok(await surplus.lots.menu(request.query)),
  );

  app.get(
    '/api/web/2.0/searchMaterial/export',
    {
      config: { access: 'data' },
      schema: {
        tags: ['material'],
        operationId: 'exportSurplus',
        summary: `导出余料搜索结果为 Excel（免豆会员或数据会员，最多 ${EXPORT_LIMIT} 行）`,
        description: `按当前筛选与排序导出余料搜索结果为 Excel 文件，含等级与缺陷（免豆会员或数据会员，最多 ${EXPORT_LIMIT} 行，每小时最多 ${EXPORTS_PER_HOUR} 次）。`,
        querystring: exportQuery(SurplusFilter),
        response: { 200: XlsxResponse, ...ErrorResponses },
      },
    },
    async (request, reply) =>
      sendWorkbook(reply, await surplus.lots.export(request.query, request.user!.id, userLang(request))),
  );
};

export default surplusModule;
