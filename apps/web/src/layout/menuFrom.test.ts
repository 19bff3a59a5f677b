import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../routes/allRoutes.ts';
import { resolveRouteMeta } from './routeMeta.ts';

/** The menu entry lit at `url` (path and query), as the layout resolves it. */
function menuKeyOf(url: string) {
  const [path, search = ''] = url.split('?');
  const matches = matchRoutes(allRoutes, path ?? '/') ?? [];
  return resolveRouteMeta(
    matches.map((match) => ({ handle: match.route.handle, params: match.params })),
    new URLSearchParams(search),
  ).menuKey;
}

describe('the menu entry of a screen opened from another (issue 35)', () => {
  it('keeps 现货 or 余料 lit on a firm page opened from them', () => {
    expect(menuKeyOf('/firminfo/12/normal?from=wareHouse')).toBe('/wareHouse');
    expect(menuKeyOf('/firminfo/12/normal?tab=surplus&from=surplus')).toBe('/surplus');
  });

  it('lights the firm page’s own section without a from, or with one naming no menu entry', () => {
    for (const url of [
      '/firminfo/12/normal',
      '/firminfo/12/normal?from=nowhere',
      '/firminfo/12/normal?from=',
    ]) {
      expect(menuKeyOf(url), url).toBe('/beginMain');
    }
  });

  it('is read only where the route asks for it', () => {
    expect(menuKeyOf('/beginMain?from=wareHouse')).toBe('/beginMain');
  });
});
