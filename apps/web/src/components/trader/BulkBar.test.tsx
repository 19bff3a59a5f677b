// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { type BulkAction, BulkBar } from './BulkBar.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

function render(props: { selected: number[]; actions: readonly BulkAction[]; pageIds?: number[] }) {
  const onSelect = vi.fn();
  const onAction = vi.fn();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root?.render(
      <BulkBar
        pageIds={props.pageIds ?? [1, 2, 3]}
        selected={props.selected}
        actions={props.actions}
        busy={false}
        onSelect={onSelect}
        onAction={onAction}
      />,
    ),
  );
  return { onSelect, onAction };
}

const buttons = () =>
  [...host.querySelectorAll('button')].map((button) => button.textContent?.replace(/\s/g, ''));
const button = (text: string) =>
  [...host.querySelectorAll('button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === text,
  ) as HTMLButtonElement;

beforeAll(async () => {
  initI18n('zh-CN');
  // The workspace texts join when the account screen loads (i18n/workspace.ts).
  await import('../../i18n/workspace.ts');
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

describe('BulkBar', () => {
  it('offers 全选本页 only while nothing is selected', () => {
    const { onSelect } = render({ selected: [], actions: ['sold', 'onSale', 'reprice', 'delete'] });
    expect(host.textContent).toContain('全选本页');
    expect(buttons()).toEqual([]);
    act(() => host.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click());
    expect(onSelect).toHaveBeenCalledWith([1, 2, 3]);
  });

  it('names the count and the actions of the kind; 标记已售 acts at once', () => {
    const { onAction, onSelect } = render({
      selected: [2],
      actions: ['sold', 'onSale', 'reprice', 'delete'],
    });
    expect(host.textContent).toContain('已选 1 条');
    expect(buttons()).toEqual(['标记已售', '重新上架', '调价', '删除', '取消选择']);
    act(() => button('标记已售').click());
    expect(onAction).toHaveBeenCalledWith('sold');
    act(() => button('取消选择').click());
    expect(onSelect).toHaveBeenCalledWith([]);
  });

  it('gives quotes 调价 and 删除 only; 删除 asks before it acts', () => {
    const { onAction } = render({ selected: [1, 2, 3], actions: ['reprice', 'delete'] });
    expect(buttons()).toEqual(['调价', '删除', '取消选择']);
    act(() => button('删除').click());
    expect(onAction).not.toHaveBeenCalled();
  });

  it('cannot select a page that has not loaded', () => {
    render({ selected: [], actions: ['delete'], pageIds: [] });
    expect(host.querySelector<HTMLInputElement>('input[type="checkbox"]')?.disabled).toBe(true);
  });
});
