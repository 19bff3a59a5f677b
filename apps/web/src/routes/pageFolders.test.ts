import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allRoutes } from './allRoutes.ts';
import { PAGE_FOLDERS, urlSegmentOf } from './pageFolders.ts';

/** Every page file, as `pages/<path>` (not loaded: the keys are enough). */
const pageFiles = Object.keys(import.meta.glob('../pages/**/*.tsx')).map((file) => file.slice(3));

/** A path of the segment where the segment alone is no screen. */
const EXAMPLE: Record<string, string> = { home: '/', firminfo: '/firminfo/1/normal' };

describe('URL segment -> page folder', () => {
  it.each(Object.entries(PAGE_FOLDERS))('/%s lives in pages/%s', (segment, folder) => {
    expect(pageFiles.some((file) => file.startsWith(`pages/${folder}/`))).toBe(true);
    const path = EXAMPLE[segment] ?? `/${segment}`;
    const pages = (matchRoutes(allRoutes, path) ?? []).map((match) => match.route.handle?.page);
    expect(pages).not.toContain('notFound');
  });

  it("names every screen folder's URL, except the two under /m", () => {
    const screens = pageFiles
      .map((file) => /^pages\/((?:vip\/)?[^/]+)\/index\.tsx$/.exec(file)?.[1])
      .filter((folder): folder is string => folder !== undefined && folder !== 'vip');
    const unnamed = screens.filter((folder) => urlSegmentOf(folder) === undefined);
    expect(unnamed.sort()).toEqual(['mobilePay', 'notFound', 'qrConfirm']);
  });
});
