/**
 * openCheck: which trade services are open. The answer is read on every page load (the menu
 * asks), so each process keeps it for five seconds: an operator's switch shows on every instance
 * within that time, which is soon enough for a service opening, and one row read per five
 * seconds is cheaper than a shared-store round trip per page. Requests to a service check the
 * database itself (`assertOpen`), so a closed service takes no request even inside that window.
 */
import type { OpenCheck, ServiceKey } from '@steelport/contracts';
import { createCache } from '../../cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import { BusinessError } from '../../errors.ts';
import { type LocalText, say } from '../../text.ts';
import { presentOpenCheck } from './present.ts';
import { allSwitches, isOpen, lockSwitch, type ServiceSwitchRow, updateSwitch } from './repo.ts';

/** The openCheck service over the database. */
export function openCheckService(deps: { db: DbOrTx }) {
  const { db } = deps;
  const cache = createCache<OpenCheck>({ name: 'openCheck', freshMs: 5_000, maxEntries: 1 });
  return {
    /** Every service and whether it is open. */
    check(): Promise<OpenCheck> {
      return cache.get('all', async () => presentOpenCheck(await allSwitches(db)));
    },
    /** Forgets the cached answer (an operator flipped a switch): the next ask reads the table. */
    forget(): void {
      cache.clear();
    },
    /**
     * Throws code 1 with 即将开放 when `key` is closed: every request of a closed service, its
     * lists as well as its writes, is refused. Read from the database (one primary-key row),
     * never cached, so a flip holds on every instance at once.
     */
    async assertOpen(key: ServiceKey, name: LocalText): Promise<void> {
      if (!(await isOpen(db, key))) throw closed(name);
    },
  };
}

/** Code 1: the service is closed by its operators (即将开放). */
function closed(name: LocalText): BusinessError {
  return new BusinessError(
    say(`${name.zh}服务即将开放，敬请期待`, `The ${name.en} service opens soon; stay tuned`),
  );
}

export type { ServiceSwitchRow };

/** Every switch in menu order, as stored (the console's list; openCheck caches its answer). */
export function serviceSwitchRows(db: DbOrTx): Promise<ServiceSwitchRow[]> {
  return allSwitches(db);
}

/** One switch, locked until the transaction ends (an operator's flip), or null. */
export function lockServiceSwitch(tx: DbOrTx, key: string): Promise<ServiceSwitchRow | null> {
  return lockSwitch(tx, key);
}

/**
 * Opens or closes a service and sets its note (an operator's flip). The caller tells openCheck
 * to forget its cached answer once the transaction has committed.
 */
export function setServiceSwitch(
  tx: DbOrTx,
  key: string,
  set: { open: boolean; note: string },
): Promise<void> {
  return updateSwitch(tx, key, set);
}
