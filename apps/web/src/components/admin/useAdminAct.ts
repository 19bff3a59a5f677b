import { App } from 'antd';
import { useCallback } from 'react';

/**
 * An operator's action with its outcome told: `act(work, done)` runs `work`, shows `done` when
 * it succeeds and the server's message when it fails. Resolves true on success, so a drawer
 * can close only then.
 */
export function useAdminAct(): (work: () => Promise<unknown>, done: string) => Promise<boolean> {
  const { message } = App.useApp();
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
