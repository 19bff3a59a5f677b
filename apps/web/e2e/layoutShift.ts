/**
 * Layout shift while a screen's data loads (CONTRIBUTING: nothing moves when data arrives): a
 * buffered `layout-shift` PerformanceObserver installed before the page's own scripts adds up every
 * shift not caused by input; the sum must stay under CLS_LIMIT. audit.spec.ts and english.spec.ts.
 */
import { type BrowserContext, expect, type Page } from '@playwright/test';

export const CLS_LIMIT = 0.05;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Records every layout shift of each new document of `target` (a page, or all of a context's). */
export async function recordShifts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const describe = (node: Node | null | undefined): string => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return '?';
      const classes = [...element.classList].slice(0, 3).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
    };
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const shifts: Shift[] = [];
    window.__shifts = shifts;
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map(
            (s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Holds every API answer of `page` back `ms` (a request whose URL has `/api/`), so a data screen
 * always paints its loading state before the data replaces it. Returns the function that stops
 * it. Through a CDP session's Fetch domain paused on `/api/` only: `page.route` would pause every
 * request (scripts, stylesheets) in the test's process and switch the page's HTTP cache off, which
 * cost 0.3-0.7 CPU-seconds and most of a second of wall time a load (CONTRIBUTING.md, Tests).
 */
export async function holdApiAnswers(page: Page, ms: number): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  session.on('Fetch.requestPaused', ({ requestId }) => {
    // The page may have gone (closed, navigated) by then: nothing is waiting for the answer.
    setTimeout(() => session.send('Fetch.continueRequest', { requestId }).catch(() => {}), ms);
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/*', requestStage: 'Request' }] });
  return async () => {
    await session.send('Fetch.disable').catch(() => {});
    await session.detach().catch(() => {});
  };
}

/** Waits until the observer has had the frames the last layout produced. */
async function settledShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve(window.__shifts ?? []), 0)),
        ),
      ),
  );
}

/** Fails when the shifts since the document started add up to CLS_LIMIT or more (printed). */
export async function expectNoShift(page: Page, path: string): Promise<void> {
  const shifts = await settledShifts(page);
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const detail = shifts
    .map((s) => `  ${s.value.toFixed(4)} at ${s.at} ms\n${s.sources.map((x) => `    ${x}`).join('\n')}`)
    .join('\n');
  if (shifts.length) console.log(`CLS ${path}: ${cls.toFixed(4)}\n${detail}`);
  expect(cls, `layout shifts on ${path}:\n${detail}`).toBeLessThan(CLS_LIMIT);
}
