/**
 * Operations' probes beside /healthz (modules/common: the process is alive): `GET /readyz`, ready
 * to take traffic (database, shared store, migrations), and `GET /metrics`, Prometheus' text
 * format for METRICS_ALLOW addresses or the METRICS_TOKEN bearer. Neither is part of the public
 * API: hidden from the OpenAPI document like /healthz, and outside /api, so no `access`.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Code, Envelope, ErrorEnvelope } from '@steelport/contracts';
import { Type } from 'typebox';
import { ok } from '../../plugins/envelope.ts';
import { say, textIn } from '../../text.ts';
import { opsService } from './service.ts';

const CheckState = Type.Union([Type.Literal('ok'), Type.Literal('failed')]);
const Readiness = Type.Object({
  ready: Type.Boolean(),
  checks: Type.Object({ database: CheckState, store: CheckState, migrations: CheckState }),
});

const opsModule: FastifyPluginAsyncTypebox = async (app) => {
  const ops = opsService({
    db: app.db,
    database: app.database,
    store: app.store,
    metricsAllow: app.config.metricsAllow,
    metricsToken: app.config.metricsToken,
  });

  app.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: { 200: Envelope(Readiness), 503: Envelope(Readiness) },
      },
    },
    async (request, reply) => {
      const readiness = await ops.readiness();
      if (readiness.ready) return ok(readiness);
      // A probe's report, not an error: the balancer reads the 503, the operator the failed checks.
      const failed = Object.entries(readiness.checks)
        .filter(([, state]) => state === 'failed')
        .map(([name]) => name)
        .join(', ');
      return reply.status(503).send({
        code: Code.Internal,
        message: textIn(say(`服务未就绪：${failed}`, `Not ready: ${failed}`), request.lang),
        data: readiness,
      });
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        hide: true,
        response: { 200: Type.String(), 403: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      ops.assertScraper(request.ip, request.headers.authorization);
      const { contentType, body } = await app.metrics.text();
      return reply.type(contentType).send(body);
    },
  );
};

export default opsModule;
