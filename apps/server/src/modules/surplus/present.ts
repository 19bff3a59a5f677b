/** Surplus rows as the API and the export show them: a lot with its grade and defects. */
import type { SurplusItem } from '@steelport/contracts';
import { say } from '../../text.ts';
import type { SheetColumn } from '../search/export.ts';
import { type LotContext, presentLot } from '../search/present.ts';
import type { SurplusRow } from './repo.ts';

/** One surplus row as the API shows it. */
export function presentSurplus(r: SurplusRow, ctx: LotContext): SurplusItem {
  return { ...presentLot(r, ctx), grade: r.grade, defects: r.defects };
}

/** The export's columns after the shared lot ones. */
export const SURPLUS_SHEET_COLUMNS: SheetColumn[] = [
  { header: say('等级', 'Quality'), key: 'grade', width: 8 },
  { header: say('缺陷', 'Defects'), key: 'defects', width: 16 },
];
