import { useCallback } from 'react';
import { useFeedback } from '../../lib/feedback.ts';

/**
 * An operator's action with its outcome told: `act(work, done)` runs `work`, shows `done` when
 * it succeeds and the server's message when it fails. Resolves true on success, so a drawer
 * can close only then.
 */
export function useAdminAct(): (work: () => Promise<unknown>, done: string) => Promise<boolean> {
  const { message } = useFeedback();
  return useCallback(
    async (work, done) => {
      try {
        await work();
        message.success(done);
        return true;
      } catch (caught) {
        message.error((caught as Error).message);
        return false;
      }
    },
    [message],
  );
}
