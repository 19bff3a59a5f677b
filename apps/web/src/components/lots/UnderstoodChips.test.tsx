// @vitest-environment happy-dom
/** The chips of an understood keyword: each kind's label, what a family, grade prefix or market takes in. */
import type { QueryToken } from '@steelport/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
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
});
