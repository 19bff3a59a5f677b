/**
 * The demo VIP catalogue in API tests (seed/users.ts: 免豆会员, 数据会员, 企业会员 per seat), every
 * commodity on sale unless said: one factory instead of the same map and getters in each file.
 */
import { VIP_ENTRY_NAME } from '@steelport/contracts';
import type { DbOrTx } from '../db/client.ts';
import { seedVipCatalog } from '../seed/users.ts';

/** The catalogue's ids by name once `seed` ran (call it in the file's `beforeAll`). */
export function vipCatalog() {
  const ids = new Map<string, number>();
  const idOf = (name: string) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`VIP catalogue not seeded, or no ${name}`);
    return id;
  };
  return {
    /** Seeds the catalogue (all on sale unless `allOnSale: false`) and keeps its ids. */
    async seed(db: DbOrTx, opts: { allOnSale?: boolean } = {}): Promise<void> {
      for (const [name, id] of await seedVipCatalog(db, { allOnSale: opts.allOnSale ?? true }))
        ids.set(name, id);
    },
    /** 免豆会员 */
    VIP: () => idOf(VIP_ENTRY_NAME),
    /** 数据会员 */
    DATA: () => idOf('数据会员'),
    /** 企业会员 (per seat) */
    COMPANY: () => idOf('企业会员'),
  };
}
