// @vitest-environment happy-dom
/**
 * The chips of an understood keyword: each kind's label, what a family, grade prefix or market
 * takes in, and a near miss's suggestion that searches again with the suggested word.
 */
import type { QueryToken } from '@steelport/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadEnglish, loadScreenEnglish } from '../../i18n/index.ts';
import { UnderstoodChips } from './KeywordBox.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

function chips(keyword: string, understood: QueryToken[]) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<UnderstoodChips keyword={keyword} understood={understood} onChange={() => {}} />));
  return Object.fromEntries(
    [...host.querySelectorAll('[data-kind]')].map((tag) => [
      tag.getAttribute('data-kind'),
      tag.textContent?.replace(/\s/g, ''),
    ]),
  );
}

beforeAll(() => {
  initI18n('zh-CN');
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

describe('UnderstoodChips', () => {
  it('says what each word selects', () => {
    expect(
      chips('冷轧 DX51D 3-4 ≥1250 上海 现货', [
        { text: '冷轧', kind: 'family', value: '冷轧', includes: ['冷轧卷板', '冷轧板'] },
        { text: 'DX51D', kind: 'material', value: 'DX51D', includes: ['DX51D+AZ', 'DX51D+Z'] },
        { text: '3-4', kind: 'thicknessRange', value: '3-4' },
        { text: '≥1250', kind: 'widthRange', value: '≥1250' },
        { text: '上海', kind: 'city', value: '上海', includes: ['张家港'] },
        { text: '现货', kind: 'ignored', value: '现货' },
      ]),
    ).toEqual({
      family: '品类冷轧（含冷轧卷板、冷轧板）',
      material: '材质DX51D（含DX51D+AZ、DX51D+Z）',
      thicknessRange: '厚度范围3-4',
      widthRange: '宽度范围≥1250',
      city: '上海市场·含张家港',
      ignored: '已忽略（少于3个字）现货',
    });
  });

  it('offers a near miss and searches again with the suggested word in its place', () => {
    const onChange = vi.fn();
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const understood: QueryToken[] = [
      { text: '热卷', kind: 'product', value: '热轧卷板' },
      {
        text: '宝纲',
        kind: 'ignored',
        value: '宝纲',
        suggestion: { word: '宝钢', kind: 'origin', value: '宝钢' },
      },
      {
        text: 'spccsd',
        kind: 'text',
        value: 'SPCCSD',
        suggestion: { word: 'SPCC-SD', kind: 'material', value: 'SPCC-SD' },
      },
      { text: '现货', kind: 'ignored', value: '现货' },
    ];
    act(() =>
      root?.render(
        <UnderstoodChips keyword="热卷 宝纲 spccsd 现货" understood={understood} onChange={onChange} />,
      ),
    );
    const buttons = [...host.querySelectorAll<HTMLButtonElement>('[data-testid="suggestion"]')];
    expect(buttons.map((b) => b.textContent)).toEqual([
      '您是不是要找「宝钢」（产地）？',
      '您是不是要找「SPCC-SD」（材质）？',
    ]);
    // each follows the chip it would replace
    expect(buttons[0]?.previousElementSibling?.getAttribute('data-kind')).toBe('ignored');
    act(() => buttons[0]?.click());
    expect(onChange).toHaveBeenLastCalledWith('热卷 宝钢 spccsd 现货');
    act(() => buttons[1]?.click());
    expect(onChange).toHaveBeenLastCalledWith('热卷 宝纲 SPCC-SD 现货');
  });

  it('says what an alias names, in English too', async () => {
    const understood: QueryToken[] = [
      {
        text: '热扎卷',
        kind: 'text',
        value: '热扎卷',
        suggestion: { word: '热轧卷', kind: 'product', value: '热轧卷板' },
      },
    ];
    chips('热扎卷', understood);
    expect(host.querySelector('[data-testid="suggestion"]')?.textContent).toBe(
      '您是不是要找「热轧卷」（品名 热轧卷板）？',
    );
    act(() => root?.unmount());
    host.remove();
    i18n.addResourceBundle('en', 'translation', await loadEnglish(), true, true);
    // The market texts are a screen's: their English is fetched as an English page would.
    await loadScreenEnglish();
    await act(() => i18n.changeLanguage('en'));
    try {
      chips('热扎卷', understood);
      expect(host.querySelector('[data-testid="suggestion"]')?.textContent).toBe(
        'Did you mean “热轧卷” (Product 热轧卷板)?',
      );
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});
