/**
 * ERP sync (issue 17): an ERP pushes the company's spot stock, surplus or today's quotations as rows in
 * the format of the Excel import (品名 热卷, 规格 2.75*1250*C, 单价 0 = 电议), understood and
 * written by the import's own two halves (`trader-import/service.ts`: `understandRows`,
 * `writeRows`), so a synced row is stored and searchable exactly like an imported or seeded one.
 * All or nothing: one bad row and nothing is written; the answer is then `applied: false` with
 * the rows' errors (row = index + 1, column = the field's Chinese name).
 */
import {
  type CargoInput,
  type ImportMode,
  type QuotationInput,
  type RowError,
  type SurplusInput,
  type SyncResult,
  TRADER_LIMITS,
} from '@steelport/contracts';
import type { Db } from '../../db/client.ts';
import type { ApiKeyCaller } from '../../plugins/auth.ts';
import type { Dictionary } from '../search/dictionary.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import { understandRows, writeRows } from '../trader-import/service.ts';

/** What a sync writes: spot stock (scope stock), surplus (scope surplus) or today's quotations (scope quotations). */
export type SyncKind = 'cargo' | 'surplus' | 'quotation';

/** The text of a field as the ERP sent it, for the error's `value`. */
function sentText(input: object, field: string): string {
  const value = (input as Record<string, unknown>)[field];
  return value === undefined || value === null ? '' : String(value);
}

/** The sync service over the database and the shared trade dictionary. */
export function syncService(deps: { db: Db; dictionary: Dictionary; onRowsWritten?: OnRowsWritten }) {
  const { db, dictionary } = deps;

  /** Understands every row, then writes all of them in one transaction, or none. */
  async function sync(
    caller: ApiKeyCaller,
    kind: SyncKind,
    mode: ImportMode,
    inputs: readonly (CargoInput | SurplusInput | QuotationInput)[],
  ): Promise<SyncResult> {
    const dict = await dictionary.get();
    const { values, errors: problems } = understandRows(kind, inputs, dict);
    if (problems.length > 0) {
      const errors: RowError[] = [];
      for (const { index, errors: fieldErrors } of problems) {
        for (const e of fieldErrors) {
          if (errors.length === TRADER_LIMITS.importErrorsShown) break;
          errors.push({
            row: index + 1,
            column: e.column,
            value: sentText(inputs[index]!, e.field),
            message: e.message,
          });
        }
      }
      return { applied: false, inserted: 0, removed: 0, errors };
    }
    const { inserted, removed, ids } = await db.transaction((tx) =>
      writeRows(tx, { companyId: caller.companyId, kind, mode, rows: values, dict }),
    );
    // Committed: saved searches match the new rows (modules/subscription).
    await deps.onRowsWritten?.({ kind, ids });
    return { applied: true, inserted, removed, errors: [] };
  }

  return {
    /** The company's spot stock from its ERP (`replace`: these rows become its whole stock). */
    stock: (caller: ApiKeyCaller, body: { mode: ImportMode; rows: CargoInput[] }) =>
      sync(caller, 'cargo', body.mode, body.rows),
    /** The company's surplus (余料) from its ERP (`replace`: these rows become its whole surplus). */
    surplus: (caller: ApiKeyCaller, body: { mode: ImportMode; rows: SurplusInput[] }) =>
      sync(caller, 'surplus', body.mode, body.rows),
    /** Today's quotations from its ERP (`replace`: these become today's whole list). */
    quotations: (caller: ApiKeyCaller, body: { mode: ImportMode; rows: QuotationInput[] }) =>
      sync(caller, 'quotation', body.mode, body.rows),
  };
}
