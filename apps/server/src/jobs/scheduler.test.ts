/** The daily schedule of the index job, in Shanghai time whatever the server's zone. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { msUntilNext } from './scheduler.ts';

const MINUTE = 60_000;

describe('index job schedule', () => {
  it('waits until 18:30 Shanghai today, or tomorrow once it has passed', () => {
    // 10:00 UTC = 18:00 in Shanghai
    expect(msUntilNext('18:30', new Date('2026-03-02T10:00:00Z'))).toBe(30 * MINUTE);
    // 18:30 exactly has just run: next is a day later
    expect(msUntilNext('18:30', new Date('2026-03-02T10:30:00Z'))).toBe(24 * 60 * MINUTE);
    expect(msUntilNext('00:05', new Date('2026-03-02T16:00:00Z'))).toBe(5 * MINUTE);
  });

  it('reads INDEX_JOB_TIME as HH:MM and refuses anything else', () => {
    expect(loadConfig({}).indexJobTime).toBe('18:30');
    expect(loadConfig({ INDEX_JOB_TIME: '07:05' }).indexJobTime).toBe('07:05');
    expect(() => loadConfig({ INDEX_JOB_TIME: '25:00' })).toThrow(/INDEX_JOB_TIME/);
  });
});
