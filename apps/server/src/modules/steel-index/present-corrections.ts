/**
 * Operators' corrections as the API shows them: each corrected field with its value before and
 * after, in API units (元/吨, 吨). A correction stores the day's fields before it (`before`) and
 * the values it sets (`values`, stored units, carrying over an earlier correction of the same
 * day): a field whose value did not change is not listed.
 */
import type {
  AdminIndexCorrection,
  CorrectionChange,
  CorrectionField,
  IndexCorrectionNote,
} from '@steelport/contracts';
import { toTonnes, toYuan } from '../../present.ts';
import type { CorrectionRow } from './repo/corrections.ts';

/** Stored key of each correctable API field, and its conversion. */
export const CORRECTION_STORED: Record<CorrectionField, { key: string; show: (stored: number) => number }> = {
  price: { key: 'priceFen', show: toYuan },
  stockWeight: { key: 'stockKg', show: toTonnes },
  inWeight: { key: 'inKg', show: toTonnes },
  outWeight: { key: 'outKg', show: toTonnes },
  dealWeight: { key: 'dealKg', show: toTonnes },
  packWeight: { key: 'packKg', show: toTonnes },
  tradingWeight: { key: 'tradingKg', show: toTonnes },
};

/** The fields a correction changed, before -> after. */
export function presentCorrectionChanges(
  values: Record<string, number>,
  before: Record<string, number | string | null> | null,
): CorrectionChange[] {
  const out: CorrectionChange[] = [];
  for (const [field, { key, show }] of Object.entries(CORRECTION_STORED) as [
    CorrectionField,
    (typeof CORRECTION_STORED)[CorrectionField],
  ][]) {
    const after = values[key];
    if (typeof after !== 'number') continue;
    const was = before?.[key];
    const wasNumber = typeof was === 'number' ? was : null;
    if (wasNumber === after) continue;
    out.push({ field, before: wasNumber === null ? null : show(wasNumber), after: show(after) });
  }
  return out;
}

/** A correction as the methodology page lists it. */
export function presentCorrectionNote(r: CorrectionRow): IndexCorrectionNote {
  return {
    id: r.id,
    indexId: r.indexId,
    indexName: r.indexName,
    day: r.day,
    changes: presentCorrectionChanges(r.values, r.before),
    reason: r.reason,
    correctedAt: r.createdAt.toISOString(),
  };
}

/** A correction as the console lists it: the note and who made it. */
export function presentAdminCorrection(r: CorrectionRow): AdminIndexCorrection {
  return { ...presentCorrectionNote(r), operatorId: r.actorUserId, operator: r.operator };
}
