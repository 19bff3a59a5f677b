/**
 * Hands the token to a page that embeds the portal in an iframe (docs/portal.md#embedding). The
 * targetOrigin argument makes the browser deliver the message only if the parent really is
 * that origin, so a hostile site framing us never receives the token.
 */
import { TOKEN_HEADER } from '@steelport/contracts';

interface EmbeddableWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
}

/** Posts `{ 'X-Token': token }` to the parent once per allowed origin; returns how many were posted. */
export function postTokenToParent(
  win: EmbeddableWindow,
  token: string | null,
  origins: readonly string[],
): number {
  // A top-level window is its own parent: nobody embeds us, nobody to tell.
  if (!token || !win.parent || (win.parent as unknown) === win) return 0;
  let posted = 0;
  for (const origin of origins) {
    // '*' would hand the token to any framing site; only exact origins are honoured.
    if (!origin || origin === '*') continue;
    win.parent.postMessage({ [TOKEN_HEADER]: token }, origin);
    posted += 1;
  }
  return posted;
}
