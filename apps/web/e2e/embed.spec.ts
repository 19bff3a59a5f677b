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
  await page.waitForTimeout(1000);
  expect(await received(page)).toEqual([]);
});
