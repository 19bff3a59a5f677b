/** Inspection rows -> contract shapes: kg -> 吨, saturation in percent, status text, signed file links. */
import {
  INSPECTION_STATUS_TEXT,
  type InspectionItem,
  type InspectionRegions,
  type InspectionStep,
  type UploadedFile,
} from '@steelport/contracts';
import { toPercent, toTonnes } from '../../present.ts';
import type { InspectionListRow, InspectionStepRow, PartnerWarehouseRow } from './repo.ts';

/** Partner warehouses grouped by region, regions in the order given. */
export function presentRegions(
  rows: PartnerWarehouseRow[],
  regionOrder: readonly string[],
): Pick<InspectionRegions, 'regions' | 'total'> {
  const byRegion = new Map<string, PartnerWarehouseRow[]>();
  for (const r of rows) byRegion.set(r.region, [...(byRegion.get(r.region) ?? []), r]);
  const regions = [...byRegion.keys()]
    .sort((a, b) => regionOrder.indexOf(a) - regionOrder.indexOf(b))
    .map((region) => ({
      region,
      warehouses: byRegion.get(region)!.map((w) => ({
        id: w.id,
        name: w.name,
        city: w.city,
        province: w.province,
        address: w.address,
        capacityTonnes: w.capacityTonnes,
        stockTonnes: w.stockKg === null ? null : toTonnes(w.stockKg),
        // capacity is whole tonnes, stock kg: the ratio of two tonnages
        saturation: w.stockKg === null ? null : toPercent(toTonnes(w.stockKg) / w.capacityTonnes),
      })),
    }));
  return { regions, total: rows.length };
}

/** The status as the portal says it. */
export const statusText = (status: InspectionListRow['status']) => INSPECTION_STATUS_TEXT[status];

/** A request as its owner sees it. */
export function presentInspection(row: InspectionListRow, attachments: UploadedFile[]): InspectionItem {
  return {
    id: row.id,
    warehouseId: row.warehouseId,
    warehouseName: row.warehouseName,
    city: row.city,
    coilNumbers: row.coilNumbers,
    cargoIds: row.cargoIds,
    requestedDate: row.requestedDate,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    remark: row.remark,
    status: row.status,
    statusText: statusText(row.status),
    beansSpent: row.beansSpent,
    conclusion: row.conclusion,
    attachments,
    steps: row.steps,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A traced step with its photos (uploads by id; a photo that is gone is left out). */
export function presentStep(row: InspectionStepRow, photos: Map<number, UploadedFile>): InspectionStep {
  return {
    step: row.step,
    title: row.title,
    at: row.at.toISOString(),
    inspector: row.inspector,
    findings: row.findings,
    photos: row.photos
      .map((id) => photos.get(Number(id)))
      .filter((p): p is UploadedFile => p !== undefined)
      .map((p) => ({ id: p.id, name: p.name, url: p.url })),
  };
}
