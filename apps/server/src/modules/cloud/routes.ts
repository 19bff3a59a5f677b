/**
 * Cloud warehouse (云仓, /beginClound; docs/api.md#cloud-warehouse). Thin: the rules and the owner
 * filter live in service.ts and repo.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CloudIndex, CloudIndexQuery, Envelope, ErrorResponses } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { openCheckService } from '../open-check/service.ts';
import { cloudService } from './service.ts';

const cloudModule: FastifyPluginAsyncTypebox<{ services?: ReturnType<typeof openCheckService> }> = async (
  app,
  opts,
) => {
  // app.ts hands in the one openCheck the console forgets after a flip
  const services = opts.services ?? openCheckService({ db: app.db });
  const cloud = cloudService({ db: app.db, services });

  app.get(
    '/api/web/2.0/cloudWarehouse/index',
    {
      // Visitors see the partner warehouses; the goods part needs a token (checked in the service).
      config: { access: 'public' },
      schema: {
        tags: ['warehouse'],
        operationId: 'cloudWarehouseIndex',
        summary: '仓库自助：合作仓库与我的在库货物',
        description:
          '云仓自助：所有人可见合作仓库的库容、最新库存与饱和度；登录后另有本人（及所在企业）的在库卷（卷号、品名、规格、重量、入库日期、状态，可按卷号、仓库、状态筛选，分页）、各仓库存合计与出入库记录。按卷号查询需登录；卷号须为6-24位字母、数字或短横线。',
        querystring: CloudIndexQuery,
        response: { 200: Envelope(CloudIndex), ...ErrorResponses },
      },
    },
    async (request) => {
      const user = request.user;
      return ok(
        await cloud.index(request.query, user ? { userId: user.id, companyId: user.companyId } : null),
      );
    },
  );
};

export default cloudModule;
