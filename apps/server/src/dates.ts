/**
 * Market days. The trade runs on Asia/Shanghai time (a trader's day does not end at 08:00 UTC)
 * and China keeps no daylight saving, so a day is always 24 h. The demo generator also works
 * relative to one such instant `now`.
 */
const DAY_MS = 86_400_000;
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

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
  return new Date(shanghaiMidnight(now).getTime() + offset * DAY_MS + Math.round(minutes * 60_000));
}

export { DAY_MS };
