/**
 * Unit conversions between storage and the API, for presenters only (this file and each
 * module's `present.ts`, including the filters a presenter reads back in). The database keeps
 * money in integer fen and weights in integer kg so sums are exact; the API speaks 元 (two
 * decimals) and 吨 (three).
 */

/** fen -> 元, two decimals. */
export const toYuan = (fen: number): number => Math.round(fen) / 100;
/** 元 -> fen (a price filter or a form value). */
export const toFen = (yuan: number): number => Math.round(yuan * 100);
/** kg -> 吨, three decimals. */
export const toTonnes = (kg: number): number => Math.round(kg) / 1000;
/** 吨 -> kg (a warehouse capacity given in tonnes). */
export const toKg = (tonnes: number): number => Math.round(tonnes * 1000);
/** A ratio (0.0123) as a percentage with two decimals (1.23). */
export const toPercent = (ratio: number): number => Math.round(ratio * 10_000) / 100;
