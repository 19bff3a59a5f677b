/** Steps shared by the lot screen specs (/wareHouse, /surplus): table cells, settling, downloads. */
import { expect, type Locator, type Page } from '@playwright/test';

/** A masked phone as visitors see it: 138****1234. */
export const MASKED_PHONE = /^\d{3}\*{4}\d{4}$/;

/** The lot table of the screen. */
export function lotTable(page: Page): Locator {
  return page.locator('.sp-lots__table').first();
}

/** The data rows of the lot table (not the empty-state row). */
export function lotRows(page: Page): Locator {
  return lotTable(page).locator('tbody tr.ant-table-row');
}

/**
 * Waits until the table shows real rows and no request is in flight. A search's first page
 * shows skeleton rows (`skeleton-n` keys, no spinner) until its answer arrives, so rows alone
 * do not mean the answer is on screen.
 */
export async function settled(page: Page): Promise<void> {
  await expect(lotTable(page).locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(lotTable(page).locator('tr[data-row-key^="skeleton-"]')).toHaveCount(0);
  await expect(lotRows(page).first()).toBeVisible();
}

/** The texts of one column (found by its header) over the rows on screen. */
export async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = (await lotTable(page).locator('thead th').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return (
    await lotRows(page)
      .locator(`td:nth-child(${index + 1})`)
      .allTextContents()
  ).map((text) => text.trim());
}

/** The ids of the rows on screen. */
export async function rowKeys(page: Page): Promise<string[]> {
  return lotRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key') ?? ''));
}

/** The chip of `value` in the facet group `facet` (品名, 材质...). */
export function facetChip(page: Page, facet: string, value: string): Locator {
  return page
    .getByRole('group', { name: facet, exact: true })
    .locator('.ant-tag')
    .filter({ hasText: new RegExp(`^${value}\\d*$`) });
}

/** Prices as numbers; 电议 (call for price) as null. */
export function prices(texts: string[]): (number | null)[] {
  return texts.map((text) => (text === '电议' ? null : Number(text.replace(/,/g, ''))));
}

/** The bean balance in the enquiry line (钢豆余额 N). */
export async function beanBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('enquiry-total').textContent()) ?? '';
  const match = /钢豆余额\s*(\d+)/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match?.[1]);
}
