/**
 * Settlement under the probe's concurrent mix (issue 28, row 6), sent as the provider sends it:
 * real concurrent HTTP requests to a listening server, so on PostgreSQL the settlements run at
 * once on the pool's connections. The mix is what meets the race: several members, each with
 * several pending payments of two commodities (two membership periods each) and a purchase
 * reward, every payment notified twice at once (the very same notification and the provider's
 * retry with a new nonce), all shuffled and sent together.
 *
 * Before the fix two settlements of one member each held the key-share lock their membership
 * insert takes on the user row and both waited for the row's update lock: "deadlock detected",
 * 500 (six runs on PostgreSQL: 1, 9, 6, 0, 6 and 3 of 30 notifications; with the retry alone and
 * no user lock first, the answers were mostly paid but a member lost 30 days of membership).
 * Now every answer is paid, each payment credits exactly once (one reward line per order, the
 * balance equals the ledger) and each member's periods chain without overlap (no day lost to two
 * settlements reading the same latest expiry).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { PayNotifyBody } from '@steelport/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../dates.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { beanLedger, userMemberships, users } from '../../db/schema/index.ts';
import { sandboxKey, signNotification } from '../../providers/payment/sandbox.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { vipCatalog } from '../../test/vip.ts';
import { purchaseReward } from './pricing.ts';

const t = useTestApp();
const vipCatalogue = vipCatalog();
const { VIP, DATA } = vipCatalogue;
let base = '';

beforeAll(async () => {
  await vipCatalogue.seed(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

interface Saved {
  paymentId: number;
  orderId: number;
  amountFen: number;
  beansUsed: number;
  days: number;
}

async function savePayment(user: MadeUser, day: number, useBeans: boolean): Promise<Saved> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/web/order/savePayment',
    headers: { 'x-token': user.token },
    payload: { commodityIds: [VIP(), DATA()], day, useBeans },
  });
  expect(res.json().code, res.body).toBe(0);
  return { ...(res.json().data as Omit<Saved, 'days'>), days: day };
}

const notification = (paymentId: number, amountFen: number): PayNotifyBody =>
  signNotification(sandboxKey(t.config.appSecret), {
    paymentId,
    amountFen,
    providerRef: `SBXTEST${randomBytes(6).toString('hex')}`,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(9).toString('base64url'),
  });

/** One real HTTP request on its own connection of the listening server. */
async function send(
  body: PayNotifyBody,
): Promise<{ status: number; code: number; state?: string; message: string }> {
  const res = await fetch(`${base}/api/pay/notify/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: { state: string } | null };
  return { status: res.status, code: json.code, message: json.message, state: json.data?.state };
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('concurrent settlement', () => {
  it('settles many members’ payments sent at once: no error, each credits exactly once', async () => {
    const MEMBERS = 3;
    const PAYMENTS_EACH = 5;
    const members: { user: MadeUser; beans: number; saved: Saved[] }[] = [];
    for (let m = 0; m < MEMBERS; m++) {
      const beans = 2000;
      const user = await makeUser(t.db, { beans });
      const saved: Saved[] = [];
      // Durations vary so that a lost or doubled period shows in the total.
      for (let p = 0; p < PAYMENTS_EACH; p++) saved.push(await savePayment(user, p % 2 ? 90 : 30, p === 0));
      members.push({ user, beans, saved });
    }

    // Every payment twice: the same notification repeated, and the provider's retry.
    const bodies = members.flatMap(({ saved }) =>
      saved.flatMap((s) => {
        const first = notification(s.paymentId, s.amountFen);
        return [first, Math.random() < 0.5 ? first : notification(s.paymentId, s.amountFen)];
      }),
    );
    const answers = await Promise.all(shuffle(bodies).map(send));
    const failed = answers.filter((a) => a.status !== 200 || a.code !== 0 || a.state !== 'paid');
    expect(failed, `${failed.length} of ${answers.length}: ${JSON.stringify(failed[0])}`).toEqual([]);

    for (const { user, beans, saved } of members) {
      // Beans: one reward line per order, the balance is the ledger's sum and what was expected.
      const lines = await t.db.select().from(beanLedger).where(eq(beanLedger.userId, user.id));
      for (const s of saved) {
        const rewards = lines.filter((l) => l.refId === s.orderId && l.reason === 'earned');
        expect(rewards.map((l) => l.delta)).toEqual([purchaseReward(s.amountFen)]);
      }
      const expected = beans + saved.reduce((sum, s) => sum + purchaseReward(s.amountFen) - s.beansUsed, 0);
      const [row] = await t.db.select({ beans: users.beans }).from(users).where(eq(users.id, user.id));
      expect(row!.beans).toBe(expected);
      expect(beans + lines.reduce((sum, l) => sum + l.delta, 0)).toBe(expected);

      // Memberships: one period per order and commodity, chained without overlap or gap.
      const totalDays = saved.reduce((sum, s) => sum + s.days, 0);
      for (const commodityId of [VIP(), DATA()]) {
        const periods = await t.db
          .select()
          .from(userMemberships)
          .where(and(eq(userMemberships.userId, user.id), eq(userMemberships.commodityId, commodityId)))
          .orderBy(userMemberships.startsAt);
        expect(periods).toHaveLength(PAYMENTS_EACH);
        for (let i = 1; i < periods.length; i++)
          expect(periods[i]!.startsAt.getTime()).toBe(periods[i - 1]!.expiresAt.getTime());
        expect(periods.at(-1)!.expiresAt.getTime() - periods[0]!.startsAt.getTime()).toBe(totalDays * DAY_MS);
      }
    }
  });

  it('retries the victim of a real deadlock on PostgreSQL until both transactions commit', async (ctx) => {
    // PGlite has one connection: two transactions cannot hold locks at the same time there.
    if (t.database.engine !== 'postgres') ctx.skip();
    const [a, b] = [await makeUser(t.db), await makeUser(t.db)];
    const lock = (tx: Parameters<Parameters<typeof transactionWithRetry>[1]>[0], id: number) =>
      tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    // Each first takes its own row, waits until the other has its own, then wants the other's.
    let release!: () => void;
    const bothHold = new Promise<void>((resolve) => {
      let held = 0;
      release = () => {
        held += 1;
        if (held === 2) resolve();
      };
    });
    const runs = { ab: 0, ba: 0 };
    const cross = (first: number, second: number, key: keyof typeof runs) =>
      transactionWithRetry(t.db, async (tx) => {
        runs[key] += 1;
        await lock(tx, first);
        if (runs[key] === 1) {
          release();
          await bothHold;
        }
        await lock(tx, second);
        return key;
      });
    expect(await Promise.all([cross(a.id, b.id, 'ab'), cross(b.id, a.id, 'ba')])).toEqual(['ab', 'ba']);
    // PostgreSQL chose one victim; it ran again and committed.
    expect(runs.ab + runs.ba).toBe(3);
  });
});
