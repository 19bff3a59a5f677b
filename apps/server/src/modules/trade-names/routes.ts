/**
 * The trade vocabulary in English (issue 31): `GET /api/web/tradeNames?lang=en`, read once per
 * page load by an English session. Thin: the names come from service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponses, TradeNames, TradeNamesQuery } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import type { Dictionary } from '../search/dictionary.ts';
import { tradeNamesService } from './service.ts';

const tradeNamesModule: FastifyPluginAsyncTypebox<{ dictionary: Pick<Dictionary, 'get'> }> = async (
  app,
  opts,
) => {
  const names = tradeNamesService({ dictionary: opts.dictionary });

  app.get(
    '/api/web/tradeNames',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        operationId: 'commonTradeNames',
        summary: '品名、钢厂、城市、仓库的译名（英文）',
        description:
          '贸易词汇的英文名，按中文名为键：品类、品名大类、品名、钢厂、城市与市场（拼音）、仓库（无英文名的按规则生成）。与搜索词典同一缓存，运营修改词汇后一分钟内更新。',
        querystring: TradeNamesQuery,
        response: { 200: Envelope(TradeNames), ...ErrorResponses },
      },
    },
    async (request) => ok(await names.get(request.query.lang)),
  );
};

export default tradeNamesModule;
