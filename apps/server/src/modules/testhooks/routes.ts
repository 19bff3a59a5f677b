/**
 * End-to-end test hooks, registered only when TEST_HOOKS is on (refused in production by the
 * config). A browser test needs real sessions, including already expired ones, which no public
 * endpoint can give it, and SMS codes without the minute's wait between two of them.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope, MyInfo } from '@steelport/contracts';
import { Type } from 'typebox';
import { SECOND_MS } from '../../dates.ts';
import { NotFound } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { sessionForPhone } from '../account/service.ts';
import { clearSendWait } from '../account/sms.ts';
import { expirePaymentNow } from '../vip/service.ts';

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
      const ttl = request.body.ttlSeconds;
      const login = await sessionForPhone(
        app.db,
        request.body.phone,
        ttl === undefined ? {} : { ttlMs: ttl * SECOND_MS },
      );
      if (!login) throw new NotFound('用户不存在');
      return ok(login);
    },
  );

  // The browser suite sends every SMS code from one address: the next code need not wait 60 s.
  app.post(
    '/api/test/sms/clear-wait',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: Type.Object({ phone: Type.String({ pattern: '^1\\d{10}$' }) }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await clearSendWait(app.store, request.body.phone, request.ip);
      return ok(null);
    },
  );

  // A VIP payment timed out now (closed, held beans returned): the /vipopen closed view.
  app.post(
    '/api/test/vip/expire-payment',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: Type.Object({ paymentId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: Envelope(Type.Object({ closed: Type.Boolean() })) },
      },
    },
    async (request) => ok({ closed: await expirePaymentNow(app.db, request.body.paymentId) }),
  );

  // A request that takes a while: the shutdown test stops the server while it is in flight.
  app.post(
    '/api/test/slow',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: Type.Object({ ms: Type.Integer({ minimum: 0, maximum: 10_000 }) }),
        response: { 200: Envelope(Type.Object({ waitedMs: Type.Integer() })) },
      },
    },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.body.ms));
      return ok({ waitedMs: request.body.ms });
    },
  );
};

export default testHooksModule;
