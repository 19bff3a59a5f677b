/**
 * The request's language (issue 31): `request.lang` is `X-Lang` (the portal sends its language on
 * every call), else the first of the `Accept-Language` preferences the portal speaks (q-values
 * honoured: `en*` is English, `zh*` Chinese), else Chinese. Error messages answer in it
 * (plugins/envelope.ts); what is sent to a user later (exports, SMS, inbox) follows the user's
 * stored choice first (`userLang`).
 */
import { LANG_HEADER, LANGUAGES, type Lang } from '@steelport/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request asks for (X-Lang, Accept-Language, else zh-CN). */
    readonly lang: Lang;
  }
}

/** A language tag as the portal speaks it: `en`, `en-GB` → en; `zh`, `zh-TW` → zh-CN; else null. */
export function langOfTag(tag: string | undefined): Lang | null {
  const t = tag?.trim().toLowerCase() ?? '';
  if (t === 'en' || t.startsWith('en-') || t.startsWith('en_')) return 'en';
  if (t === 'zh' || t.startsWith('zh-') || t.startsWith('zh_')) return 'zh-CN';
  return null;
}

/** The first language of an `Accept-Language` value the portal speaks, by q-value (ties keep their order). */
export function langOfAcceptLanguage(header: string | undefined): Lang | null {
  if (!header) return null;
  const prefs = header
    .slice(0, 500)
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { lang: langOfTag(tag), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((p) => p.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return prefs.find((p) => p.lang !== null)?.lang ?? null;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The language of a request's headers: X-Lang, else Accept-Language, else zh-CN. */
export function langOfHeaders(headers: FastifyRequest['headers']): Lang {
  return (
    langOfTag(first(headers[LANG_HEADER.toLowerCase()])) ??
    langOfAcceptLanguage(first(headers['accept-language'])) ??
    LANGUAGES[0]
  );
}

/**
 * The language to write to the caller in when it outlives the request (an export, a message):
 * the logged-in user's stored choice, else the request's.
 */
export function userLang(request: FastifyRequest): Lang {
  return request.user?.lang ?? request.lang;
}

async function langPlugin(app: FastifyInstance) {
  // A getter, so the answer is right also for errors raised before any hook ran (a malformed URL).
  app.decorateRequest('lang', {
    getter(this: FastifyRequest) {
      return langOfHeaders(this.headers);
    },
  });
}

export default fp(langPlugin, { name: 'lang' });
