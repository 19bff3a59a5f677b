/**
 * The OpenAPI document (@fastify/swagger) of every route registered after it, and its viewer at
 * /api/docs (@fastify/swagger-ui). Routes hidden from it (`/healthz`, the ops probes) say so
 * themselves.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The OpenAPI tags, one per module; a route's `tags` must name one of these. */
const API_TAGS = [
  { name: 'common', description: '站点配置、品名分类、活跃排行' },
  { name: 'account', description: '注册、登录（密码、短信、扫码）、我的信息' },
  { name: 'cargo', description: '仓库现货搜索、供应商、询价与联系方式' },
  { name: 'material', description: '余料搜索' },
  { name: 'quotation', description: '今日报价与商家主页' },
  { name: 'index', description: '钢材指数、库容饱和度、成交' },
  { name: 'priceTable', description: '价格行情：各品名每日的代表品种×城市中位价表、涨跌、历史与报价明细' },
  { name: 'article', description: '资讯与指数分析文章' },
  { name: 'vip', description: 'VIP会员、钢豆、订单与支付' },
  { name: 'affairs', description: '市场动态：钢厂调价、新库开业、会展活动' },
  { name: 'agency', description: '钢厂代理商与经销商' },
  { name: 'ad', description: '广告位与投放中的广告' },
  { name: 'warehouse', description: '云仓自助：合作仓库与我的在库货物' },
  { name: 'processing', description: '共享加工：加工报价与拼单' },
  { name: 'inspection', description: '仓库验货：合作仓库、验货申请与跟踪' },
  {
    name: 'trader',
    description:
      '商家工作台：我的报价、现货、余料，Excel 导入导出，收到的询价，企业资料，API 密钥与 ERP 同步',
  },
  { name: 'subscription', description: '免费订阅：保存的搜索、指数提醒、消息中心与推送' },
  { name: 'seats', description: '企业席位：企业会员的席位分配给同事（邀请、移除、更换）' },
  { name: 'admin', description: '运营后台' },
];

async function openapiPlugin(app: FastifyInstance, opts: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SteelPort 钢市通 API',
        version: '2.0.0',
        description: '钢市通门户接口。所有应答为 { code, message, data }。',
        contact: { name: '钢市通', url: opts.publicUrl },
      },
      servers: [{ url: opts.publicUrl, description: '本站' }],
      // Every tag a route uses is declared here (Spectral's operation-tag-defined).
      tags: API_TAGS,
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'X-Token' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description: '商家 API 密钥（ERP 同步）',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(openapiPlugin, { name: 'openapi' });
