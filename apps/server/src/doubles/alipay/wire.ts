/**
 * Alipay's wire format as the double speaks it: times in Asia/Shanghai, yuan text, the signed
 * text (sorted `k=v` joined by `&`) and RSA2 over it, form bodies and the gateway's answers.
 */
import { createSign, createVerify, generateKeyPairSync, randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SHANGHAI_OFFSET_MS } from '../../dates.ts';
import type { KeyPair } from './types.ts';

export const GATEWAY_PATH = '/gateway.do';
export const SELLER_ID = '2088000000000001';
export const BUYER_LOGON_ID = '159****0000';

/** yyyy-MM-dd HH:mm:ss in Asia/Shanghai. */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses Alipay's time (Asia/Shanghai), undefined when absent or not a time. */
export function parseAlipayTime(text: unknown): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  if (!match) return undefined;
  const at = new Date(`${match[1]}T${match[2]}+08:00`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export function fenToYuan(fen: number): string {
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export function yuanToFen(yuan: unknown): number | null {
  const match = typeof yuan === 'string' ? /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(yuan) : null;
  return match ? Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`) : null;
}

export function digits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** The text Alipay signs: sorted keys, `k=v` joined by `&`, empty values and the excluded keys left out. */
export function signContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function rsa2Sign(text: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsa2Verify(text: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

export function rsaPair(): KeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function formFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  return fields;
}

/** An answer of the gateway: code 10000 or a business failure with its sub code. */
export type Answer = Record<string, string>;

export const ok = (fields: Record<string, string | undefined>): Answer => {
  const answer: Answer = { code: '10000', msg: 'Success' };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) answer[key] = value;
  return answer;
};
export const failed = (subCode: string, subMsg: string): Answer => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
});
export const invalid = (subCode: string, subMsg: string): Answer => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: subCode,
  sub_msg: subMsg,
});
