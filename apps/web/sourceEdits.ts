/** Source rewriting shared by the build plugins that edit modules (vite.config.ts, antdStyleless.ts). */

/** A replacement of `code.slice(start, end)` (an insertion when both are equal). */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** `code` with every edit made; the edits refer to positions in the original `code`. */
export function applyEdits(code: string, edits: Edit[]): string {
  // From the end, so the positions of the edits still to make stay valid.
  const ordered = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = code;
  for (const edit of ordered) out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  return out;
}
