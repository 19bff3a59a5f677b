/**
 * The answers the server put into the page it sent (contracts first-data.ts, issue 36): a public
 * screen's first calls, answered for a logged-out visitor. The request module (client.ts) asks
 * here before the network; each answer serves one call, in the language it was asked in, for
 * FIRST_DATA_FRESH_MS after the page loaded, and only while no one is logged in (a session's
 * answers differ: phones unmasked, the viewer's own rows).
 */
import {
  FIRST_DATA_FRESH_MS,
  FIRST_DATA_ID,
  type FirstAnswer,
  firstCallKey,
  type Lang,
} from '@steelport/contracts';

type Answers = Map<string, unknown>;

/** The page's answers by call, read from its element (which is removed once read). */
export function readFirstData(doc: Document): Answers {
  const answers: Answers = new Map();
  const element = doc.getElementById(FIRST_DATA_ID);
  if (!element) return answers;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '[]');
    if (!Array.isArray(parsed)) return answers;
    for (const entry of parsed as FirstAnswer[]) {
      answers.set(firstCallKey(entry.lang, entry.method, entry.url, entry.body), entry.answer);
    }
  } catch {
    // A page without usable answers: every call goes to the network.
  }
  return answers;
}

let answers: Answers | undefined;

/** What a call sends, as `firstCallKey` reads it. */
export interface OutgoingCall {
  lang: Lang;
  method: string;
  /** the path with its query */
  url: string;
  /** the body as sent (JSON text), if any */
  data: unknown;
  loggedIn: boolean;
}

/**
 * The page's answer to this call (its envelope), taken so that it serves once; undefined when
 * there is none, it is too late, or someone is logged in.
 */
export function takeFirstAnswer(call: OutgoingCall, now = performance.now()): unknown {
  answers ??= typeof document === 'undefined' ? new Map() : readFirstData(document);
  if (answers.size === 0) return undefined;
  if (call.loggedIn || now > FIRST_DATA_FRESH_MS) {
    answers.clear();
    return undefined;
  }
  let body: unknown;
  if (typeof call.data === 'string' && call.data !== '') {
    try {
      body = JSON.parse(call.data);
    } catch {
      return undefined;
    }
  } else if (call.data !== undefined && call.data !== null) return undefined;
  const key = firstCallKey(call.lang, call.method, call.url, body);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** Forgets the page's answers (tests; a page that read them in another document). */
export function resetFirstData(next?: Answers): void {
  answers = next;
}
