/**
 * Where the trend chart's parts sit: the legend wraps onto as many rows as the names need (no
 * paging: "1/2" hides series on a phone), the price panel starts below it with room for the axis
 * units (元/吨, 库存(吨)), and the deal panel with its own axis sits between it and the slider.
 */

/** Pixels of one legend row and of the room the axis names take above a panel. */
const LEGEND_ROW = 22;
const AXIS_NAME = 30;
/** The deal panel's height, and what the x labels and the zoom slider take at the bottom. */
const DEAL_HEIGHT = 64;
const BOTTOM = 56;
/** The legend item besides its text: the icon, the gap to the text and the gap to the next item. */
const ITEM_EXTRA = 14 + 5 + 10;
/** A 12 px CJK character, when the text cannot be measured (tests, first render). */
const CHAR_PX = 12;

let context: CanvasRenderingContext2D | null | undefined;

/** Width of a legend text in the chart's 12 px font: measured in a browser, estimated elsewhere. */
function textWidth(text: string): number {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (context) context.font = '12px sans-serif';
  }
  return context ? context.measureText(text).width : text.length * CHAR_PX;
}

/** Rows the legend wraps onto at `width` px (one until the width is known). */
export function legendRows(names: readonly string[], width: number | null): number {
  if (!width || names.length === 0) return 1;
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const item = textWidth(name) + ITEM_EXTRA;
    if (used > 0 && used + item > width) {
      rows += 1;
      used = 0;
    }
    used += item;
  }
  return rows;
}

/** The panels' tops and heights in a chart of `height` px whose legend has `rows` rows. */
export function trendLayout(height: number, rows: number) {
  const priceTop = rows * LEGEND_ROW + AXIS_NAME;
  const dealHeight = DEAL_HEIGHT;
  const dealTop = height - BOTTOM - dealHeight;
  const priceHeight = Math.max(80, dealTop - AXIS_NAME - priceTop);
  return { priceTop, priceHeight, dealTop, dealHeight, sliderBottom: 8 };
}
