/**
 * API keys and ERP sync (issue 17, tag trader). A trader manages its company's keys with its
 * session (access trader); an ERP pushes stock, surplus and quotations with `X-Api-Key` alone (access
 * apiKey, checked by the auth plugin before the body is read, scope per route). Thin: the rules
 * live in service.ts and sync.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_KEY_HEADER,
  ApiKeyCreateBody,
  ApiKeyCreated,
  ApiKeyInfo,
  ApiKeyList,
  Envelope,
  ErrorResponses,
  Id,
  SyncQuotationsBody,
  SyncResult,
  SyncStockBody,
  SyncSurplusBody,
  TRADER_LIMITS,
} from '@steelport/contracts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MINUTE_MS } from '../../dates.ts';
import { ok } from '../../plugins/envelope.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import { say } from '../../text.ts';
import type { Dictionary } from '../search/dictionary.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import { apiKeyService } from './service.ts';
import { syncService } from './sync.ts';

/** Sync requests one key may make per minute. */
export const SYNC_PER_MINUTE = 60;
/**
 * A sync body of TRADER_LIMITS.syncRowsMax rows with every text at its limit (in Chinese, three
 * bytes a character) is about 14 MB; the app's default limit is 1 MB. The key is checked before
 * the body is read, so only a trader's ERP can send this much.
 */
const SYNC_BODY_LIMIT = 16 * 1024 * 1024;

const SYNC_RULES = `规则与 Excel 导入相同：每行按品名表、规格解析等校验（品名须在品名表中，规格如 2.75*1250*C，重量为吨最多三位小数，单价为元/吨、0 为电议，仓库不在库中时须填城市）。全部成功或全部不写：任何一行有错时什么也不写，应答仍为 HTTP 200、code 0，data.applied 为 false，errors 列出错误（row 为 rows 中的序号，从 1 开始；column 为字段的中文名，如 规格；至多列出前 ${TRADER_LIMITS.importErrorsShown} 条）。mode=append 追加；mode=replace 以本次的行为全部`;
const SYNC_AUTH = `用请求头 ${API_KEY_HEADER} 传 API 密钥（在 我的账户 → API 密钥 创建），不用登录 token。缺少密钥为 code 4，密钥无效或已停用为 code 3，密钥无此权限为 code 5；每个密钥每分钟最多 ${SYNC_PER_MINUTE} 次（超出为 code 7）；每次最多 ${TRADER_LIMITS.syncRowsMax} 行。`;

/** The documented examples (sync.test.ts syncs them, so they stay valid). */
export const stockExample = {
  mode: 'replace',
  rows: [
    {
      product: '热卷',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      warehouse: '乐从钢铁世界仓',
      pieces: 3,
      weight: 75.5,
      price: 3450,
      remark: '可开票',
    },
    {
      product: '冷轧卷板',
      material: 'SPCC',
      spec: '1.0*1250*C',
      origin: '宝钢',
      city: '上海',
      pieces: 1,
      weight: 20.18,
      price: 0,
    },
  ],
};
export const surplusExample = {
  mode: 'replace',
  rows: [
    {
      product: '热卷',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      warehouse: '乐从钢铁世界仓',
      pieces: 1,
      weight: 12.5,
      price: 3100,
      grade: '次品',
      defects: '边浪',
    },
  ],
};
export const quotationsExample = {
  mode: 'append',
  rows: [
    {
      product: '热卷',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      city: '乐从',
      price: 3450,
      weight: 500,
    },
    { product: '冷轧卷板', material: 'SPCC', spec: '1.0*1250*C', origin: '宝钢', city: '上海', price: 0 },
  ],
};

/** The trade dictionary every writer shares (app.ts creates it once). */
export interface ApiKeyModuleOptions {
  dictionary: Dictionary;
  /** after a sync commits: saved searches match its rows */
  onRowsWritten?: OnRowsWritten;
}

