import type { AdminOfferBody, AdminOfferRow, ProcessingLineType } from '@steelport/contracts';

/** The whole offer as a write takes it, from the listed row. */
export function bodyOfOffer(row: AdminOfferRow, change: Partial<AdminOfferBody> = {}): AdminOfferBody {
  return {
    plantName: row.plantName,
    lineType: row.lineType as ProcessingLineType,
    thicknessMin: row.thicknessMin,
    thicknessMax: row.thicknessMax,
    widthMin: row.widthMin,
    widthMax: row.widthMax,
    city: row.city,
    address: row.address,
    price: row.price,
    freeCapacityTonnes: row.freeCapacityTonnes,
    groupOpen: row.groupOpen,
    groupTargetTonnes: row.groupTargetTonnes,
    groupDeadline: row.groupDeadline,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    intro: row.intro,
    active: row.active,
    sort: row.sort,
    ...change,
  };
}
