/**
 * Time and market days, once for the whole server. The trade runs on Asia/Shanghai time (a
 * trader's day does not end at 08:00 UTC) and China keeps no daylight saving, so a day is
 * always 24 h. Day strings are YYYY-MM-DD. Durations are written as `5 * MINUTE_MS`, never as
 * bare millisecond arithmetic.
 */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

/** 00:00 of the Shanghai calendar day that contains `at`. */
export function shanghaiMidnight(at: Date = new Date()): Date {
  const local = at.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - SHANGHAI_OFFSET_MS);
}

/** The Shanghai calendar day `offset` days from `now` (0 = today), as YYYY-MM-DD. */
export function dayString(now: Date, offset = 0): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `minutes` after Shanghai midnight of the day `offset` days from `now`. */
export function atDay(now: Date, offset: number, minutes = 0): Date {
  return new Date(shanghaiMidnight(now).getTime() + offset * DAY_MS + Math.round(minutes * MINUTE_MS));
}

/** The day `n` days from `day` (both YYYY-MM-DD). */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every calendar day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** True for a real calendar day (a YYYY-MM-DD pattern lets 2026-02-30 through). */
export function isRealDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
}
