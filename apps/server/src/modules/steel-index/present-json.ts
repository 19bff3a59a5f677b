/**
 * A chart answer as JSON text, its series written once per cached series (issue 36). A ten-year
 * series is about a megabyte of JSON, and writing it took most of each request's time (some
 * 36,000 numbers, about 6 ms, then the garbage); the service's caches hand back the same list
 * for the same ask, so its text is kept beside it for as long as the list lives.
 */
import type { ChartData } from '@steelport/contracts';

const written = new WeakMap<object, string>();

/**
 * A reply's payload as JSON: the envelope of a chart answer with its series' kept text, anything
 * else (an error's envelope) as it is.
 */
export function chartDataJson(payload: unknown): string {
  const envelope = payload as { code?: unknown; data?: ChartData | null };
  const answer = envelope.code === 0 ? envelope.data : null;
  if (!answer || !Array.isArray(answer.list)) return JSON.stringify(payload);
  let list = written.get(answer.list);
  if (list === undefined) {
    list = JSON.stringify(answer.list);
    written.set(answer.list, list);
  }
  const { list: _list, ...depth } = answer;
  const rest = JSON.stringify(depth);
  return `{"code":0,"message":"ok","data":{"list":${list}${rest === '{}' ? '}' : `,${rest.slice(1)}`}}`;
}
