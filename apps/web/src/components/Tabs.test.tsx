// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mount } from '../testing/mount.ts';
import { type TabItem, Tabs } from './Tabs.tsx';

let host: HTMLElement;
const render = (node: React.ReactNode) => {
  host = mount(node);
};

const tabs = () => [...host.querySelectorAll<HTMLElement>('[role="tab"]')];
const tab = (name: string) => tabs().find((t) => t.textContent === name)!;
const shownPanels = () =>
  [...host.querySelectorAll<HTMLElement>('[role="tabpanel"]')]
    .filter((p) => p.getAttribute('aria-hidden') === 'false')
    .map((p) => p.textContent);
const press = (target: HTMLElement, key: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });

const ITEMS: TabItem[] = [
  { key: 'stock', label: 'Stock', children: <input aria-label="kept" /> },
  { key: 'suppliers', label: 'Suppliers', children: <p>supplier list</p> },
  { key: 'method', label: 'Method', children: <p>method</p> },
];

describe('Tabs', () => {
  it('opens the first tab by itself, shows one panel and keeps a visited one mounted', () => {
    render(<Tabs aria-label="Views" items={ITEMS} />);
    expect(host.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Views');
    expect(tab('Stock').getAttribute('aria-selected')).toBe('true');
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(host.querySelectorAll('[role="tabpanel"]')).toHaveLength(1);

    const input = host.querySelector('input')!;
    input.value = 'typed';
    act(() => tab('Suppliers').click());
    expect(shownPanels()).toEqual(['supplier list']);
    expect(host.querySelector('.ant-tabs-tab-active')?.textContent).toBe('Suppliers');

    // Back to the first tab: its panel was hidden, not unmounted, so what was typed is still there.
    act(() => tab('Stock').click());
    expect(host.querySelector('input')).toBe(input);
    expect(input.value).toBe('typed');
  });

  it('drops a hidden panel with destroyOnHidden', () => {
    render(<Tabs destroyOnHidden items={ITEMS} />);
    act(() => tab('Suppliers').click());
    expect(host.querySelectorAll('[role="tabpanel"]')).toHaveLength(1);
    expect(host.querySelector('input')).toBeNull();
  });

  it('moves the focus with the arrows, Home and End, and opens the focused tab with Enter', () => {
    const opened: string[] = [];
    function Controlled() {
      const [key, setKey] = useState('suppliers');
      return (
        <Tabs
          activeKey={key}
          onChange={(next) => {
            opened.push(next);
            setKey(next);
          }}
          items={ITEMS}
        />
      );
    }
    render(<Controlled />);
    tab('Suppliers').focus();
    press(tab('Suppliers'), 'ArrowRight');
    expect(document.activeElement).toBe(tab('Method'));
    press(tab('Method'), 'ArrowRight');
    expect(document.activeElement).toBe(tab('Stock'));
    press(tab('Stock'), 'End');
    expect(document.activeElement).toBe(tab('Method'));
    press(tab('Method'), 'Home');
    expect(document.activeElement).toBe(tab('Stock'));
    expect(opened).toEqual([]);

    press(tab('Stock'), 'Enter');
    expect(opened).toEqual(['stock']);
    expect(tab('Stock').getAttribute('aria-selected')).toBe('true');
    expect(tab('Stock').tabIndex).toBe(0);
    // The open tab again: no change is reported.
    act(() => tab('Stock').click());
    expect(opened).toEqual(['stock']);
  });

  it('renders tabs without panels when the screen shows the content itself', () => {
    render(
      <Tabs
        activeKey="b"
        items={[
          { key: 'a', label: 'A' },
          { key: 'b', label: 'B' },
        ]}
      />,
    );
    expect(host.querySelectorAll('[role="tabpanel"]')).toHaveLength(0);
    expect(tab('B').getAttribute('aria-controls')).toBeNull();
    expect(tab('B').getAttribute('aria-selected')).toBe('true');
  });
});
