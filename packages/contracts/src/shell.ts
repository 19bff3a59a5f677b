import type { Lang } from './trade-names.ts';

/**
 * The portal's build and the server that answers its pages: `route-chunks.json` (written by
 * apps/web/routePreload.ts) and `frames.json` (apps/web/prerenderFrames.ts) beside index.html,
 * read by apps/server/src/plugins/web.ts.
 */

/** The file holding, per screen's URL segment, what that screen loads beyond the entry. */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/** One screen's own files, paths relative to the build's root (`assets/x-1a2b.js`). */
export interface RouteFiles {
  scripts: string[];
  styles: string[];
}

/**
 * A screen's URL segment (the first segment of its path; `home` for `/`) -> its files. The web
 * build finds the folder serving a segment in apps/web/src/routes/pageFolders.ts.
 */
export type RouteChunks = Record<string, RouteFiles>;

/** The screen key of a path, its first segment: `/wareHouse/12` -> `wareHouse`, `/` -> `home`. */
export function screenSegmentOf(pathname: string): string {
  return pathname.split('/')[1] || 'home';
}

/**
 * The file holding the portal's frame per public screen (apps/web/prerenderFrames.ts): the
 * server puts the frame of a path into the shell's `#root`, so the page paints before its scripts.
 */
export const FRAMES_FILE = 'frames.json';

/** A screen's head: the document title and the description search engines show. */
export interface PageHead {
  title: string;
  description: string;
}

/** One prerendered screen: its frame's HTML and its head. */
export interface Frame extends PageHead {
  html: string;
}

/**
 * Per language (issue 31): the site's own head, for a screen the build did not frame, and per
 * path without parameters (`/`, `/wareHouse`) the frame. The shell of `?lang=en` reads `en`.
 */
export type Frames = Partial<Record<Lang, { site: PageHead; pages: Record<string, Frame> }>>;
