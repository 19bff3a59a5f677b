/**
 * The baseline of bench/search.mjs and bench/quotation.mjs: for a filter, exactly the SQL the
 * portal's page request runs, and nothing else. The filter is understood by the services' own
 * `prepare`, the statements are built by the same repo functions (cargoRowsQuery, rowsInOrder,
 * quoteRowsQuery), and each runs as text and parameters on a bare pg pool (or PGlite) connection;
 * the raw rows go back through JSON.stringify. No plugins, validation, guard, count, cache,
 * presenting or envelope. The portal's page takes its count from the shared store (it is cached
 * per filter), so the baseline does not count either.
 *
 * The totals and menu routes run their uncached SQL (the repos' sumLots, facetCounts...) on every
 * call: what the portal's cache saves, not what a cached answer costs.
 *
 * `POST /explain {kind, body}` runs the portal's page (the real service) on a logging connection,
 * takes the row statements it ran, builds the baseline's for the same filter and returns both with
 * their EXPLAIN (ANALYZE, BUFFERS) and whether statements and plans are the same.
 *
 *   DATABASE_URL=postgres://... | PGLITE_DIR=<data dir>/pglite   PORT=3331 (default)
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { CargoSearch, QuotationFilter, QuotationSearch } from '@steelport/contracts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { cargoService } from '../apps/server/src/modules/cargo/service.ts';
import {
  countQuotes,
  onDays,
  previousQuoteDay,
  productAverages,
  type QuoteFacet,
  type QuoteWindow,
  quoteFacetCounts,
  quotePriceParts,
  quoteRowsQuery,
  sumQuotes,
} from '../apps/server/src/modules/quotation/repo/quotes.ts';
import { quotationService } from '../apps/server/src/modules/quotation/service.ts';
import { tradeDictionary } from '../apps/server/src/modules/search/dictionary.ts';
import type { LotFilter } from '../apps/server/src/modules/search/lots.ts';
import { staleCutoff } from '../apps/server/src/modules/search/present.ts';
import { facetCounts, productNames } from '../apps/server/src/modules/search/repo/facets.ts';
import {
  cargoRowsQuery,
  countLots,
  type Facet,
  lotTable,
  type RowWindow,
  rowsInOrder,
  sumLots,
} from '../apps/server/src/modules/search/repo/lots.ts';
import { rowsOfParts } from '../apps/server/src/modules/search/repo/order.ts';
import { memoryStore } from '../apps/server/src/store/index.ts';

interface Logged {
  sql: string;
  params: unknown[];
}
/** Statements the logging connection saw, while `logging` is on (see /explain). */
let logging: Logged[] | null = null;
const logger = {
  logQuery(sql: string, params: unknown[]) {
    logging?.push({ sql, params });
  },
};

/** The bare connection: text and parameters in, raw rows out. */
let raw: (sql: string, params: unknown[]) => Promise<unknown[]>;
let db: Db;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  // The portal's pool size (db/client.ts).
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  raw = async (sql, params) => (await pool.query(sql, params)).rows;
  db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  close = () => pool.end();
} else {
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR!, extensions: { pg_trgm } });
  raw = async (sql, params) => (await client.query(sql, params)).rows;
  db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  close = () => client.close();
}

const dictionary = tradeDictionary({ db });
// The services are used for `prepare` (the keyword understood, the conditions built: the same
// WHERE the page gets) and by /explain for the portal's page itself.
const deps = { db, store: memoryStore(), dictionary, searchesPerMinute: Number.MAX_SAFE_INTEGER };
const { lots } = cargoService(deps);
const quotes = quotationService(deps);
const cargo = lotTable('cargo');

/** A built statement run bare. */
const bare = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql, params } = query.toSQL();
  return raw(sql, params);
};

const cargoWindow = (body: CargoSearch): RowWindow => ({
  sort: body.sort ?? 'updatedAt',
  order: body.order ?? 'desc',
  limit: body.pageSize ?? 20,
  offset: ((body.page ?? 1) - 1) * (body.pageSize ?? 20),
});
const quoteWindow = (body: QuotationSearch): QuoteWindow => ({
  sort: body.sort ?? 'time',
  order: body.order ?? 'desc',
  limit: body.pageSize ?? 20,
  offset: ((body.page ?? 1) - 1) * (body.pageSize ?? 20),
});

/** The page's row statements for a cargo filter, each run by `run`. */
async function cargoRows(body: CargoSearch, run: typeof bare) {
  const search = await lots.prepare(body);
  return rowsInOrder(
    cargo,
    search.where,
    cargoWindow(body),
    (where, window) => run(cargoRowsQuery(db, where, window)),
    // Only past the first page; the portal has them cached, the baseline counts.
    (_tier, where) => countLots(db, cargo, where),
    staleCutoff(Date.now()),
  );
}

/** The page's row statements for a quotation filter (service.ts rowsOf), each run by `run`. */
async function quoteRows(body: QuotationSearch, run: typeof bare) {
  const search = await quotes.prepare(body);
  if (search.day === null) return [];
  const window = quoteWindow(body);
  if (window.sort !== 'price') return run(quoteRowsQuery(db, search.where, window));
  return rowsOfParts(
    quotePriceParts(search.where, window.order),
    window,
    (where, part) => run(quoteRowsQuery(db, where, part)),
    // Only past the first page; the portal has it cached, the baseline counts.
    (_name, where) => countQuotes(db, where),
  );
}

