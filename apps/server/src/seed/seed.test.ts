/** The demo seed against a real (PGlite or PostgreSQL) database, as the server runs it on first start. */
import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { parseSpec } from '@steelport/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import {
  beanLedger,
  cargo,
  companies,
  quotations,
  userMemberships,
  users,
  vipCommodities,
  vipPrices,
} from '../db/schema/index.ts';
import { openTestDatabase } from '../test/db.ts';
import { resetDemo, seedDemo, seedIsNeeded } from './index.ts';
import { DEMO_ACCOUNTS } from './users.ts';

const NOW = new Date('2026-03-02T00:00:00+08:00');
// A short index history keeps the three seeds of the determinism test fast (two years is the default).
const SMALL = { cargo: 500, quotationDays: 3, indexDays: 14, now: NOW };

async function cargoFingerprint(db: Db): Promise<string> {
  const rows = await db.select().from(cargo).orderBy(asc(cargo.id));
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

describe('seedDemo', () => {
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('seeds an empty database once and reports what it wrote', async () => {
    expect(await seedIsNeeded(a.db)).toBe(true);
    const summary = await seedDemo(a.db, SMALL);
    expect(await seedIsNeeded(a.db)).toBe(false);

    expect(summary).toMatchObject({
      cargo: 500,
      companies: 162,
      users: 165,
      warehouses: 32,
      today: '2026-03-02',
    });
    expect(await a.db.$count(cargo)).toBe(500);
    expect(await a.db.$count(companies)).toBe(162);
    expect(await a.db.$count(quotations)).toBe(summary.quotations);
    const days = await a.db
      .selectDistinct({ day: quotations.quoteDate })
      .from(quotations)
      .orderBy(quotations.quoteDate);
    expect(days.map((d) => d.day)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('leaves the loaded tables with the indexes and keys the migrations made', async () => {
    // seed/indexes.ts drops them for the load and makes them again from their definitions.
    const shape = async (db: Db) => {
      const result = await db.execute(sql`
        select 'index ' || indexname || ': ' || indexdef as line from pg_indexes
        where schemaname = current_schema()
          and tablename in ('cargo', 'surplus', 'quotations', 'warehouse_daily')
        union all
        select 'constraint ' || conname || ': ' || pg_get_constraintdef(c.oid)
        from pg_constraint c join pg_class t on t.oid = c.conrelid
        where t.relname in ('cargo', 'surplus', 'quotations', 'warehouse_daily')
        order by 1`);
      return (result as unknown as { rows: { line: string }[] }).rows.map((r) => r.line);
    };
    const fresh = await openTestDatabase();
    try {
      const migrated = await shape(fresh.db);
      expect(migrated.some((line) => line.includes('gin_trgm_ops'))).toBe(true);
      expect(migrated.some((line) => line.includes('FOREIGN KEY'))).toBe(true);
      expect(await shape(a.db)).toEqual(migrated);
    } finally {
      await fresh.close();
    }
  });

  it('creates the four demo accounts with argon2id hashes, never the plain password', async () => {
    for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
      const [user] = await a.db.select().from(users).where(eq(users.phone, account.phone));
      expect(user, role).toBeDefined();
      expect(user?.linkMan).toBe(account.linkMan);
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user?.passwordHash).not.toContain(account.password);
      expect(await verify(user!.passwordHash!, account.password)).toBe(true);
      expect(user?.beans).toBe(account.beans);
    }
    const [admin] = await a.db.select().from(users).where(eq(users.phone, DEMO_ACCOUNTS.admin.phone));
    expect(admin?.role).toBe('admin');
    const [trader] = await a.db.select().from(users).where(eq(users.phone, DEMO_ACCOUNTS.trader.phone));
    expect(trader?.role).toBe('trader');
    expect(await a.db.$count(cargo, eq(cargo.companyId, trader!.companyId!))).toBeGreaterThan(0);
    expect(await a.db.$count(quotations, eq(quotations.companyId, trader!.companyId!))).toBeGreaterThan(0);
  });

  it('gives the VIP demo user an active 免豆会员 membership for a year', async () => {
    const [vip] = await a.db.select().from(users).where(eq(users.phone, DEMO_ACCOUNTS.vip.phone));
    const rows = await a.db
      .select({ m: userMemberships, c: vipCommodities })
      .from(userMemberships)
      .innerJoin(vipCommodities, eq(vipCommodities.id, userMemberships.commodityId))
      .where(eq(userMemberships.userId, vip!.id));
    expect(rows).toHaveLength(1);
    const { m, c } = rows[0]!;
    expect(c).toMatchObject({ name: '免豆会员', isVip: 1 });
    expect(m.startsAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(m.expiresAt.getTime()).toBe(NOW.getTime() + 365 * 86_400_000);
    const prices = await a.db.select().from(vipPrices).where(eq(vipPrices.commodityId, c.id));
    expect(prices.map((p) => p.days).sort((x, y) => x - y)).toEqual([30, 90, 180, 365]);
  });

  it('backs every bean balance with a ledger row ending at that balance', async () => {
    const holders = await a.db.select().from(users).where(eq(users.role, 'trader'));
    const withBeans = [
      ...holders,
      ...(await a.db.select().from(users).where(eq(users.role, 'member'))),
    ].filter((u) => u.beans > 0);
    expect(withBeans.length).toBeGreaterThan(2);
    for (const u of withBeans) {
      const ledger = await a.db.select().from(beanLedger).where(eq(beanLedger.userId, u.id));
      expect(ledger.at(-1)?.balanceAfter).toBe(u.beans);
      expect(ledger.reduce((s, r) => s + r.delta, 0)).toBe(u.beans);
    }
  });

  it('stores thickness and width exactly as each spec text says', async () => {
    const rows = await a.db.select().from(cargo);
    for (const row of rows) {
      const parsed = parseSpec(row.spec);
      expect(parsed, row.spec).not.toBeNull();
      expect(row.thickness).toBe(parsed?.thickness);
      expect(row.width).toBe(parsed?.width);
      expect(row.length).toBe(parsed?.length);
      expect(row.form).toBe(parsed?.form);
    }
  });

  it('writes identical cargo for the same seed, also after a reset, and other cargo for another seed', async () => {
    await seedDemo(b.db, SMALL);
    const first = await cargoFingerprint(a.db);
    expect(await cargoFingerprint(b.db)).toBe(first);

    await resetDemo(b.db);
    expect(await seedIsNeeded(b.db)).toBe(true);
    await seedDemo(b.db, { ...SMALL, seed: 7 });
    expect(await cargoFingerprint(b.db)).not.toBe(first);

    await resetDemo(b.db);
    await seedDemo(b.db, SMALL);
    expect(await cargoFingerprint(b.db)).toBe(first);
  }, 60_000);
});
