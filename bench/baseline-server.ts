/**
 * The baseline for bench/search.mjs: the same search SQL (the module's own query builders)
 * behind a bare Fastify route with no plugins, no validation, no envelope and no guard. The gap
 * between it and the real endpoint is what our stack costs.
 */
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { countLots, findLots } from '../apps/server/src/modules/cargo/lots.ts';
import { prepareSearch } from '../apps/server/src/modules/cargo/service.ts';

const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.PGLITE_DIR! },
);
const app = Fastify();
app.post('/page', async (request) => {
  const body = request.body as Record<string, never>;
  const search = await prepareSearch(database.db, 'cargo', body);
  const [total, list] = await Promise.all([
    countLots(database.db, 'cargo', search.where),
    findLots(database.db, 'cargo', search.where, {
      sort: body.sort ?? 'updatedAt',
      order: body.order ?? 'desc',
      limit: 20,
      offset: 0,
      viewer: { userId: null },
    }),
  ]);
  return { total, list };
});
await app.listen({ port: Number(process.env.PORT ?? 3302), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => database.close()));
