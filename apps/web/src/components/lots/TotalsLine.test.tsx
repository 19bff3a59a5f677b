// @vitest-environment happy-dom
/**
 * The totals line of the lot screens (issue 35): an average price per product, never one over
 * hot-rolled and galvanized together; — when every row is 电议.
 */
import type { LotTotals } from '@steelport/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { TotalsLine } from './TotalsLine.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

function line(products: LotTotals['products']): string {
  const totals: LotTotals = { rows: 1234, pieces: 2000, weight: 45678.9, suppliers: 12, products };
  host = document.createElement('div');
  root = createRoot(host);
  act(() => root?.render(<TotalsLine totals={totals} />));
  return host.textContent ?? '';
}

beforeAll(() => {
  initI18n('zh-CN');
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

const product = (name: string, avgPrice: number | null) => ({ product: name, rows: 1, weight: 10, avgPrice });

describe('TotalsLine', () => {
  it('names each product with its own average, in the order the server gives', () => {
    expect(line([product('热轧卷板', 3421.36), product('镀锌卷', 4512), product('冷轧卷板', null)])).toBe(
      '共 1,234 条 · 2,000 件 · 45,679 吨 · 12 家供应商 均价 热轧卷板 3,421 元/吨 · 镀锌卷 4,512 元/吨',
    );
  });

  it('shows the first four and counts the rest', () => {
    const names = ['热轧卷板', '镀锌卷', '冷轧卷板', '酸洗板', '中厚板', '彩涂卷'];
    expect(line(names.map((name, i) => product(name, 4000 + i)))).toMatch(
      /均价 热轧卷板 4,000 元\/吨 · 镀锌卷 4,001 元\/吨 · 冷轧卷板 4,002 元\/吨 · 酸洗板 4,003 元\/吨 另有 2 个品名$/,
    );
  });

  it('says — when no product has a priced row', () => {
    expect(line([product('热轧卷板', null)])).toMatch(/家供应商 均价 —$/);
    expect(line([])).toMatch(/均价 —$/);
  });
});
