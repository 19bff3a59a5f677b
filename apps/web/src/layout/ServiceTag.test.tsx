// @vitest-environment happy-dom
import type { OpenCheck } from '@steelport/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openCheckKeys } from '../api/openCheck.ts';
import { initI18n } from '../i18n/index.ts';
import { ServiceTag } from './ServiceTag.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

/** Renders the tag of each path with openCheck answered as `open`. */
function render(paths: string[], open: Record<string, boolean> | null): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (open) {
    const answer: OpenCheck = {
      services: Object.entries(open).map(([key, isOpen]) => ({ key, name: key, open: isOpen, note: '' })),
      open,
    };
    client.setQueryData(openCheckKeys.all, answer);
  }
  host = document.createElement('div');
  root = createRoot(host);
  act(() =>
    root!.render(
      <QueryClientProvider client={client}>
        {paths.map((p) => (
          <span key={p} data-path={p}>
            <ServiceTag path={p} />
          </span>
        ))}
      </QueryClientProvider>,
    ),
  );
  return paths.map((p) => `${p}:${host.querySelector(`[data-path="${p}"]`)?.textContent ?? ''}`).join(' ');
}

beforeAll(() => {
  initI18n('zh-CN');
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('ServiceTag (openCheck in the menu)', () => {
  it('marks a closed service 即将开放 and leaves open ones and other entries alone', () => {
    expect(
      render(['/', '/process', '/beginInspection', '/beginClound'], {
        inspection: false,
        processing: true,
        cloudWarehouse: true,
      }),
    ).toBe('/: /process: /beginInspection:即将开放 /beginClound:');
  });

  it('treats a service missing from the answer as closed', () => {
    expect(render(['/beginClound'], { inspection: true })).toBe('/beginClound:即将开放');
  });
});
