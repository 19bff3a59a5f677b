/** The operator console's dashboard (issue 18): `GET /api/admin/dashboard`. Thin. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Dashboard, Envelope, ErrorResponses } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { dashboardService } from './service.ts';

const adminDashboardModule: FastifyPluginAsyncTypebox = async (app) => {
  const dashboard = dashboardService({ db: app.db });

  app.get(
    '/api/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminDashboard',
        summary: '运营看板：今日数据、30 天趋势与定时任务状态',
        description:
          '今日（上海时间）新增用户、发布报价、更新的现货/余料条数、询价、支付笔数与收入（元），近 30 天逐日序列（最早在前），以及指数日计算、超时支付单关闭、市场日报三个定时任务的状态（任务未记录的项为 null）。仅管理员可用。',
        response: { 200: Envelope(Dashboard), ...ErrorResponses },
      },
    },
    async () => ok(await dashboard.dashboard()),
  );
};

export default adminDashboardModule;
