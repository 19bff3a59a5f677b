/**
 * Makes the database available as `app.db` (Drizzle) and `app.database` (engine, ping, close).
 * The database is opened by the caller (main.ts or a test) and closed with the app.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

async function dbPlugin(app: FastifyInstance, opts: { database: Database; closeWithApp: boolean }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.closeWithApp) app.addHook('onClose', () => opts.database.close());
}

export default fp(dbPlugin, { name: 'db' });
