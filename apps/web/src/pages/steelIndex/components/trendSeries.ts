/**
 * Pure parts of the trend chart: how a price line is split into final and provisional
 * stretches, when point symbols carry information, and the tooltip's text.
 */
import '../../../i18n/indexParts.ts';
import { escapeMarkup, type IndexPoint } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import { disclosureText } from '../../../components/steelIndex/Disclosure.tsx';
import { formatPriceText, formatTonnesText } from '../../../lib/numbers.ts';

/** A point of a provisional stretch: hollow on a provisional day, no symbol on the final day joining it. */
export interface StretchItem {
  value: number;
  symbol: 'emptyCircle' | 'none';
}

/**
 * One index's prices aligned to the chart's dates (undefined where the index has no day), split
 * in two line series drawn over each other: `final` holds final days only, so its solid line
 * joins two consecutive final days; `provisional` holds provisional days and the final days next
 * to them, so its dashed line covers every step into or out of a provisional day. Where both
 * hold two neighbours the solid line is drawn on top.
 */
export function splitStretches(points: readonly (IndexPoint | undefined)[]): {
  final: (number | null)[];
  provisional: (StretchItem | null)[];
} {
  const final = points.map((p) => (p && !p.provisional ? p.price : null));
  const provisional = points.map((p, i) => {
    if (!p) return null;
    if (p.provisional) return { value: p.price, symbol: 'emptyCircle' as const };
    const touches = points[i - 1]?.provisional === true || points[i + 1]?.provisional === true;
    return touches ? { value: p.price, symbol: 'none' as const } : null;
  });
  return { final, provisional };
}

/** Fewest pixels between two days for which the chart draws a symbol on every point. */
export const SYMBOL_GAP_PX = 8;

/**
 * Whether symbols (solid final, hollow provisional) help: only when the visible days are far
 * enough apart to tell them from each other. Two years on one screen would be a band of rings;
 * the dashed stretches say the same there.
 */
export function showSymbols(plotWidth: number, visibleDays: number): boolean {
  return visibleDays > 0 && plotWidth / visibleDays >= SYMBOL_GAP_PX;
}

/** Days shown by a zoom window of `start`-`end` percent over `days` category days. */
export function visibleDays(days: number, start: number, end: number): number {
  if (days <= 1) return days;
  return Math.round(((end - start) / 100) * (days - 1)) + 1;
}

export interface TipPrice {
  name: string;
  color: string;
  point: IndexPoint | undefined;
}

export interface TipWeight {
  name: string;
  color: string;
  tonnes: number | undefined;
}

/**
 * The tooltip of one day: each index's price with its source, samples, outliers and 暂定 when
 * provisional (a hollow marker then, as on the line), and the first index's tonnage bars.
 */
export function tooltipHtml(t: TFunction, date: string, prices: TipPrice[], weights: TipWeight[]): string {
  const marker = (color: string, hollow: boolean) =>
    `<span class="sp-chart-tip__marker${hollow ? ' sp-chart-tip__marker--hollow' : ''}" style="--c:${color}"></span>`;
  const rows = prices
    .filter((p) => p.point)
    .map(({ name, color, point }) => {
      const p = point as IndexPoint;
      const tag = p.provisional
        ? ` <span class="sp-chart-tip__tag">${escapeMarkup(t('steelIndex.day.provisional'))}</span>`
        : '';
      return (
        `<div class="sp-chart-tip__row">${marker(color, p.provisional)}${escapeMarkup(name)}` +
        `<b>${escapeMarkup(formatPriceText(p.price))}</b>${tag}</div>` +
        `<div class="sp-chart-tip__meta">${escapeMarkup(disclosureText(t, p))}</div>`
      );
    });
  const bars = weights
    .filter((w) => w.tonnes !== undefined)
    .map(
      (w) =>
        `<div class="sp-chart-tip__row">${marker(w.color, false)}${escapeMarkup(w.name)}` +
        `<b>${escapeMarkup(formatTonnesText(w.tonnes))}</b></div>`,
    );
  return `<div class="sp-chart-tip"><div class="sp-chart-tip__date">${escapeMarkup(date)}</div>${[...rows, ...bars].join('')}</div>`;
}
