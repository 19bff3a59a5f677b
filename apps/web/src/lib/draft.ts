/**
 * A draft the user edits before applying it (the keyword box, the thickness and width ranges):
 * local state that starts over from the applied value whenever that value changes (a search
 * from elsewhere, back and forward, a removed chip). It is adjusted while rendering, as React
 * recommends, rather than copied in an effect: an effect would paint the stale draft once and
 * render twice for every change.
 */
import { type Dispatch, type SetStateAction, useState } from 'react';

/**
 * Returns `[draft, setDraft]`; the draft becomes `value` again whenever `key` (a string that
 * names the applied value) changes. Equal keys keep what the user is typing.
 */
export function useDraft<T>(value: T, key: string): [T, Dispatch<SetStateAction<T>>] {
  const [draft, setDraft] = useState(value);
  const [draftOf, setDraftOf] = useState(key);
  if (draftOf !== key) {
    setDraftOf(key);
    setDraft(value);
  }
  return [draft, setDraft];
}
