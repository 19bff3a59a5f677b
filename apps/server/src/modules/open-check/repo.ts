/** SQL of the service switches (openCheck). */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { serviceSwitches } from '../../db/schema/index.ts';

export type ServiceSwitchRow = typeof serviceSwitches.$inferSelect;

/** Every switch in menu order. */
export function allSwitches(db: DbOrTx): Promise<ServiceSwitchRow[]> {
  return db.select().from(serviceSwitches).orderBy(asc(serviceSwitches.sort), asc(serviceSwitches.key));
}

/** Whether one service is open; a key without a row is closed. */
export async function isOpen(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db
    .select({ open: serviceSwitches.open })
    .from(serviceSwitches)
    .where(eq(serviceSwitches.key, key));
  return row?.open ?? false;
}

/** One switch, locked for the write (an operator's flip), or null. */
export async function lockSwitch(db: DbOrTx, key: string): Promise<ServiceSwitchRow | null> {
  const [row] = await db.select().from(serviceSwitches).where(eq(serviceSwitches.key, key)).for('update');
  return row ?? null;
}

/** Opens or closes a service and sets its note (an operator's flip). */
export async function updateSwitch(
  db: DbOrTx,
  key: string,
  set: { open: boolean; note: string },
): Promise<void> {
  await db
    .update(serviceSwitches)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(serviceSwitches.key, key));
}

/** Opens or closes a service (operators; tests). */
export async function setOpen(db: DbOrTx, key: string, open: boolean): Promise<void> {
  await db.update(serviceSwitches).set({ open, updatedAt: new Date() }).where(eq(serviceSwitches.key, key));
}

/** The services and their first state; the migration writes the same rows, the seed after a reset. */
export const DEFAULT_SWITCHES = [
  { key: 'inspection', name: '仓库验货', open: true, sort: 1 },
  { key: 'cloudWarehouse', name: '仓库自助', open: true, sort: 2 },
  { key: 'processing', name: '共享加工', open: true, sort: 3 },
  { key: 'payment', name: '在线支付', open: true, sort: 4 },
] as const;

/** Writes the default switches that are missing; an operator's choice stays as it is. */
export async function ensureSwitches(db: DbOrTx): Promise<void> {
  await db
    .insert(serviceSwitches)
    .values(DEFAULT_SWITCHES.map((s) => ({ ...s })))
    .onConflictDoNothing({ target: serviceSwitches.key });
}
