/**
 * buildApp(config, database): the whole application as a Fastify instance, without listening.
 * main.ts listens; tests call buildApp and `inject`. Plugins load in a fixed order:
 * framework plugins, then our own (db, envelope, auth), then the domain modules, then the web.
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { logMixin, serializeRequest } from './log.ts';
import { createMetrics } from './metrics.ts';
import accountModule from './modules/account/routes.ts';
import { findSessionUser } from './modules/account/sessions.ts';

import adModule from './modules/ad/routes.ts';
import { adService } from './modules/ad/service.ts';
import adminContentModule from './modules/admin-content/routes.ts';
import adminDashboardModule from './modules/admin-dashboard/routes.ts';
import adminMarketModule from './modules/admin-market/routes.ts';
import adminServicesModule from './modules/admin-services/routes.ts';
import adminUsersModule from './modules/admin-users/routes.ts';
import adminVipModule from './modules/admin-vip/routes.ts';
import adminVocabularyModule from './modules/admin-vocabulary/routes.ts';
import affairsModule from './modules/affairs/routes.ts';
import agencyModule from './modules/agency/routes.ts';
import apiKeyModule from './modules/api-key/routes.ts';
import { findApiKeyCaller } from './modules/api-key/service.ts';
import articleModule from './modules/article/routes.ts';
import auditModule from './modules/audit/routes.ts';
import beansModule from './modules/beans/routes.ts';
import cargoModule from './modules/cargo/routes.ts';
import cloudModule from './modules/cloud/routes.ts';
import commonModule from './modules/common/routes.ts';
import homeModule from './modules/home/routes.ts';
import inspectionModule from './modules/inspection/routes.ts';
import openCheckModule from './modules/open-check/routes.ts';
import { openCheckService } from './modules/open-check/service.ts';
import opsModule from './modules/ops/routes.ts';
import priceTableModule from './modules/price-table/routes.ts';
import processingModule from './modules/processing/routes.ts';
import quotationModule from './modules/quotation/routes.ts';
import { tradeDictionary } from './modules/search/dictionary.ts';
import seatsModule from './modules/seats/routes.ts';
import { seatsService } from './modules/seats/service.ts';
import siteModule from './modules/site/routes.ts';
import steelIndexModule from './modules/steel-index/routes.ts';
import { steelIndexService } from './modules/steel-index/service.ts';
import { openInboxBus } from './modules/subscription/bus.ts';
import subscriptionModule from './modules/subscription/routes.ts';
import { subscriptionService } from './modules/subscription/service.ts';
import surplusModule from './modules/surplus/routes.ts';
import testHooksModule from './modules/testhooks/routes.ts';
import tradeNamesModule from './modules/trade-names/routes.ts';
import traderModule from './modules/trader/routes.ts';
import traderImportModule from './modules/trader-import/routes.ts';
import uploadModule from './modules/upload/routes.ts';
import vipModule, { SANDBOX_NOTIFY_PATH } from './modules/vip/routes.ts';
import { paymentStates } from './modules/vip/service.ts';
import authPlugin from './plugins/auth.ts';
import { capConnectionsPerAddress, serverOptions } from './plugins/client-limits.ts';
import compressionPlugin from './plugins/compression.ts';
import corsPlugin from './plugins/cors.ts';
import dbPlugin from './plugins/db.ts';
import envelopePlugin, { answerClientError, answerError } from './plugins/envelope.ts';
import inputPlugin from './plugins/input.ts';
import langPlugin from './plugins/lang.ts';
import metricsPlugin from './plugins/metrics.ts';
import openapiPlugin from './plugins/openapi.ts';
import requestContextPlugin from './plugins/request-context.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import webPlugin from './plugins/web.ts';
import { type Payments, paymentsOf } from './providers/payment/index.ts';
import { smsProvider } from './providers/sms/index.ts';
import { type KvStore, openStore } from './store/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Shared short-lived state: Redis when configured, in-process otherwise. */
    store: KvStore;
    /** The configured payment providers (PAYMENT_PROVIDERS). */
    payments: Payments;
  }
}

