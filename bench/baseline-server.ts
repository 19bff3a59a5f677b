/**
 * The baseline for bench/search.mjs: the same search SQL (the module's own query builders)
 * behind a bare Fastify route with no plugins, no validation, no envelope and no guard. The gap
 * between it and the real endpoint is what our stack costs.
 */
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { presentLot } from '../apps/server/src/modules/cargo/present.ts';
import { countLots, findCargoRows, lotTable } from '../apps/server/src/modules/cargo/repo/lots.ts';
import { cargoService } from '../apps/server/src/modules/cargo/service.ts';
import { supplierCards } from '../apps/server/src/modules/cargo/supplier-cards.ts';
import { tradeDictionary } from '../apps/server/src/search/dictionary.ts';
import { memoryStore } from '../apps/server/src/store/index.ts';

const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.PGLITE_DIR! },
);
const db = database.db;
const dictionary = tradeDictionary({ db });
// Only its `prepare` is used: the keyword understood and the conditions built, no guard, no cache.
const { lots } = cargoService({
  db,
  store: memoryStore(),
  dictionary,
  searchesPerMinute: Number.MAX_SAFE_INTEGER,
});
const cards = supplierCards({ db });
const app = Fastify();
app.post('/page', async (request) => {
  const body = request.body as Record<string, never>;
  const search = await lots.prepare(body);
  const [total, rows] = await Promise.all([
    countLots(db, lotTable('cargo'), search.where),
    findCargoRows(db, search.where, {
      sort: body.sort ?? 'updatedAt',
      order: body.order ?? 'desc',
      limit: 20,
      offset: 0,
    }),
  ]);
  const [suppliers, dict] = await Promise.all([cards.of(rows.map((r) => r.companyId)), dictionary.get()]);
  const context = { productNames: dict.productNames, suppliers, unlocked: new Set<number>(), viewerId: null };
  return { total, list: rows.map((r) => presentLot(r, context)) };
});
await app.listen({ port: Number(process.env.PORT ?? 3302), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => database.close()));
