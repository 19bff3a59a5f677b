// @vitest-environment happy-dom
/**
 * The trade vocabulary in the page's language: English from the map in an English session, the
 * Chinese name (marked `lang="zh"`) where the map has none, the Chinese names in Chinese, and a
 * live language switch followed without a reload.
 */
import type { TradeNames } from '@steelport/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../api/client.ts';
import { i18n, initI18n, loadEnglish } from './index.ts';
import { nameIn, TradeName, tradeNameKeys, useTradeName } from './tradeNames.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NAMES: TradeNames = {
  lang: 'en',
  categories: {},
  families: {},
  products: { 热轧卷板: 'Hot-rolled coil' },
  mills: { 宝钢: 'Baosteel' },
  cities: { 上海: 'Shanghai' },
  warehouses: {},
};

let root: Root | null = null;
let host: HTMLElement;

function Names() {
  const name = useTradeName();
  return (
    <p>
      <span data-testid="product">{name('products', '热轧卷板')}</span>
      <span data-testid="mill">
        <TradeName kind="mills" name="宝钢" />
      </span>
      <span data-testid="missing">
        <TradeName kind="mills" name="日照" />
      </span>
    </p>
  );
}

function render(client: QueryClient) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root?.render(
      <QueryClientProvider client={client}>
        <Names />
      </QueryClientProvider>,
    ),
  );
}

const text = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.textContent;
const lang = (id: string) => host.querySelector(`[data-testid="${id}"] [lang]`)?.getAttribute('lang') ?? null;

/** A client that already holds the English map (as after GET /api/web/tradeNames?lang=en). */
function clientWithNames(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(tradeNameKeys.lang('en'), NAMES);
  return client;
}

beforeAll(async () => {
  initI18n('zh-CN');
  i18n.addResourceBundle('en', 'translation', await loadEnglish(), true, true);
});

afterEach(async () => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
  await i18n.changeLanguage('zh-CN');
});

describe('nameIn', () => {
  it('reads the map, and stands in the Chinese name marked when it lacks one', () => {
    expect(nameIn(NAMES, 'products', '热轧卷板')).toEqual({ text: 'Hot-rolled coil', zh: false });
    expect(nameIn(NAMES, 'mills', '日照')).toEqual({ text: '日照', zh: true });
    expect(nameIn(null, 'mills', '宝钢')).toEqual({ text: '宝钢', zh: false });
    expect(nameIn(NAMES, 'mills', '')).toEqual({ text: '', zh: false });
  });
});

describe('useTradeName and TradeName', () => {
  it('give the Chinese names in Chinese, unmarked', () => {
    render(clientWithNames());
    expect(text('product')).toBe('热轧卷板');
    expect(text('mill')).toBe('宝钢');
    expect(lang('missing')).toBeNull();
  });

  it('give the English names in English and mark a Chinese stand-in', async () => {
    await i18n.changeLanguage('en');
    render(clientWithNames());
    expect(text('product')).toBe('Hot-rolled coil');
    expect(text('mill')).toBe('Baosteel');
    expect(text('missing')).toBe('日照');
    expect(lang('missing')).toBe('zh');
    expect(lang('mill')).toBeNull();
  });

  it('follow a live language switch both ways', async () => {
    render(clientWithNames());
    expect(text('mill')).toBe('宝钢');
    await act(() => i18n.changeLanguage('en'));
    expect(text('mill')).toBe('Baosteel');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(text('mill')).toBe('宝钢');
  });

  it('read Chinese, marked, while the English map has not arrived', async () => {
    await i18n.changeLanguage('en');
    // a client without the map, and a server that has not answered yet
    const transport = http.transport;
    http.transport = () => new Promise(() => {});
    try {
      render(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
      expect(text('mill')).toBe('宝钢');
      expect(lang('mill')).toBe('zh');
    } finally {
      http.transport = transport;
    }
  });
});
