/** Cargo's own answers beside the shared lot rows: the /wareHouse supplier panel and an unlock. */
import { maskPhone, type Supplier, type SupplierSummary } from '@steelport/contracts';
import { toTonnes } from '../../present.ts';
import type { Company, SupplierStockRow } from '../search/service.ts';

/** A supplier of the /wareHouse panel with its stock. */
export function presentSupplierSummary(
  { company: c, userId, lots, weightKg, updatedAt }: SupplierStockRow,
  ctx: { unlocked: Set<number>; viewerId: number | null },
): SupplierSummary {
  const open = ctx.unlocked.has(c.id);
  return {
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    city: c.city,
    contactName: ctx.viewerId === null ? null : c.contactName,
    phone: open ? c.contactPhone : maskPhone(c.contactPhone),
    unlocked: open,
    mainProducts: c.mainProducts,
    supplierUserId: userId,
    cargoCount: lots,
    cargoWeight: toTonnes(weightKg),
    updatedAt: updatedAt ? new Date(updatedAt).toISOString() : null,
  };
}

/** A supplier the caller has just unlocked: the full phone. */
export function presentUnlockedSupplier(c: Company): Supplier {
  return {
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    city: c.city,
    contactName: c.contactName,
    phone: c.contactPhone,
    unlocked: true,
  };
}
