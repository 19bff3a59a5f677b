// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { mount } from '../testing/mount.ts';
import { Pager, pageSlots } from './Pager.tsx';

let host: HTMLElement;
const render = (node: React.ReactNode) => {
  host = mount(node);
};

beforeAll(() => {
  initI18n('zh-CN');
});

describe('pageSlots', () => {
  it('lists every page of a short list', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and two pages on each side, as antd lays them out', () => {
    expect(pageSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 'jump-next', 20]);
    expect(pageSlots(3, 20)).toEqual([1, 2, 3, 4, 5, 'jump-next', 20]);
    expect(pageSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'jump-next', 20]);
    expect(pageSlots(8, 20)).toEqual([1, 'jump-prev', 6, 7, 8, 9, 10, 'jump-next', 20]);
    expect(pageSlots(17, 20)).toEqual([1, 'jump-prev', 15, 16, 17, 18, 19, 20]);
    expect(pageSlots(20, 20)).toEqual([1, 'jump-prev', 16, 17, 18, 19, 20]);
  });
});

describe('Pager', () => {
  it('gives every page a link to its address and pages in place on a plain click', () => {
    const asked: number[] = [];
    render(
      <Pager
        current={8}
        total={200}
        pageSize={10}
        hrefOf={(page) => `/agency?page=${page}`}
        onChange={(page) => asked.push(page)}
      />,
    );
    const nav = host.querySelector('nav')!;
    expect(nav.getAttribute('aria-label')).toBe('分页');
    const current = host.querySelector<HTMLAnchorElement>('.ant-pagination-item-active a')!;
    expect(current.textContent).toBe('8');
    expect(current.getAttribute('aria-current')).toBe('page');
    const nine = host.querySelector<HTMLAnchorElement>('.ant-pagination-item-9 a')!;
    expect(nine.getAttribute('href')).toBe('/agency?page=9');

    act(() => nine.click());
    expect(asked).toEqual([9]);
    // A jump of five and the arrows.
    act(() => host.querySelector<HTMLAnchorElement>('.ant-pagination-jump-next a')!.click());
    act(() => host.querySelector<HTMLAnchorElement>('.ant-pagination-prev a')!.click());
    expect(asked).toEqual([9, 13, 7]);
    expect(host.querySelector('.ant-pagination-jump-next a')?.getAttribute('title')).toBe('向后 5 页');

    // A click with a modifier is the browser's (a new tab): no paging in place.
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    act(() => {
      nine.dispatchEvent(event);
    });
    expect(asked).toEqual([9, 13, 7]);
    expect(event.defaultPrevented).toBe(false);
  });

  it('uses buttons without addresses and disables the arrow at either end', () => {
    const asked: number[] = [];
    render(<Pager size="small" current={1} total={25} pageSize={10} onChange={(page) => asked.push(page)} />);
    expect(host.querySelector('.ant-pagination-mini')).not.toBeNull();
    expect(host.querySelectorAll('a')).toHaveLength(0);
    const prev = host.querySelector<HTMLButtonElement>('.ant-pagination-prev button')!;
    expect(prev.disabled).toBe(true);
    expect(host.querySelector('.ant-pagination-prev')?.classList).toContain('ant-pagination-disabled');
    act(() => host.querySelector<HTMLButtonElement>('.ant-pagination-item-3 button')!.click());
    act(() => host.querySelector<HTMLButtonElement>('.ant-pagination-item-1 button')!.click());
    expect(asked).toEqual([3]);
  });
});
