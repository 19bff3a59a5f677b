// @vitest-environment happy-dom
import { act, type Dispatch, type SetStateAction, useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDraft } from './draft.ts';

// React reads this flag to allow act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let setDraft: Dispatch<SetStateAction<string>> = () => undefined;
/** Every draft the screen showed, one entry per commit. */
const shown: string[] = [];

function Box({ applied }: { applied: string }) {
  const [draft, set] = useDraft(applied, applied);
  setDraft = set;
  useLayoutEffect(() => {
    shown.push(draft);
  });
  return <output>{draft}</output>;
}

function render(applied: string): void {
  act(() => root.render(<Box applied={applied} />));
}

beforeEach(() => {
  root = createRoot(document.createElement('div'));
  shown.length = 0;
});

afterEach(() => {
  act(() => root.unmount());
});

describe('useDraft', () => {
  it('starts from the applied value and keeps what is typed while it stays', () => {
    render('热卷');
    act(() => setDraft('热卷 Q235'));
    render('热卷');
    expect(shown).toEqual(['热卷', '热卷 Q235', '热卷 Q235']);
  });

  it('starts over when the applied value changes, without ever showing the stale draft', () => {
    render('热卷');
    act(() => setDraft('typed'));
    render('冷轧');
    // An effect copying the prop would have committed 'typed' once more before '冷轧'.
    expect(shown).toEqual(['热卷', 'typed', '冷轧']);
  });
});
