/**
 * Understood previews kept in this process (issue 35): the commit writes their rows without a
 * second read, and the preview's pages of rows are cut from them. Bounded by sheets and by rows,
 * the oldest forgotten first; only the rows with errors keep their cells as read (`raw`), for
 * the sheet of bad rows. A preview made by another instance (or forgotten here) is read again
 * from its staged file by whoever asks first: concurrent askers share that one read.
 */
import type { UnderstoodSheet } from './rows.ts';

/** Understood sheets kept between preview and commit. */
export const STAGED_SHEETS = 4;
/** Rows those sheets may hold together (the newest sheet is kept whatever its size). */
export const STAGED_ROWS = 200_000;

/** The in-process store of understood previews, by import id. */
export function stagedSheets(
  limits: { sheets: number; rows: number } = { sheets: STAGED_SHEETS, rows: STAGED_ROWS },
) {
  const kept = new Map<string, UnderstoodSheet>();
  const loading = new Map<string, Promise<UnderstoodSheet>>();

  const rowsKept = () => {
    let n = 0;
    for (const u of kept.values()) n += u.sheet.rows.length;
    return n;
  };

  const keep = (id: string, understood: UnderstoodSheet) => {
    // The good rows are written from `values`; only a bad row is ever copied back out as read.
    const bad = new Set(understood.problems.map((p) => p.index));
    understood.sheet.rows.forEach((row, index) => {
      if (!bad.has(index)) row.raw = undefined;
    });
    kept.delete(id);
    kept.set(id, understood);
    while (kept.size > 1 && (kept.size > limits.sheets || rowsKept() > limits.rows)) {
      kept.delete(kept.keys().next().value as string);
    }
  };

  return {
    keep,
    /** Forgets a sheet (its import ran, or failed). */
    forget(id: string) {
      kept.delete(id);
    },
    /** The understood sheet of `id`, else `load()`'s (one load for concurrent callers), then kept. */
    async get(id: string, load: () => Promise<UnderstoodSheet>): Promise<UnderstoodSheet> {
      const hit = kept.get(id);
      if (hit) {
        // Most recently used: moves to the end of the eviction order.
        kept.delete(id);
        kept.set(id, hit);
        return hit;
      }
      let pending = loading.get(id);
      if (!pending) {
        pending = load().finally(() => loading.delete(id));
        loading.set(id, pending);
      }
      const understood = await pending;
      if (!kept.has(id)) keep(id, understood);
      return understood;
    },
  };
}

export type StagedSheets = ReturnType<typeof stagedSheets>;
