/** Cloud-warehouse rows as the API shows them: kg -> 吨, stock / capacity -> %, times as ISO. */
import type { CloudCoil, CloudMovement, CloudStockTotal, CloudWarehouse } from '@steelport/contracts';
import { toPercent, toTonnes } from '../../present.ts';
import type { CoilRow, MovementRow, PartnerWarehouseRow, StockTotalRow } from './repo.ts';

/** A partner warehouse with its latest stock and saturation (null before its first report). */
export function presentWarehouse(r: PartnerWarehouseRow): CloudWarehouse {
  const stockKg = r.stockKg === null ? null : Number(r.stockKg);
  return {
    id: r.id,
    name: r.name,
    city: r.city,
    region: r.region,
    address: r.address,
    capacityTonnes: r.capacityTonnes,
    stockTonnes: stockKg === null ? null : toTonnes(stockKg),
    // capacity is in whole tonnes in the warehouse table, stock in kg
    saturation: stockKg === null ? null : toPercent(toTonnes(stockKg) / r.capacityTonnes),
    stockDay: r.stockDay,
  };
}

/** The caller's stock in one warehouse. */
export function presentTotal(r: StockTotalRow): CloudStockTotal {
  return {
    warehouseId: r.warehouseId,
    warehouseName: r.warehouseName,
    city: r.city,
    coils: r.coils,
    tonnes: toTonnes(Number(r.kg)),
  };
}

/** One coil. */
export function presentCoil(r: CoilRow): CloudCoil {
  return {
    id: r.id,
    coilNo: r.coilNo,
    warehouseId: r.warehouseId,
    warehouseName: r.warehouseName,
    product: r.product,
    material: r.material,
    spec: r.spec,
    origin: r.origin,
    weightTonnes: toTonnes(r.weightKg),
    inAt: r.inAt.toISOString(),
    outAt: r.outAt ? r.outAt.toISOString() : null,
    status: r.status,
    remark: r.remark,
  };
}

/** One movement (入库 or 出库). */
export function presentMovement(r: MovementRow): CloudMovement {
  return {
    coilId: Number(r.coilId),
    coilNo: r.coilNo,
    kind: r.kind,
    at: r.at.toISOString(),
    warehouseName: r.warehouseName,
    product: r.product,
    spec: r.spec,
    weightTonnes: toTonnes(r.weightKg),
  };
}

/** Sums of the per-warehouse totals. */
export function summarize(totals: StockTotalRow[]) {
  const kg = totals.reduce((s, t) => s + Number(t.kg), 0);
  return {
    coils: totals.reduce((s, t) => s + t.coils, 0),
    tonnes: toTonnes(kg),
    warehouses: totals.length,
  };
}
