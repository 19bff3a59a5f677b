/**
 * Surplus material (余料, /surplus): the shared lot search (modules/search/lots.ts) on the surplus
 * table, with the quality grade as an extra filter, menu and column. Enquiries about surplus
 * lots go through the cargo module's enquiry with `kind: 'surplus'`.
 */
import type { SurplusItem } from '@steelport/contracts';
import { say } from '../../text.ts';
import { type LotDeps, type LotSearch, lotSearch } from '../search/lots.ts';
import { presentFacet } from '../search/present.ts';
import { lotTable } from '../search/service.ts';
import { presentSurplus, SURPLUS_SHEET_COLUMNS } from './present.ts';
import { findSurplusRows, gradeConditions, gradeCounts } from './repo.ts';

export interface SurplusService {
  lots: LotSearch<SurplusItem>;
}

/** The surplus service over the pool, the shared store and the trade dictionary. */
export function surplusService(deps: LotDeps): SurplusService {
  return {
    lots: lotSearch(deps, {
      kind: 'surplus',
      table: lotTable('surplus'),
      ownConditions: gradeConditions,
      findRows: findSurplusRows,
      ownMenus: async (db, without) => ({ grades: presentFacet(await gradeCounts(db, without)) }),
      present: presentSurplus,
      sheet: { title: say('余料', 'Surplus'), ownColumns: SURPLUS_SHEET_COLUMNS },
    }),
  };
}
