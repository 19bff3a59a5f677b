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
 * The head of the addresses of a route with parameters (`/priceTable/:product/:city`, issue 34):
 * title and description with `{{name}}` where a parameter's value goes, and the parameterless
 * path whose frame the shell carries (`/priceTable`).
 */
export interface HeadPattern extends PageHead {
  pattern: string;
  frameOf: string;
}

/** The longest parameter value a head pattern takes; a longer one gets the site's head. */
export const HEAD_PARAM_MAX = 30;

/**
 * Per language (issue 31): the site's own head, for a screen the build did not frame, per path
 * without parameters (`/`, `/wareHouse`) the frame, and the head patterns of the routes whose
 * addresses name what they show. The shell of `?lang=en` reads `en`.
 */
export type Frames = Partial<
  Record<Lang, { site: PageHead; pages: Record<string, Frame>; patterns?: HeadPattern[] }>
>;

/**
 * The head of `pathname` by the first pattern it matches, its parameters put in (decoded, raw:
 * the caller escapes), or null. A parameter that is empty, undecodable or longer than
 * HEAD_PARAM_MAX matches nothing.
 */
export function headOfPattern(
  patterns: readonly HeadPattern[],
  pathname: string,
): { head: PageHead; frameOf: string } | null {
  const parts = pathname.split('/');
  for (const p of patterns) {
    const want = p.pattern.split('/');
    if (want.length !== parts.length) continue;
    const values = new Map<string, string>();
    const matched = want.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith(':')) return segment === part;
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return false;
      }
      if (value === '' || value.length > HEAD_PARAM_MAX) return false;
      values.set(segment.slice(1), value);
      return true;
    });
    if (!matched) continue;
    const fill = (text: string) =>
      text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => values.get(name) ?? all);
    return { head: { title: fill(p.title), description: fill(p.description) }, frameOf: p.frameOf };
  }
  return null;
}
