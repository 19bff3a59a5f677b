/**
 * Renders antd's App (message, notification, confirm) once the portal first needs it
 * (lib/feedback.ts): on the first call, or the visitor's first key or pointer press, which
 * usually comes before the toast it leads to. Until then it renders nothing, and the 16 KB of
 * antd's feedback stay out of the first load.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { feedbackWanted, onFeedbackWanted, wantFeedback } from '../lib/feedback.ts';

const FeedbackApis = lazy(() =>
  import('./FeedbackApis.tsx').then((module) => ({ default: module.FeedbackApis })),
);

/** antd's App, loaded on the first wish; `notificationDuration` in seconds. */
export function FeedbackHost({ notificationDuration }: { notificationDuration: number }) {
  const [wanted, setWanted] = useState(feedbackWanted);
  useEffect(() => {
    if (feedbackWanted()) setWanted(true);
    const stop = onFeedbackWanted(() => setWanted(true));
    // A toast mostly answers a click or a key: start loading at the first one.
    const early = () => wantFeedback();
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', early, options);
    window.addEventListener('keydown', early, options);
    return () => {
      stop();
      window.removeEventListener('pointerdown', early, options);
      window.removeEventListener('keydown', early, options);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackApis notificationDuration={notificationDuration} />
    </Suspense>
  );
}
