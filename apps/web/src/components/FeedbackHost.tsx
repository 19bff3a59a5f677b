/**
 * Renders antd's App (message, notification, confirm) once the portal first needs it
 * (lib/feedback.ts): on the first call, or the visitor's first key or pointer press, which
 * usually comes before the toast it leads to. Until then it renders nothing, and the 16 KB of
 * antd's feedback stay out of the first load.
 *
 * The first toast is often the network's (a call failed because the connection dropped), so the
 * chunk may not arrive: that is not an error of the page (a `lazy` component would have thrown
 * it, and outside the router nothing catches it: the whole portal went blank). The calls stay
 * queued and the next wish (a call, a key or a pointer press) asks for the chunk again.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { feedbackFailed, feedbackWanted, onFeedbackWanted, wantFeedback } from '../lib/feedback.ts';

type ApisProps = { notificationDuration: number };

const loadApis = () => import('./FeedbackApis.tsx');

/**
 * antd's App, loaded on the first wish; `notificationDuration` in seconds; `load` fetches its
 * module (tests give one that fails).
 */
export function FeedbackHost({
  notificationDuration,
  load: loadModule = loadApis,
}: ApisProps & { load?: () => Promise<{ FeedbackApis: ComponentType<ApisProps> }> }) {
  const [Apis, setApis] = useState<ComponentType<ApisProps> | null>(null);
  useEffect(() => {
    let live = true;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      loadModule().then(
        (module) => {
          if (live) setApis(() => module.FeedbackApis);
        },
        () => {
          loading = false;
          feedbackFailed();
        },
      );
    };
    const stop = onFeedbackWanted(load);
    if (feedbackWanted()) load();
    // A toast mostly answers a click or a key: start loading at the first one.
    const early = () => wantFeedback();
    const options = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', early, options);
    window.addEventListener('keydown', early, options);
    return () => {
      live = false;
      stop();
      window.removeEventListener('pointerdown', early, options);
      window.removeEventListener('keydown', early, options);
    };
  }, [loadModule]);
  return Apis ? <Apis notificationDuration={notificationDuration} /> : null;
}
