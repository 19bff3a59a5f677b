/**
 * Operations' probes (issue 32): who may read `/metrics` (METRICS_ALLOW addresses, or the
 * METRICS_TOKEN bearer), and readiness for `/readyz`: the database answers `select 1`, the shared
 * store answers a read, and the migrations are done. /healthz stays "the process is alive".
 *
 * Migrations: main.ts builds the app only after `migrate()`, but a second instance can start on a
 * database an older binary migrated, and a test builds apps on templates; so readiness does not
 * trust a flag, it compares the newest migration the database recorded
 * (`drizzle.__drizzle_migrations`) with the newest of this build's journal
 * (`db/migrations/meta/_journal.json`). Once they agree it stays done for the process (a database
 * never un-migrates), and later probes only ping.
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { SECOND_MS } from '../../dates.ts';
import { type Database, type DbOrTx, migrationJournal } from '../../db/client.ts';
import { Forbidden } from '../../errors.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import { newestAppliedMigration } from './repo.ts';

/** How long one readiness check may take before it counts as failed (a probe must answer). */
export const READY_CHECK_TIMEOUT_MS = 2 * SECOND_MS;

/** One check's result. */
export type CheckState = 'ok' | 'failed';

/** What `/readyz` reports. */
export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; store: CheckState; migrations: CheckState };
}

/** Settles with `run`, or rejects after READY_CHECK_TIMEOUT_MS. */
async function within<T>(run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** An address as the allow list knows it: an IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as IPv4. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** The probes over the database, the shared store and the metrics' access settings. */
export function opsService(deps: {
  db: DbOrTx;
  database: Pick<Database, 'ping'>;
  store: Pick<KvStore, 'get'>;
  /** METRICS_ALLOW: addresses and CIDRs that may scrape without a token */
  metricsAllow: string[];
  /** METRICS_TOKEN: a bearer token that may scrape from anywhere */
  metricsToken: string | undefined;
}) {
  const allowed = new BlockList();
  for (const item of deps.metricsAllow) {
    const [address = '', prefix] = item.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(prefix), type);
  }
  // Compared as hashes: equal lengths for timingSafeEqual, and nothing about the token's length leaks.
  const tokenHash = deps.metricsToken ? sha256(deps.metricsToken) : null;
  let migrated = false;
  /** the `when` of this build's newest migration */
  let newest: number | undefined;

  return {
    /**
     * Refuses (403, code 5) a scrape from outside METRICS_ALLOW without the METRICS_TOKEN bearer.
     * `ip` is request.ip: the socket unless TRUST_PROXY names the proxies.
     */
    assertScraper(ip: string, authorization: string | undefined): void {
      const address = plainAddress(ip);
      const family = isIP(address);
      if (family !== 0 && allowed.check(address, family === 6 ? 'ipv6' : 'ipv4')) return;
      const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
      if (tokenHash && bearer && timingSafeEqual(sha256(bearer), tokenHash)) return;
      throw new Forbidden(say('无权读取监控指标', 'You are not allowed to read the metrics'));
    },

    /** Runs the three checks (each within READY_CHECK_TIMEOUT_MS); never throws. */
    async readiness(): Promise<Readiness> {
      const check = async (run: () => Promise<unknown>): Promise<CheckState> => {
        try {
          await within(run);
          return 'ok';
        } catch {
          return 'failed';
        }
      };
      const database = await check(() => deps.database.ping());
      const store = await check(() => deps.store.get('readyz'));
      // Without a database the migrations cannot be read: failed too, unless seen done before.
      let migrations: CheckState = migrated ? 'ok' : 'failed';
      if (!migrated && database === 'ok') {
        migrations = await check(async () => {
          const applied = await newestAppliedMigration(deps.db);
          newest ??= Math.max(...migrationJournal().map((entry) => entry.when));
          if (applied === null || applied < newest) throw new Error('not migrated');
          migrated = true;
        });
      }
      return {
        ready: database === 'ok' && store === 'ok' && migrations === 'ok',
        checks: { database, store, migrations },
      };
    },
  };
}

/** What `opsService` gives. */
export type OpsService = ReturnType<typeof opsService>;
