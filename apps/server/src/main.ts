/**
 * Process entry: read config, open and migrate the database, seed demo data on an empty
 * database, build the app, listen, and close gracefully on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, startupStacks } from './config.ts';
import { SECOND_MS } from './dates.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/lock.ts';
import { startIndexScheduler } from './jobs/scheduler.ts';
import { seedDemo, seedIsNeeded } from './seed/index.ts';
import { onShutdownSignals } from './shutdown.ts';
import { appMayStart } from './startup-gate.ts';
import { openStore } from './store/index.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl }
      : { dataDir: path.join(config.dataDir, 'pglite'), thread: true },
  ).catch((err: unknown) => {
    if (err instanceof DataDirInUseError) throw new ConfigError(err.message);
    throw new ConfigError(`cannot open the database: ${(err as Error).message}`);
  });
  await database.migrate().catch((err: unknown) => {
    throw new ConfigError(`cannot migrate the database: ${(err as Error).message}`);
  });
  if (config.seedDemo && (await seedIsNeeded(database.db))) {
    const started = Date.now();
    process.stdout.write('首次启动：正在生成演示数据...\n');
    await seedDemo(database.db, { cargo: config.seedCargo });
    process.stdout.write(`演示数据已生成（${((Date.now() - started) / SECOND_MS).toFixed(1)} s）\n`);
  }

  await appMayStart();
  const store = openStore({ redisUrl: config.redisUrl, database });
  const app = await buildApp(config, database, { store });
  let scheduler: ReturnType<typeof startIndexScheduler> | undefined;
  const shutdown = onShutdownSignals({
    log: { info: (msg) => app.log.info(msg), error: (obj, msg) => app.log.error(obj, msg) },
    close: async () => {
      scheduler?.stop();
      // app.close() returns once in-flight requests have been answered; only then may the
      // store and the database go (an onClose hook would run before the HTTP server is done).
      await app.close();
      await store.close();
      await database.close();
    },
  });
  process.on('uncaughtException', (err) => {
    app.log.error({ err }, 'uncaught exception: stopping');
    shutdown('uncaughtException').catch(() => process.exit(1));
  });
  await app.listen({ port: config.port, host: config.host });
  scheduler = startIndexScheduler(database, config.indexJobTime, app.log, {
    payments: app.payments,
    afterIndexJob: () => app.subscriptions.afterIndexJob(),
    afterReports: () => app.subscriptions.afterReports(),
    // A report becomes public at its time of day (17:30), after the job wrote it: looked for hourly.
    hourly: async () => ({
      reports: await app.subscriptions.afterReports(),
      digests: await app.subscriptions.sendDigests(),
    }),
    onRun: (job, failed) => app.metrics.jobRun(job, failed),
  });
  app.log.info(`SteelPort 钢市通 ready on ${config.publicUrl} (${database.engine})`);
}

main().catch((err: unknown) => {
  // Configuration and start-up problems are the operator's to fix: one line, no stack trace.
  const error = err instanceof Error ? err : new Error(String(err));
  process.stderr.write(`SteelPort 无法启动: ${error.message}\n`);
  if (!(error instanceof ConfigError) && startupStacks()) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
