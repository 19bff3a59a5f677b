import type { adminPriceTableZhCN } from './admin-price-table.zh-CN.ts';

/** Price table rows (/admin/price-items): which items the public price tables show (issue 34). */
export const adminPriceTableEn: typeof adminPriceTableZhCN = {
  intro:
    'For each product the price tables show the {{rows}} items (grade + size + mill) quoted most over the last {{days}} days. A pinned item is always shown, a hidden one never; changes are audited and reach the portal at once.',
  product: 'Product',
  colGrade: 'Grade',
  colSpec: 'Size',
  colMill: 'Mill',
  colQuotes: 'Quotes, {{days}} days',
  colState: 'Setting',
  colShown: 'Portal',
  shown: 'Shown',
  notShown: 'Not shown',
  state: { auto: 'By frequency', pinned: 'Pinned', hidden: 'Hidden' },
  pin: 'Pin',
  hide: 'Hide',
  release: 'Back to frequency',
  done: { auto: 'Back to frequency: {{item}}', pinned: 'Pinned: {{item}}', hidden: 'Hidden: {{item}}' },
  empty: 'No recent quotes of this product',
};
