/**
 * The baseline for bench/quotation.mjs: the quotation module's own query builders behind bare
 * Fastify routes with no plugins, no validation, no envelope, no guard and no cache (every call
 * counts, sums and groups again). The gap between these and the real endpoints is what our
 * stack costs and what the shared-store cache saves.
 */
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { presentMenu } from '../apps/server/src/modules/cargo/present.ts';
import { productNames } from '../apps/server/src/modules/cargo/repo/facets.ts';
import { supplierCards } from '../apps/server/src/modules/cargo/supplier-cards.ts';
import { presentQuote, presentTotals } from '../apps/server/src/modules/quotation/present.ts';
import {
  countQuotes,
  findQuoteRows,
  onDays,
  previousQuoteDay,
  productAverages,
  type QuoteFacet,
  quoteFacetCounts,
  sumQuotes,
} from '../apps/server/src/modules/quotation/repo/quotes.ts';
import { quotationService } from '../apps/server/src/modules/quotation/service.ts';
import { tradeDictionary } from '../apps/server/src/search/dictionary.ts';
import { memoryStore } from '../apps/server/src/store/index.ts';

const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.PGLITE_DIR! },
);
const db = database.db;
const dictionary = tradeDictionary({ db });
// Only its `prepare` is used: the keyword understood, the day found and the conditions built.
const quotes = quotationService({
  db,
  store: memoryStore(),
  dictionary,
  searchesPerMinute: Number.MAX_SAFE_INTEGER,
});
const cards = supplierCards({ db });
const app = Fastify();

app.post('/list-index', async (request) => {
  const body = request.body as Record<string, never>;
  const search = await quotes.prepare(body);
  const [total, rows] = await Promise.all([
    countQuotes(db, search.where),
    findQuoteRows(db, search.where, {
      sort: body.sort ?? 'time',
      order: body.order ?? 'desc',
      limit: 20,
      offset: ((body.page ?? 1) - 1) * 20,
    }),
  ]);
  const [traders, dict] = await Promise.all([cards.of(rows.map((r) => r.companyId)), dictionary.get()]);
  const context = { productNames: dict.productNames, traders, unlocked: new Set<number>(), viewerId: null };
  return { total, list: rows.map((r) => presentQuote(r, context)) };
});

app.post('/list-index-total', async (request) => {
  const search = await quotes.prepare(request.body as Record<string, never>);
  const day = search.day!;
  const previousDate = await previousQuoteDay(db, day);
  const days = previousDate === null ? [day] : [day, previousDate];
  const [sums, averages, dict] = await Promise.all([
    sumQuotes(db, search.where),
    productAverages(db, [onDays(days), ...search.base]),
    dictionary.get(),
  ]);
  return presentTotals(sums, averages, { date: day, previousDate }, dict.productNames);
});

app.get('/getMenus', async (request) => {
  const filter = request.query as Record<string, string | string[]>;
  const list = (v: string | string[] | undefined) => (v === undefined ? undefined : [v].flat());
  const parsed = {
    ...filter,
    products: list(filter.products),
    materials: list(filter.materials),
    origins: list(filter.origins),
    cities: list(filter.cities),
    warehouses: list(filter.warehouses),
    ...(filter.thicknessMin ? { thicknessMin: Number(filter.thicknessMin) } : {}),
    ...(filter.thicknessMax ? { thicknessMax: Number(filter.thicknessMax) } : {}),
    ...(filter.widthMin ? { widthMin: Number(filter.widthMin) } : {}),
    ...(filter.traderId ? { traderId: Number(filter.traderId) } : {}),
  } as never;
  const search = await quotes.prepare(parsed);
  const facets: QuoteFacet[] = ['products', 'materials', 'origins', 'cities', 'warehouses'];
  const active = new Set(facets.filter((f) => (list(filter[f])?.length ?? 0) > 0));
  return presentMenu(await quoteFacetCounts(db, active, search.without), await productNames(db));
});

await app.listen({ port: Number(process.env.PORT ?? 3305), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => database.close()));
