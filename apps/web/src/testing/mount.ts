/**
 * React in a unit test (happy-dom): `mount` renders into a fresh element of the document inside
 * `act`, `rerender` renders again into it, and after each test the tree unmounts and its element
 * leaves the page. A test file imports these instead of keeping a root and a host of its own.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounted: { root: Root; host: HTMLElement } | null = null;

/** Unmounts what `mount` rendered and removes its element (after each test, or earlier). */
export function unmount(): void {
  if (!mounted) return;
  const { root, host } = mounted;
  mounted = null;
  act(() => root.unmount());
  host.remove();
}

/** Renders `node` into a new element appended to the document; returns that element. */
export function mount(node: ReactNode): HTMLElement {
  unmount();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  mounted = { root, host };
  act(() => root.render(node));
  return host;
}

/** Renders `node` again into the element of the last `mount`. */
export function rerender(node: ReactNode): void {
  if (!mounted) throw new Error('rerender before mount');
  const { root } = mounted;
  act(() => root.render(node));
}

afterEach(unmount);
