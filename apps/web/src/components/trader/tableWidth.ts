/** Width of the selection checkbox column of the own-row tables. */
export const SELECTION_WIDTH = 32;

/**
 * The width a table of fixed-width columns needs (its `scroll.x`): the content column of
 * /account is narrower than a trader's row, so the table scrolls inside its box with the
 * checkbox and 品名 fixed on the left and 修改/删除 on the right, instead of squeezing 仓库 away.
 */
export function tableWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 0),
    SELECTION_WIDTH,
  );
}