/** Query string values as the portal's schema coerces them (repeated keys are lists). */
function readQuery(query: Record<string, string | string[]>) {
  const list = (v: string | string[] | undefined) => (v === undefined ? undefined : [v].flat());
  const num = (v: string | string[] | undefined) => (v === undefined ? undefined : Number(v));
  return {
    ...query,
    products: list(query.products),
    materials: list(query.materials),
    origins: list(query.origins),
    cities: list(query.cities),
    warehouses: list(query.warehouses),
    thicknessMin: num(query.thicknessMin),
    thicknessMax: num(query.thicknessMax),
    widthMin: num(query.widthMin),
    widthMax: num(query.widthMax),
    priceMin: num(query.priceMin),
    priceMax: num(query.priceMax),
    traderId: num(query.traderId),
    callForPrice: query.callForPrice === undefined ? undefined : query.callForPrice === 'true',
  };
}
const activeFacets = (filter: Record<string, unknown>) =>
  new Set<Facet>(
    (['products', 'materials', 'origins', 'cities', 'warehouses'] as const).filter(
      (f) => ((filter[f] as unknown[] | undefined)?.length ?? 0) > 0,
    ),
  );

const app = Fastify();
const json = (value: unknown) => JSON.stringify(value);

app.post('/cargo/page', async (request, reply) => {
  reply.type('application/json');
  return json(await cargoRows(request.body as CargoSearch, bare));
});
app.post('/cargo/page-total', async (request, reply) => {
  const search = await lots.prepare(request.body as LotFilter);
  reply.type('application/json');
  return json(await sumLots(db, cargo, search.where));
});
app.get('/cargo/Menu', async (request, reply) => {
  const filter = readQuery(request.query as Record<string, string>) as LotFilter;
  const search = await lots.prepare(filter);
  reply.type('application/json');
  return json(await facetCounts(db, cargo, activeFacets(filter), search.without));
});

app.post('/quotation/list-index', async (request, reply) => {
  reply.type('application/json');
  return json(await quoteRows(request.body as QuotationSearch, bare));
});
app.post('/quotation/list-index-total', async (request, reply) => {
  const search = await quotes.prepare(request.body as QuotationSearch);
  reply.type('application/json');
  if (search.day === null) return json(null);
  const previous = await previousQuoteDay(db, search.day);
  const days = previous === null ? [search.day] : [search.day, previous];
  const [sums, averages] = await Promise.all([
    sumQuotes(db, search.where),
    productAverages(db, [onDays(days), ...search.base]),
  ]);
  return json({ sums, averages });
});
app.get('/quotation/getMenus', async (request, reply) => {
  const filter = readQuery(request.query as Record<string, string>) as unknown as QuotationFilter;
  const search = await quotes.prepare(filter);
  const active = activeFacets(filter) as Set<QuoteFacet>;
  reply.type('application/json');
  const [facets, names] = await Promise.all([quoteFacetCounts(db, active, search.without), productNames(db)]);
  return json({ facets, products: names.size });
});

/** A statement's plan: EXPLAIN text, with ANALYZE and BUFFERS or without (for comparing). */
async function explain(statement: Logged, analyze: boolean) {
  const rows = (await raw(
    `EXPLAIN (${analyze ? 'ANALYZE, BUFFERS, ' : ''}COSTS ${analyze ? 'true' : 'false'}) ${statement.sql}`,
    statement.params,
  )) as { 'QUERY PLAN': string }[];
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The row statements among what a page ran: the ones with a LIMIT on the searched table. */
const rowStatements = (all: Logged[], table: string) =>
  all.filter((s) => s.sql.includes(`from "${table}"`) && / limit \$\d+/.test(s.sql));

app.post('/explain', async (request) => {
  const { kind, body } = request.body as { kind: 'cargo' | 'quotation'; body: CargoSearch };
  const page = { ...body, page: body.page ?? 1, pageSize: body.pageSize ?? 20 };
  const runPortal = () =>
    kind === 'cargo'
      ? lots.page('explain', page, null)
      : quotes.page('explain', page as QuotationSearch, null);
  await runPortal(); // dictionary, day and count loaded: the next page runs what a warm one runs
  logging = [];
  await runPortal();
  const portal = rowStatements(logging, kind === 'cargo' ? 'cargo' : 'quotations');
  const baseline: Logged[] = [];
  const capture = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    baseline.push(query.toSQL());
    return bare(query);
  };
  logging = null;
  if (kind === 'cargo') await cargoRows(page, capture);
  else await quoteRows(page as QuotationSearch, capture);
  const same =
    portal.length === baseline.length &&
    portal.every((s, i) => s.sql === baseline[i]?.sql && json(s.params) === json(baseline[i]?.params));
  const samePlans =
    same &&
    (
      await Promise.all(
        portal.map(async (s, i) => (await explain(s, false)) === (await explain(baseline[i]!, false))),
      )
    ).every(Boolean);
  return {
    sameStatements: same,
    samePlans,
    portal: await Promise.all(portal.map(async (s) => ({ ...s, plan: await explain(s, true) }))),
    baseline: await Promise.all(baseline.map(async (s) => ({ ...s, plan: await explain(s, true) }))),
  };
});

await app.listen({ port: Number(process.env.PORT ?? 3331), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app.close().then(close, close);
});
