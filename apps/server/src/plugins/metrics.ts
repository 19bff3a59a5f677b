/**
 * The app's metrics as `app.metrics` (src/metrics.ts) and the request duration histogram: each
 * answer is observed under its route pattern (`/api/web/2.0/searchCargo/page`,
 * `/api/admin/users/:id`), never the raw URL, so a crawler's made-up paths cannot add series; a
 * request no route matched is one label, `unmatched`. A hijacked answer (the inbox's event
 * stream) has no end to time and is counted by its own gauge instead.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SECOND_MS } from '../dates.ts';
import { type AppMetrics, UNMATCHED_ROUTE } from '../metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (one registry per app). */
    metrics: AppMetrics;
  }
}

async function metricsPlugin(app: FastifyInstance, opts: { metrics: AppMetrics }) {
  app.decorate('metrics', opts.metrics);
  app.addHook('onResponse', async (request, reply) => {
    opts.metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / SECOND_MS,
    );
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
