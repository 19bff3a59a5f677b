/**
 * Where a trader's firm page lives: /firminfo/{userId}/{type} (docs/portal.md#routes), named by
 * the trader's user id. `embed` shows it without the portal frame for another site's iframe.
 */
import { useLocation } from 'react-router';

/** How a firm page is shown: in the portal, or framed by the trader's own site. */
export type FirmPageType = 'normal' | 'embed';

/**
 * The screens whose firm links say where they came from (`?from=`, the screen's path): the firm
 * page opens on that market's tab and the menu keeps that screen's entry lit (issue 35).
 */
export const FIRM_ORIGINS = ['wareHouse', 'surplus'] as const;
/** A screen a firm page may be opened from. */
export type FirmOrigin = (typeof FIRM_ORIGINS)[number];

/** The firm page of the trader whose user id is `userId`, opened from `from` when given. */
export function firmPath(userId: number, type: FirmPageType = 'normal', from?: FirmOrigin): string {
  const path = `/firminfo/${userId}/${type}`;
  return from ? `${path}?from=${from}` : path;
}

/** The firm page of a trader, or null when the firm has no trader user yet (no page to open). */
export function firmPathOf(userId: number | null | undefined, from?: FirmOrigin): string | null {
  return typeof userId === 'number' ? firmPath(userId, 'normal', from) : null;
}

/** The origin a screen at `pathname` gives its firm links, if it is one of FIRM_ORIGINS. */
export function firmOriginOf(pathname: string): FirmOrigin | undefined {
  return FIRM_ORIGINS.find((origin) => pathname === `/${origin}`);
}

/** firmPathOf for links on the current screen: a market screen names itself as their origin. */
export function useFirmPathOf(): (userId: number | null | undefined) => string | null {
  const from = firmOriginOf(useLocation().pathname);
  return (userId) => firmPathOf(userId, from);
}
