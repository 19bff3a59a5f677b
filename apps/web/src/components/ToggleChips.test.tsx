// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mount } from '../testing/mount.ts';
import { ToggleChips, toggled } from './ToggleChips.tsx';

let host: HTMLElement;

const OPTIONS = ['Lecong HRC', 'Shanghai HRC', 'Tianjin HRC', 'Shanghai CRC'].map((label, i) => ({
  value: i + 1,
  label,
}));

/** The chips with their own state, as the trend chart holds them; `changes` records each onChange. */
function render(start: number[], changes: number[][] = []) {
  function Chips() {
    const [value, setValue] = useState(start);
    return (
      <ToggleChips
        aria-label="Indexes"
        options={OPTIONS}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        max={3}
        min={1}
        hint="Up to 3 indexes"
      />
    );
  }
  host = mount(<Chips />);
  return changes;
}

const chips = () => [...host.querySelectorAll<HTMLButtonElement>('button')];
const chip = (name: string) => chips().find((c) => c.textContent === name)!;
const pressed = () =>
  chips()
    .filter((c) => c.getAttribute('aria-pressed') === 'true')
    .map((c) => c.textContent);
const press = (target: HTMLElement, key: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });

describe('ToggleChips', () => {
  it('is a labelled group of toggle buttons in antd CheckableTag classes, described by the limit', () => {
    render([2]);
    const group = host.querySelector('fieldset')!;
    expect(group.getAttribute('aria-label')).toBe('Indexes');
    expect(chips()).toHaveLength(4);
    expect(pressed()).toEqual(['Shanghai HRC']);
    expect(chip('Shanghai HRC').className).toContain('ant-tag-checkable-checked');
    expect(chip('Lecong HRC').className).toContain('ant-tag ant-tag-checkable');
    const hint = document.getElementById(chip('Lecong HRC').getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Up to 3 indexes');
  });

  it('adds and removes on a tap, in tap order', () => {
    const changes = render([2]);
    act(() => chip('Shanghai CRC').click());
    act(() => chip('Lecong HRC').click());
    expect(changes).toEqual([
      [2, 4],
      [2, 4, 1],
    ]);
    act(() => chip('Shanghai CRC').click());
    expect(changes.at(-1)).toEqual([2, 1]);
    expect(pressed()).toEqual(['Lecong HRC', 'Shanghai HRC']);
  });

  it('stops at the limit: the others are disabled until one is let go', () => {
    const changes = render([1, 2, 3]);
    const last = chip('Shanghai CRC');
    expect(last.getAttribute('aria-disabled')).toBe('true');
    expect(last.className).toContain('ant-tag-checkable-disabled');
    act(() => last.click());
    expect(changes).toEqual([]);
    expect(pressed()).toEqual(['Lecong HRC', 'Shanghai HRC', 'Tianjin HRC']);
    // the chosen ones stay free to let go
    expect(chip('Lecong HRC').hasAttribute('aria-disabled')).toBe(false);
    act(() => chip('Lecong HRC').click());
    expect(last.hasAttribute('aria-disabled')).toBe(false);
    act(() => last.click());
    expect(changes.at(-1)).toEqual([2, 3, 4]);
  });

  it('never leaves the choice empty: the last chosen chip keeps itself', () => {
    const changes = render([3]);
    const only = chip('Tianjin HRC');
    expect(only.getAttribute('aria-disabled')).toBe('true');
    act(() => only.click());
    expect(changes).toEqual([]);
    expect(pressed()).toEqual(['Tianjin HRC']);
  });

  it('is one stop of the Tab key; the arrows, Home and End move between chips', () => {
    render([3]);
    // the Tab key lands on the first chosen chip
    expect(chips().map((c) => c.tabIndex)).toEqual([-1, -1, 0, -1]);
    act(() => chip('Tianjin HRC').focus());
    press(chip('Tianjin HRC'), 'ArrowRight');
    expect(document.activeElement).toBe(chip('Shanghai CRC'));
    expect(chips().map((c) => c.tabIndex)).toEqual([-1, -1, -1, 0]);
    press(chip('Shanghai CRC'), 'ArrowRight');
    expect(document.activeElement).toBe(chip('Lecong HRC'));
    press(chip('Lecong HRC'), 'ArrowLeft');
    expect(document.activeElement).toBe(chip('Shanghai CRC'));
    press(chip('Shanghai CRC'), 'Home');
    expect(document.activeElement).toBe(chip('Lecong HRC'));
    press(chip('Lecong HRC'), 'End');
    expect(document.activeElement).toBe(chip('Shanghai CRC'));
    // Space and Enter are the button's own: they click the focused chip
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(pressed()).toEqual(['Tianjin HRC', 'Shanghai CRC']);
  });
});

describe('toggled', () => {
  it('adds under the limit, removes above the minimum, else keeps the same array', () => {
    const chosen = [1, 2] as const;
    expect(toggled(chosen, 3, 3, 1)).toEqual([1, 2, 3]);
    expect(toggled(chosen, 1, 3, 1)).toEqual([2]);
    expect(toggled(chosen, 3, 2, 1)).toBe(chosen);
    expect(toggled([1], 1, 3, 1)).toEqual([1]);
    expect(toggled([1], 1, 3, 0)).toEqual([]);
  });
});
