/**
 * What surplus adds to the lot queries (modules/search/repo/lots.ts): its quality grade as a
 * filter, a menu and a column, and its defects.
 */
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { surplus } from '../../db/schema/index.ts';
import {
  type Facet,
  type LotQuery,
  type LotRow,
  lotColumns,
  lotOrder,
  type RowWindow,
} from '../search/service.ts';

/** A surplus lot as stored: the lot columns, its grade and its defects. */
export interface SurplusRow extends LotRow {
  grade: string;
  defects: string;
}

/** The grade filter; `skip` leaves it out for the grade menu. */
export function gradeConditions(filter: LotQuery, skip?: Facet): SQL[] {
  if (!filter.grades?.length || skip === 'grades') return [];
  return [inArray(surplus.grade, filter.grades)];
}

/** One page of surplus rows (see findCargoRows: one table, no joins). */
export async function findSurplusRows(db: DbOrTx, where: SQL[], window: RowWindow): Promise<SurplusRow[]> {
  return db
    .select({ ...lotColumns(surplus), grade: surplus.grade, defects: surplus.defects })
    .from(surplus)
    .where(and(...where))
    .orderBy(...lotOrder(surplus, window.sort, window.order))
    .limit(window.limit)
    .offset(window.offset);
}

/** Lots per grade, counted without the grade filter. */
export async function gradeCounts(
  db: DbOrTx,
  conditionsWithout: (facet: Facet) => SQL[],
): Promise<{ value: string; count: number }[]> {
  const count = sql<number>`count(*)::int`;
  return db
    .select({ value: surplus.grade, count })
    .from(surplus)
    .where(and(...conditionsWithout('grades')))
    .groupBy(surplus.grade);
}