export interface BuildOptions {
  /** Close the database when the app closes (main.ts: yes; tests sharing one database: no). */
  closeDatabase?: boolean;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Where the app's own logger writes (tests read it); stdout by default. */
  logStream?: { write(line: string): void };
  /** Defaults to Redis, the database or memory (store/index.ts), closed with the app. */
  store?: KvStore;
  /**
   * Schema compilers shared between apps (tests: one set per worker, so each file's app reuses
   * what earlier files compiled); Fastify's own by default.
   */
  schemaCompilers?: NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];
}

/** proxy-addr's trust function for "the nearest `hops` proxies" (Fastify's types lack the number form). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the application on an open, migrated database. */
export async function buildApp(config: Config, database: Database, opts: BuildOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      redact: [
        'req.headers["x-token"]',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
      ],
      serializers: { req: serializeRequest },
      // Lines that services write through the app's logger carry the request's reqId too.
      mixin: logMixin,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    // Deadlines for headers, the whole request and idle sockets (plugins/client-limits.ts).
    ...serverOptions(config.clientLimits),
    // The socket address unless TRUST_PROXY names the proxies (config.ts): every per-address
    // limit keys on request.ip, so a client must not be able to choose it.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Answers the framework gives before any route runs still carry the envelope.
    frameworkErrors: answerError,
    clientErrorHandler: answerClientError,
    ajv: {
      customOptions: {
        // Query strings arrive as text; coerce them to the schema's numbers and booleans.
        coerceTypes: 'array',
        useDefaults: true,
        removeAdditional: true,
        allErrors: false,
        // Keeps each failing schema on the error so messages can quote its description.
        verbose: true,
      },
    },
    ...(opts.schemaCompilers ? { schemaController: { compilersFactory: opts.schemaCompilers } } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (config.trustProxy === false)
    capConnectionsPerAddress(app.server, config.clientLimits.connectionsPerAddress);
  app.decorate('config', config);
  // A store the caller passes in is the caller's to close (main.ts closes it after the app).
  const store = opts.store ?? openStore({ redisUrl: config.redisUrl, database });
  app.decorate('store', store);
  if (!opts.store) app.addHook('onClose', () => store.close());
  // The request's id on its log lines and its answer; answers end their connection once closing.
  await app.register(requestContextPlugin);
  // One registry per app (src/metrics.ts): the request histogram, logins, jobs, store errors, and
  // the gauges read at scrape time (pool, streams, payments) that their owners register.
  const metrics = createMetrics();
  await app.register(metricsPlugin, { metrics });
  const unwatchStore = store.onError?.((kind) => metrics.storeError(kind));
  if (unwatchStore) app.addHook('onClose', async () => unwatchStore());
  metrics.watch('pool', () => database.poolStats?.());

  // Third-party plugins, each configured in its own file under plugins/.
  await app.register(securityHeadersPlugin, { allowedEmbedOrigins: config.allowedEmbedOrigins });
  await app.register(corsPlugin, { allowedEmbedOrigins: config.allowedEmbedOrigins });
  await app.register(compressionPlugin);
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });

  await app.register(dbPlugin, { database, closeWithApp: opts.closeDatabase ?? false });
  // The request's language (X-Lang, Accept-Language): error messages answer in it.
  await app.register(langPlugin);
  await app.register(envelopePlugin);
  await app.register(authPlugin, {
    findSession: (token) => findSessionUser(app.db, token),
    findApiKey: (key) => findApiKeyCaller(app.db, key),
  });
  await app.register(inputPlugin);

  await app.register(commonModule);
  // /readyz and /metrics, hidden from the API document like /healthz.
  await app.register(opsModule);
  // One SMS provider (SMS_PROVIDER) for the codes and the digests.
  const sms = smsProvider(config, app.log, store);
  await app.register(accountModule, { sms });
  // One trade dictionary for every search, so they share one copy and one `forget`.
  const dictionary = tradeDictionary({ db: database.db });
  await app.register(cargoModule, { dictionary });
  await app.register(surplusModule, { dictionary });
  await app.register(quotationModule, { dictionary });
  // The vocabulary's English names come with the dictionary, its cache and its `forget`.
  await app.register(tradeNamesModule, { dictionary });
  // One index service: a console correction forgets its cached chart series at once.
  const index = steelIndexService({ db: database.db, engine: database.engine });
  await app.register(steelIndexModule, { index });
  await app.register(priceTableModule);
  await app.register(articleModule);
  await app.register(siteModule);
  app.decorate(
    'payments',
    // The sandbox's notification takes the same road in as a provider's: the route, its schema
    // and its verification, just without a socket.
    paymentsOf(config, async (payload) => {
      const res = await app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload });
      const body = res.json() as { code: number; message: string };
      return { ok: res.statusCode === 200 && body.code === 0, message: body.message };
    }),
  );
  // One openCheck answer per process, shared by the services it switches: the console forgets it
  // when an operator flips a switch.
  const openCheck = openCheckService({ db: database.db });
  await app.register(vipModule, { services: openCheck });
  // Payments by state, counted in the table at scrape time (vip/settlement.ts#paymentStates says why).
  metrics.watch('payments', () => paymentStates(database.db));
  await app.register(beansModule);
  await app.register(openCheckModule, { services: openCheck });
  await app.register(uploadModule);
  await app.register(inspectionModule, { services: openCheck });
  await app.register(cloudModule, { services: openCheck });
  await app.register(processingModule, { services: openCheck });
  await app.register(affairsModule);
  await app.register(agencyModule);
  // One ad service: the console forgets its cached answers when an operator edits an ad.
  const ads = adService({ db: database.db });
  await app.register(adModule, { ads });
  await app.register(homeModule);
  await app.register(adminContentModule, { onAdsChanged: () => ads.forget() });
  // Saved searches and the inbox: every writer of lots and quotes calls its hook after commit.
  const subscriptions = subscriptionService({
    db: database.db,
    dictionary,
    bus: openInboxBus({ redisUrl: config.redisUrl }),
    log: app.log,
    sms,
    publicUrl: config.publicUrl,
  });
  app.decorate('subscriptions', subscriptions);
  app.addHook('onClose', () => subscriptions.close());
  await app.register(subscriptionModule, { subscriptions });
  // 企业会员 seats: invitations go out through the site's SMS provider.
  const seats = seatsService({ db: database.db, store, sms, publicUrl: config.publicUrl, log: app.log });
  app.decorate('seats', seats);
  await app.register(seatsModule, { seats });
  const onRowsWritten = subscriptions.rowsWritten;
  await app.register(traderModule, { dictionary, onRowsWritten });
  await app.register(apiKeyModule, { dictionary, onRowsWritten });
  await app.register(traderImportModule, { dictionary, onRowsWritten });
  await app.register(auditModule);
  await app.register(adminUsersModule);
  await app.register(adminDashboardModule);
  // An operator's correction or daily figures recompute index days: the cached series go, and
  // the index alerts look at the new figures as they do after the daily job.
  await app.register(adminMarketModule, {
    onIndexChanged: () => {
      index.forget();
      subscriptions.afterIndexJob().catch((err) => app.log.error({ err }, '指数更正后的指数提醒检查失败'));
    },
  });
  await app.register(adminServicesModule, { onSwitchesChanged: () => openCheck.forget() });
  await app.register(adminVipModule);
  // The console's vocabulary forgets the searches' dictionary after each word it writes.
  await app.register(adminVocabularyModule, { dictionary });
  if (config.testHooks) await app.register(testHooksModule);

  await app.register(webPlugin, { distDir: config.webDistDir, publicUrl: config.publicUrl });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type { FastifyInstance };
