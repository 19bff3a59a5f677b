/**
 * Where a sheet row's problem shows (issue 35): under the column of the trader's own sheet that
 * holds the bad value, named by its header as the sheet writes it (存放仓库, 含税价, 厚度+宽度+长度),
 * with the cell's text and the reason in the asked language. A check that involves a column the
 * sheet does not have says so plainly rather than naming a column the trader cannot find: an
 * unknown warehouse in a sheet without a 城市 column is the warehouse cell's problem, and a
 * required column that is missing (件数, 重量) is a problem of the whole row that says which.
 * Pure: the read sheet and the row's field errors in, RowErrors out.
 */
import type { Lang, RowError } from '@steelport/contracts';
import { type LocalText, say, textIn } from '../../text.ts';
import { FIELD_NAMES_EN, type FieldError, LOT_FIELD_COLUMNS, type LotField } from '../search/lot-row.ts';
import { cellText, type ReadSheet, type SheetRow, sheetColumnOf } from './sheet.ts';

const isLotField = (field: string): field is LotField => Object.hasOwn(LOT_FIELD_COLUMNS, field);

/** A field error's own reason in `lang` (a reason without English reads the same in both). */
const reasonIn = (e: FieldError, lang: Lang): string => (lang === 'en' ? (e.en ?? e.message) : e.message);

/** One row error placed on the sheet's own columns. */
function placed(sheet: ReadSheet, row: SheetRow, e: FieldError, lang: Lang): RowError {
  const whole = (message: LocalText | string): RowError => ({
    row: row.row,
    column: '',
    value: '',
    message: textIn(message, lang),
  });
  if (!isLotField(e.field)) return whole(say(e.message, e.en ?? e.message));
  const field = e.field;
  const column = sheetColumnOf(sheet, field);
  const warehouseColumn = sheetColumnOf(sheet, 'warehouse');
  if (field === 'city' && column === null) {
    // The city is asked for because the warehouse is unknown or empty: the warehouse cell is what
    // the trader changes, and the sheet has no city to fill in.
    if (warehouseColumn === null)
      return whole(
        say(
          '表格没有「仓库」列，也没有「城市」列：请加上其中一列',
          'The sheet has neither a warehouse nor a city column: add one of them',
        ),
      );
    const warehouse = cellText(row, 'warehouse');
    return {
      row: row.row,
      column: warehouseColumn,
      value: warehouse,
      message: textIn(
        warehouse === ''
          ? say('请填写仓库（表格没有「城市」列）', 'Enter the warehouse (the sheet has no city column)')
          : say(
              `仓库「${warehouse}」不在仓库表中，表格又没有「城市」列：请写仓库表中的仓库名，或加一列「城市」`,
              `The warehouse "${warehouse}" is not in our list and the sheet has no city column: use a warehouse from the list, or add a column 城市 (City)`,
            ),
        lang,
      ),
    };
  }
  if (column === null)
    return whole(
      say(
        `表格没有「${LOT_FIELD_COLUMNS[field]}」列，请加上这一列：${e.message}`,
        `The sheet has no ${FIELD_NAMES_EN[field]} column; add it: ${e.en ?? e.message}`,
      ),
    );
  if (field === 'city' && warehouseColumn === null)
    return {
      row: row.row,
      column,
      value: cellText(row, field),
      message: textIn(
        say('请填写城市（表格没有「仓库」列）', 'Enter the city (the sheet has no warehouse column)'),
        lang,
      ),
    };
  return { row: row.row, column, value: cellText(row, field), message: reasonIn(e, lang) };
}

/** Every problem of one sheet row, on the sheet's own columns, in `lang`. */
export function sheetRowErrors(
  sheet: ReadSheet,
  row: SheetRow,
  errors: readonly FieldError[],
  lang: Lang,
): RowError[] {
  return errors.map((e) => placed(sheet, row, e, lang));
}
