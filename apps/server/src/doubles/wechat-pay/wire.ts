/** Helpers of the WeChat Pay double: its error answers, ids, Beijing time, JSON fields, bodies. */
import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** WeChat's window for a request's Authorization timestamp. */
export const CLOCK_SKEW_SECONDS = 300;

/** A WeChat-shaped error answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function digits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

export function beijingNow(): string {
  return `${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

export function obj(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
