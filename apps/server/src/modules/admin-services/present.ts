/** Console rows of the trade services -> contract shapes: fen -> 元, dates -> ISO, phones unmasked (operators see them). Pure. */
import {
  ADMIN_INSPECTION_STATUS_TEXT,
  type AdminEnquiryRow,
  type AdminInspectionDetail,
  type AdminInspectionRow,
  type AdminInspectionStep,
  type AdminOfferRow,
  type AdminSwitch,
  ENQUIRY_STATUS_TEXT,
  INSPECTION_TRANSITIONS,
} from '@steelport/contracts';
import { toYuan } from '../../present.ts';
import type { ServiceSwitchRow as SwitchRow } from '../open-check/service.ts';
import { groupState } from '../processing/present.ts';
import type { AdminInspectionDbRow, EnquiryDbRow, OfferDbRow } from './repo.ts';

/** A request as the console lists it, with the actions its state allows. */
export function presentAdminInspection(r: AdminInspectionDbRow): AdminInspectionRow {
  return {
    id: r.id,
    userId: r.userId,
    memberPhone: r.memberPhone,
    memberName: r.memberName,
    companyName: r.companyName,
    warehouseId: r.warehouseId,
    warehouseName: r.warehouseName,
    city: r.city,
    coilNumbers: r.coilNumbers,
    cargoIds: r.cargoIds,
    requestedDate: r.requestedDate,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    remark: r.remark,
    status: r.status,
    statusText: ADMIN_INSPECTION_STATUS_TEXT[r.status],
    beansSpent: r.beansSpent,
    conclusion: r.conclusion,
    inspectorName: r.inspectorName,
    inspectorPhone: r.inspectorPhone,
    steps: r.steps,
    actions: [...INSPECTION_TRANSITIONS[r.status]],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The request with its attachments and trace. */
export function presentAdminInspectionDetail(
  r: AdminInspectionDbRow,
  attachments: AdminInspectionDetail['attachments'],
  trace: AdminInspectionStep[],
): AdminInspectionDetail {
  return { ...presentAdminInspection(r), attachments, trace };
}

/**
 * What the audit log keeps of a request: its workflow columns and its steps with photo ids
 * (never signed links: they expire and are not the row).
 */
export function auditInspection(
  r: AdminInspectionDbRow,
  steps: { step: number; title: string; findings: string; inspector: string; photos: string[] }[],
) {
  return {
    id: r.id,
    userId: r.userId,
    status: r.status,
    beansSpent: r.beansSpent,
    conclusion: r.conclusion,
    inspectorName: r.inspectorName,
    inspectorPhone: r.inspectorPhone,
    steps: steps.map((s) => ({
      step: s.step,
      title: s.title,
      findings: s.findings,
      inspector: s.inspector,
      photos: s.photos.map(Number),
    })),
  };
}
export type AuditedInspection = ReturnType<typeof auditInspection>;

/** An offer as the console lists it; `today` decides whether its group order has closed. */
export function presentAdminOffer(r: OfferDbRow, today: string): AdminOfferRow {
  return {
    id: r.id,
    plantName: r.plantName,
    lineType: r.lineType,
    thicknessMin: Number(r.thicknessMin),
    thicknessMax: Number(r.thicknessMax),
    widthMin: r.widthMin,
    widthMax: r.widthMax,
    city: r.city,
    address: r.address,
    price: toYuan(r.priceFen),
    freeCapacityTonnes: r.freeCapacityTonnes,
    groupOpen: r.groupOpen,
    groupTargetTonnes: r.groupTargetTonnes,
    groupJoinedTonnes: r.groupJoinedTonnes,
    groupDeadline: r.groupDeadline,
    groupState: r.groupTargetTonnes <= 0 ? 'none' : groupState(r, today),
    members: r.members,
    enquiries: r.enquiries,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    intro: r.intro,
    active: r.active,
    sort: r.sort,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** An enquiry or group-order share. */
export function presentAdminEnquiry(r: EnquiryDbRow): AdminEnquiryRow {
  return {
    id: r.id,
    offerId: r.offerId,
    plantName: r.plantName,
    lineType: r.lineType,
    userId: r.userId,
    memberPhone: r.memberPhone,
    memberName: r.memberName,
    companyName: r.companyName,
    tonnes: r.tonnes,
    kind: r.tonnes > 0 ? 'join' : 'enquiry',
    remark: r.remark,
    status: r.status,
    statusText: ENQUIRY_STATUS_TEXT[r.status],
    handledNote: r.handledNote,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A service switch. */
export function presentAdminSwitch(r: SwitchRow): AdminSwitch {
  return {
    key: r.key,
    name: r.name,
    open: r.open,
    note: r.note,
    sort: r.sort,
    updatedAt: r.updatedAt.toISOString(),
  };
}
