/**
 * End-to-end test hooks, registered only when TEST_HOOKS is on (refused in production by the
 * config). A browser test needs real sessions, including already expired ones, which no public
 * endpoint can give it.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope, MyInfo } from '@steelport/contracts';
import { Type } from 'typebox';
import { NotFound } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { findUserIdByPhone, loadMyInfo } from '../account/repo.ts';
import { createSession } from '../account/sessions.ts';

const testHooksModule: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/test/session',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: Type.Object({
          phone: Type.String({ pattern: '^1\\d{10}$' }),
          ttlSeconds: Type.Optional(Type.Integer({ minimum: -86400, maximum: 604800 })),
        }),
        response: { 200: Envelope(Type.Object({ token: Type.String(), user: MyInfo })), 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const userId = await findUserIdByPhone(app.db, request.body.phone);
      if (userId === null) throw new NotFound('用户不存在');
      const ttl = request.body.ttlSeconds;
      const token = await createSession(app.db, {
        userId,
        ...(ttl !== undefined ? { ttlMs: ttl * 1000 } : {}),
      });
      const user = await loadMyInfo(app.db, userId);
      return ok({ token, user: user! });
    },
  );
};

export default testHooksModule;
