/**
 * antd's message, notification and confirm dialog, loaded with the first one shown (issue 36).
 *
 * antd's `App.useApp()` needed its `<App>` around the portal, and that brought the three
 * machineries (message, notification, the Modal with its dialog) into every first page, about
 * 16 KB gzip, though most visits show none of them. Screens call `useFeedback()` instead (the
 * same `message.success(...)`, `modal.confirm(...)`): a call waits here until
 * `components/FeedbackHost.tsx` has loaded antd's App (components/FeedbackApis.tsx) and handed
 * its instances over, then runs in order. The host starts that load on the first call, or as
 * soon as the visitor first presses a key or a pointer, so a toast after a click rarely waits.
 */
import type { useAppProps } from 'antd/es/app/context';

type AppApis = useAppProps;
type Args<F> = F extends (...args: infer A) => unknown ? A : never;

/** What screens use of antd's App: the calls run when antd's App has loaded, in order. */
export interface Feedback {
  message: {
    success: (...args: Args<AppApis['message']['success']>) => void;
    error: (...args: Args<AppApis['message']['error']>) => void;
  };
  modal: { confirm: (...args: Args<AppApis['modal']['confirm']>) => void };
  notification: {
    info: (...args: Args<AppApis['notification']['info']>) => void;
    destroy: (...args: Args<AppApis['notification']['destroy']>) => void;
  };
}

let apis: AppApis | null = null;
const waiting: ((apis: AppApis) => void)[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function run(call: (apis: AppApis) => void): void {
  if (apis) {
    call(apis);
    return;
  }
  waiting.push(call);
  wantFeedback();
}

/** Asks the host to load antd's App (the first call does it; a first key or pointer press too). */
export function wantFeedback(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/**
 * antd's App could not be loaded (the connection is down): the calls stay queued, and the next
 * wish asks for it again.
 */
export function feedbackFailed(): void {
  wanted = false;
}

/** Whether antd's App has been asked for; the host renders it from then on. */
export function feedbackWanted(): boolean {
  return wanted;
}

/** The host listens for the first wish (returns the unsubscribe). */
export function onFeedbackWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** antd's App hands its instances over once mounted (null when it unmounts); waiting calls run. */
export function publishFeedback(next: AppApis | null): void {
  apis = next;
  if (!next) return;
  for (const call of waiting.splice(0)) call(next);
}

const feedback: Feedback = {
  message: {
    success: (...args) => run((a) => void a.message.success(...args)),
    error: (...args) => run((a) => void a.message.error(...args)),
  },
  modal: { confirm: (...args) => run((a) => void a.modal.confirm(...args)) },
  notification: {
    info: (...args) => run((a) => a.notification.info(...args)),
    destroy: (...args) => run((a) => a.notification.destroy(...args)),
  },
};

/** The portal's toasts, notifications and confirm dialogs (one object, stable across renders). */
export function useFeedback(): Feedback {
  return feedback;
}
