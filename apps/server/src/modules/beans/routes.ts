/**
 * Beans (钢豆) the member earns: the daily sign-in (每日签到). The history is the account
 * module's GET /api/web/user/beans; spending and holds happen where beans are used (contact
 * unlocks, VIP orders). Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponses, SignInResult } from '@steelport/contracts';
import { MINUTE_MS } from '../../dates.ts';
import { ok } from '../../plugins/envelope.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import { beansService } from './service.ts';

const beansModule: FastifyPluginAsyncTypebox = async (app) => {
  const beans = beansService({ db: app.db });

  app.post(
    '/api/web/user/signIn',
    {
      config: { access: 'member' },
      schema: {
        tags: ['vip'],
        operationId: 'dailySignIn',
        summary: '每日签到领钢豆（每天一次）',
        description:
          '每日签到：每个自然日（北京时间）第一次签到获得钢豆并记入钢豆明细；当天再次签到不再获得，answer 中 alreadySigned 为 true。',
        response: { 200: Envelope(SignInResult), ...ErrorResponses },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      await limitRate(app.store, `beans:signin:${userId}`, 10, MINUTE_MS);
      return ok(await beans.signIn(userId));
    },
  );
};

export default beansModule;
