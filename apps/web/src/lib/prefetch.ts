/**
 * A screen's first reads, started with its code instead of after its first render.
 *
 * A page module may export `prefetch`: the router (router.tsx#prefetchScreen) calls it for the
 * screen a visitor (no stored session) opens on, as soon as its chunk has loaded, while React is still
 * rendering the frame. The screen's hooks then find their answers in flight (or arrived) under
 * the same query keys, so the data's round trip overlaps the render instead of following it.
 */
import type { QueryClient } from '@tanstack/react-query';

/** Where the visit opens: the screen reads its search from the query string, as its hooks do. */
export interface ScreenLocation {
  pathname: string;
  search: string;
}

/** Starts the screen's first reads; never throws (a failed read shows in the screen as usual). */
export type ScreenPrefetch = (queryClient: QueryClient, location: ScreenLocation) => void;

/**
 * How long a prefetched answer counts as fresh: a screen that mounts within this time of its
 * prefetch uses the answer instead of asking again (with no fresh time, mounting would repeat
 * every search, and each search counts against the visitor's anti-scraping allowance).
 */
export const PREFETCH_FRESH_MS = 5_000;

/** Fetches a picture into the browser's cache, so the screen's <img> paints it as it mounts. */
export function warmImage(url: string): void {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}