const apiKeyModule: FastifyPluginAsyncTypebox<ApiKeyModuleOptions> = async (app, opts) => {
  const keys = apiKeyService({ db: app.db });
  const sync = syncService({ db: app.db, dictionary: opts.dictionary, onRowsWritten: opts.onRowsWritten });
  /** Counts the call against its key (the auth plugin has checked the key already). */
  const limitPerKey = async (request: FastifyRequest) =>
    limitRate(
      app.store,
      `sync:${request.apiKey?.keyId}`,
      SYNC_PER_MINUTE,
      MINUTE_MS,
      say(
        `同步过于频繁：每个密钥每分钟最多 ${SYNC_PER_MINUTE} 次`,
        `Too many syncs: at most ${SYNC_PER_MINUTE} a minute per key`,
      ),
    );

  app.get(
    '/api/trader/keys',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderApiKeyList',
        summary: '我的 API 密钥（ERP 同步用）',
        description:
          '本企业的 API 密钥，最新在前；已停用的也列出并带 revokedAt。只给名称、前几位字符（prefix）、权限和时间，从不返回完整密钥或其摘要。未关联企业的账户为 code 5。',
        response: { 200: Envelope(ApiKeyList), ...ErrorResponses },
      },
    },
    async (request) => ok(await keys.list(request.user)),
  );

  app.post(
    '/api/trader/keys',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderApiKeyCreate',
        summary: '新建 API 密钥（完整密钥只显示这一次）',
        description: `为本企业新建一个 API 密钥，权限 stock（现货同步）、surplus（余料同步）、quotations（报价同步）中的一个或几个。应答的 key 是完整密钥，只在此处出现一次，服务器只存其 SHA-256；ERP 调用同步接口时放在请求头 ${API_KEY_HEADER}。每家企业最多 ${TRADER_LIMITS.apiKeysMax} 个未停用的密钥，超出为 code 1。`,
        body: ApiKeyCreateBody,
        response: { 200: Envelope(ApiKeyCreated), ...ErrorResponses },
      },
    },
    async (request) => ok(await keys.create(request.user, request.body)),
  );

  app.delete(
    '/api/trader/keys/:id',
    {
      config: { access: 'trader' },
      schema: {
        tags: ['trader'],
        operationId: 'traderApiKeyRevoke',
        summary: '停用 API 密钥（立即失效）',
        description:
          '停用本企业的一个 API 密钥：立即失效，之后用它同步为 code 3；记录保留在列表中。已停用的再次停用不变；其他企业的密钥与不存在的一样为 code 6。',
        params: Type.Object({ id: Id('密钥 id') }),
        response: { 200: Envelope(ApiKeyInfo), ...ErrorResponses },
      },
    },
    async (request) => ok(await keys.revoke(request.user, request.params.id)),
  );

  app.put(
    '/api/trader/sync/stock',
    {
      config: { access: 'apiKey', apiKeyScope: 'stock' },
      bodyLimit: SYNC_BODY_LIMIT,
      onRequest: limitPerKey,
      schema: {
        tags: ['trader'],
        operationId: 'traderSyncStock',
        summary: 'ERP 同步现货（API 密钥，权限 stock）',
        description: `ERP 推送本企业的现货资源。${SYNC_AUTH}${SYNC_RULES}现货（原有的标为删除，保留询价记录）。成功时 applied 为 true，inserted 为写入行数，removed 为 replace 删除的原有行数。同步的资源立即可在仓库现货中按关键词搜到。`,
        security: [{ apiKey: [] }],
        body: Type.Object(SyncStockBody.properties, { examples: [stockExample] }),
        response: { 200: Envelope(SyncResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await sync.stock(request.apiKey!, request.body)),
  );

  app.put(
    '/api/trader/sync/surplus',
    {
      config: { access: 'apiKey', apiKeyScope: 'surplus' },
      bodyLimit: SYNC_BODY_LIMIT,
      onRequest: limitPerKey,
      schema: {
        tags: ['trader'],
        operationId: 'traderSyncSurplus',
        summary: 'ERP 同步余料（API 密钥，权限 surplus）',
        description: `ERP 推送本企业的余料。${SYNC_AUTH}${SYNC_RULES}余料（原有的标为删除）。grade 为品级、defects 为缺陷说明，可不填。成功时 applied 为 true，inserted 为写入行数，removed 为 replace 删除的原有行数。同步的余料立即可在余料市场中按关键词搜到。`,
        security: [{ apiKey: [] }],
        body: Type.Object(SyncSurplusBody.properties, { examples: [surplusExample] }),
        response: { 200: Envelope(SyncResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await sync.surplus(request.apiKey!, request.body)),
  );

  app.put(
    '/api/trader/sync/quotations',
    {
      config: { access: 'apiKey', apiKeyScope: 'quotations' },
      bodyLimit: SYNC_BODY_LIMIT,
      onRequest: limitPerKey,
      schema: {
        tags: ['trader'],
        operationId: 'traderSyncQuotations',
        summary: 'ERP 同步今日报价（API 密钥，权限 quotations）',
        description: `ERP 推送本企业今天的报价（日期为今天，涨跌与该品种上次报价比较）。${SYNC_AUTH}${SYNC_RULES}今日报价（今天原有的报价删除）。weight 为可供量（吨），可不填。成功时 applied 为 true，inserted 为写入行数，removed 为 replace 删除的原有行数。`,
        security: [{ apiKey: [] }],
        body: Type.Object(SyncQuotationsBody.properties, { examples: [quotationsExample] }),
        response: { 200: Envelope(SyncResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await sync.quotations(request.apiKey!, request.body)),
  );
};

export default apiKeyModule;
