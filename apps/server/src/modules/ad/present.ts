/** Presenters of ads (dates as ISO 8601 instants). */
import type { AdItem } from '@steelport/contracts';
import type { AdRow } from './repo.ts';

/**
 * A link leaves the server only when it is a path of this site or an http(s) address: a
 * `javascript:` link typed into the console must not reach a visitor's click.
 */
export function safeLink(url: string): string {
  return /^(\/(?!\/)|https?:\/\/)/i.test(url) ? url : '';
}

/** One ad. */
export function presentAd(r: AdRow): AdItem {
  return {
    ...r,
    imageUrl: safeLink(r.imageUrl),
    linkUrl: safeLink(r.linkUrl),
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
  };
}
