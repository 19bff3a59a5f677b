import http from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, createSession, openWithSession, USERS } from './helpers.ts';

// ALLOWED_EMBED_ORIGINS of the e2e server (playwright.config.ts).
const PARENT_PORT = Number(process.env.E2E_PORT ?? 3211) + 1;
const ALLOWED_PARENT = `http://127.0.0.1:${PARENT_PORT}`;

/** A parent page that frames the embedded firm page and records every message it receives. */
const PARENT_PAGE = `<!doctype html><html><body>
<script>
  window.received = [];
  window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
  // What a framed page of the same origin asks to send (its calls reach this function).
  window.attempts = [];
  const post = window.postMessage.bind(window);
  window.postMessage = (message, targetOrigin, ...rest) => {
    window.attempts.push(targetOrigin);
    return post(message, targetOrigin, ...rest);
  };
</script>
<iframe title="firm" src="${BASE_URL}/firminfo/3/embed" width="900" height="600"></iframe>
</body></html>`;

// A real server for the embedding site: Chromium refuses to let a page without a network
// address (a Playwright-fulfilled one) frame a loopback address.
let parentServer: http.Server;

test.beforeAll(async () => {
  parentServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PARENT_PAGE);
  });
  await new Promise<void>((resolve) => parentServer.listen(PARENT_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => parentServer.close(resolve));
});

async function received(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { received: unknown[] }).received);
}

test('the token is posted to an allowed embedding parent only', async ({ page, request }) => {
  const { token } = await createSession(request, USERS.member);
  await openWithSession(page, '/login', { 'X-Token': token });

  await page.goto(`${ALLOWED_PARENT}/parent.html`);
  const frame = page.frameLocator('iframe[title="firm"]');
  await expect(frame.getByRole('heading', { name: '商户报价' })).toBeVisible();
  await expect.poll(() => received(page)).toEqual([{ origin: BASE_URL, data: { 'X-Token': token } }]);

  // The portal may frame itself ('self'), but its own origin is not an allowed embedder: the
  // message addressed to the allowed origin is not delivered to it.
  await page.route(`${BASE_URL}/__parent.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: PARENT_PAGE }),
  );
  await page.goto(`${BASE_URL}/__parent.html`);
  await expect(frame.getByRole('heading', { name: '商户报价' })).toBeVisible();
  // The portal did address its token to the allowed origin...
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { attempts: string[] }).attempts))
    .toContain(ALLOWED_PARENT);
  // ...and the browser did not deliver it here. Messages arrive in the order they were posted:
  // once a marker posted after the portal's message has arrived, the portal's would have too.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data === 'marker') resolve();
        });
        window.postMessage('marker', '*');
      }),
  );
  expect((await received(page)).filter((m) => (m as { data: unknown }).data !== 'marker')).toEqual([]);
});
