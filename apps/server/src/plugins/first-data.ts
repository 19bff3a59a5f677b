/**
 * A public screen's first data in its page (issue 36; contracts first-data.ts): the calls a first,
 * logged-out visit of the screen makes, answered by the app itself through `app.inject` — the
 * same routes, validation, caches and limits as from the network, asked as the visitor (the
 * same address, so a search counts against the visitor's own allowance) and in the page's
 * language. Only answers with code 0 go in: a refusal is left for the portal to ask for and
 * show as it does.
 */
import {
  FIRST_DATA_ID,
  type FirstAnswer,
  type FirstCall,
  firstCallsOf,
  LANG_HEADER,
  type Lang,
} from '@steelport/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether a page address carries no query beyond its language: only those get data. */
export function isPlainAddress(url: string): boolean {
  const query = url.split('?')[1];
  if (!query) return true;
  return [...new URLSearchParams(query).keys()].every((key) => key === 'lang');
}

/** The answer of one call, or null when the app refused it. */
async function answer(
  app: FastifyInstance,
  request: FastifyRequest,
  call: FirstCall,
  lang: Lang,
): Promise<FirstAnswer | null> {
  const forwarded = request.headers['x-forwarded-for'];
  const response = await app.inject({
    method: call.method,
    url: call.url,
    remoteAddress: request.socket.remoteAddress,
    headers: {
      [LANG_HEADER]: lang,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      // Behind a trusted proxy the visitor's address is the forwarded one (app.ts, trustProxy).
      ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
    },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });
  if (response.statusCode !== 200) return null;
  const body = response.json<{ code?: unknown }>();
  return body.code === 0 ? { ...call, lang, answer: body } : null;
}

/** The answers of the first calls of `pathname` (none for a screen contracts' firstCallsOf does not know). */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  lang: Lang,
): Promise<FirstAnswer[]> {
  const calls = firstCallsOf(pathname);
  const answers = await Promise.all(calls.map((call) => answer(app, request, call, lang)));
  return answers.filter((a): a is FirstAnswer => a !== null);
}

/**
 * The element carrying the answers; `<` written as \u003c, so no text inside (a lot's remark
 * holding `</script>`) can end the element.
 */
export function firstDataElement(answers: FirstAnswer[]): string {
  if (answers.length === 0) return '';
  const json = JSON.stringify(answers).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${FIRST_DATA_ID}">${json}</script>`;
}
