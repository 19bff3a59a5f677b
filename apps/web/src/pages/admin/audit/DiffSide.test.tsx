import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiffSide } from './DiffSide.tsx';

const html = (value: unknown, other: unknown) =>
  renderToStaticMarkup(<DiffSide value={value} other={other} none="（无）" />);

describe('DiffSide', () => {
  it('marks the keys whose value differs on the other side', () => {
    const before = { id: 7, disabledAt: null, beans: 10 };
    const after = { id: 7, disabledAt: '2026-11-25T00:00:00Z', beans: 10 };
    const out = html(after, before);
    expect(out).toContain(
      '<mark class="sp-admin-diff__changed">  &quot;disabledAt&quot;: &quot;2026-11-25T00:00:00Z&quot;,\n</mark>',
    );
    expect(out).toContain('<span>  &quot;id&quot;: 7,\n</span>');
    expect(out).toContain('<span>  &quot;beans&quot;: 10\n</span>');
  });

  it('shows the none mark for a missing side and marks every key against it', () => {
    expect(html(null, { id: 1 })).toBe('<pre>（无）</pre>');
    expect(html({ id: 1 }, null)).toContain(
      '<mark class="sp-admin-diff__changed">  &quot;id&quot;: 1\n</mark>',
    );
  });

  it('prints a value that is not an object as plain JSON', () => {
    expect(html([1, 2], null)).toBe('<pre>[\n  1,\n  2\n]</pre>');
  });
});
