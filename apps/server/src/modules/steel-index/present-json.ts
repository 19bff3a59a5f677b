/**
 * A chart answer as the bytes sent, written once per cached series (issue 36). A ten-year series
 * is about a megabyte of JSON: writing it took most of each request's time (some 36,000 numbers,
 * about 6 ms, then the garbage), and so, once that was kept as text, did turning the text into
 * bytes on every reply (measuring its length, then encoding it for the socket: ~4 ms of CPU a
 * request), and for a browser, which always sends `Accept-Encoding`, compressing the megabyte
 * again on every request (brotli: ~56 ms of CPU, 7 requests a second). The service's caches hand
 * back the same list for the same ask, so its bytes, and their gzip once a client asked for it,
 * are kept beside the list for as long as the list lives: a recompute or a correction drops the
 * cached lists (service.ts#forget), and their bytes go with them.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ChartData } from '@steelport/contracts';

const gzipAsync = promisify(gzip);

/** One answer's bytes: its JSON, and (once asked for) the gzip of exactly those bytes. */
export interface ChartDataBytes {
  json: Buffer;
  /** The gzip of `json`, compressed once on the thread pool and shared by every later reply. */
  gzip(): Promise<Buffer>;
}

interface Kept {
  /** The list's JSON text inside the first answer written around it: other answers reuse it. */
  list: Buffer;
  /** Answers around the list by their depth fields' JSON (start, end, limit). */
  answers: Map<string, ChartDataBytes>;
}

/**
 * Answers kept per list. One list is answered with a few depths at most (the same window seen by
 * a visitor, a member and a VIP; listed dates beyond the window): a crawler's variety of dates
 * cannot grow it past this.
 */
const MAX_ANSWERS_PER_LIST = 4;

const kept = new WeakMap<object, Kept>();

/** The envelope's text before the list, as `ok(data)` and the response schema write it. */
const HEAD = Buffer.from('{"code":0,"message":"ok","data":{"list":');

/** The bytes of `answer` in its envelope: kept with its list, written on the first ask. */
export function chartDataBytes(answer: ChartData): ChartDataBytes {
  const { list: _list, ...fields } = answer;
  const depth = JSON.stringify(fields);
  let entry = kept.get(answer.list);
  const known = entry?.answers.get(depth);
  if (known) return known;
  const list = entry?.list ?? Buffer.from(JSON.stringify(answer.list));
  const tail = Buffer.from(depth === '{}' ? '}}' : `,${depth.slice(1)}}`);
  const json = Buffer.concat([HEAD, list, tail]);
  const bytes = gzipOnce(json);
  if (!entry) {
    // The list's bytes are a view into this first answer, not a copy of their own.
    entry = { list: json.subarray(HEAD.length, HEAD.length + list.length), answers: new Map() };
    kept.set(answer.list, entry);
  }
  if (entry.answers.size >= MAX_ANSWERS_PER_LIST) {
    entry.answers.delete(entry.answers.keys().next().value as string);
  }
  entry.answers.set(depth, bytes);
  return bytes;
}

/** `json` with a gzip made on the first call; a failed compression is tried again next time. */
function gzipOnce(json: Buffer): ChartDataBytes {
  let zipped: Promise<Buffer> | null = null;
  return {
    json,
    gzip() {
      zipped ??= gzipAsync(json).catch((err: unknown) => {
        zipped = null;
        throw err;
      });
      return zipped;
    },
  };
}

/**
 * Whether a request's `Accept-Encoding` takes gzip: `gzip` (or `x-gzip`, or `*`) listed with a
 * q-value above 0 (RFC 9110 12.5.3). Every browser sends it; a client that sends none gets the
 * JSON as it is.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false;
  const codings = (Array.isArray(header) ? header.join(',') : header).toLowerCase().split(',');
  let star = false;
  for (const coding of codings) {
    const [name = '', ...params] = coding.split(';').map((part) => part.trim());
    const q = params.find((p) => p.startsWith('q='));
    const wanted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return wanted;
    if (name === '*') star = wanted;
  }
  return star;
}

/**
 * The Vary header of an answer chosen by Accept-Encoding: `accept-encoding` added to what is
 * already there (CORS varies on Origin when embedders are allowed), never in its place.
 */
export function varyOnEncoding(current: string | string[] | number | undefined): string {
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'accept-encoding'].join(', ');
}
