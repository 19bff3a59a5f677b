/** Service switches -> the openCheck answer. */
import type { OpenCheck } from '@steelport/contracts';
import type { ServiceSwitchRow } from './repo.ts';

/** The list in menu order plus a key -> open map for quick look-ups. */
export function presentOpenCheck(rows: ServiceSwitchRow[]): OpenCheck {
  return {
    services: rows.map((r) => ({ key: r.key, name: r.name, open: r.open, note: r.note })),
    open: Object.fromEntries(rows.map((r) => [r.key, r.open])),
  };
}
