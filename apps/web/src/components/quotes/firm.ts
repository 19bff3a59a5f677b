/**
 * Where a trader's firm page lives: /firminfo/{userId}/{type} (docs/portal.md#routes), named by
 * the trader's user id. `embed` shows it without the portal frame for another site's iframe.
 */

/** How a firm page is shown: in the portal, or framed by the trader's own site. */
export type FirmPageType = 'normal' | 'embed';

/** The firm page of the trader whose user id is `userId`. */
export function firmPath(userId: number, type: FirmPageType = 'normal'): string {
  return `/firminfo/${userId}/${type}`;
}

/** The firm page of a trader, or null when the firm has no trader user yet (no page to open). */
export function firmPathOf(userId: number | null | undefined): string | null {
  return typeof userId === 'number' ? firmPath(userId) : null;
}
