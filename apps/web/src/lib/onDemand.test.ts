import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './onDemand.ts';

describe('loadOnce', () => {
  it('fetches once however often it is asked (the click and the pointer on its way)', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const once = loadOnce(load);
    const first = once();
    expect(once()).toBe(first);
    await expect(first).resolves.toBe('module');
    await once();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('module');
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('offline');
    await expect(once()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
