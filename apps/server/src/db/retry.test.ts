/** The retry of deadlocked or serialization-failed transactions (pure: a stand-in database). */
import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { isRetryableConflict, transactionWithRetry } from './retry.ts';

/** A database whose transaction runs the work as given (no SQL). */
const fakeDb = { transaction: (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;

/** A driver error with a SQLSTATE, wrapped the way Drizzle wraps a failed query. */
const pgError = (code: string) =>
  Object.assign(new Error('Failed query: select ...'), { cause: Object.assign(new Error('x'), { code }) });

describe('transactionWithRetry', () => {
  it('recognises a deadlock and a serialization failure, also wrapped', () => {
    expect(isRetryableConflict(pgError('40P01'))).toBe(true);
    expect(isRetryableConflict(pgError('40001'))).toBe(true);
    expect(isRetryableConflict(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(isRetryableConflict(pgError('23505'))).toBe(false);
    expect(isRetryableConflict(new Error('支付金额与订单不符'))).toBe(false);
    expect(isRetryableConflict(null)).toBe(false);
  });

  it('runs the work again after a deadlock and answers its result', async () => {
    let runs = 0;
    const result = await transactionWithRetry(fakeDb, async () => {
      runs += 1;
      if (runs < 3) throw pgError(runs === 1 ? '40P01' : '40001');
      return 'paid';
    });
    expect(result).toBe('paid');
    expect(runs).toBe(3);
  });

  it('gives up after the bounded number of attempts with the last error', async () => {
    let runs = 0;
    const failing = transactionWithRetry(
      fakeDb,
      async () => {
        runs += 1;
        throw pgError('40P01');
      },
      { attempts: 4 },
    );
    await expect(failing).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(runs).toBe(4);
  });

  it('never repeats work that failed for another reason', async () => {
    let runs = 0;
    const failing = transactionWithRetry(fakeDb, async () => {
      runs += 1;
      throw pgError('23505');
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(runs).toBe(1);
  });
});
