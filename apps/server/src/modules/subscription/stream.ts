/**
 * The inbox stream (server-sent events): the unread count at once, then an `inbox` event each
 * time something arrives or is read, and a comment line every KEEP_ALIVE_MS so proxies keep the
 * connection. The session is looked up again with every keep-alive: after a logout (or an
 * operator disabling the user) the stream ends, and EventSource's reconnect then meets code 3.
 */
import type { InboxEvent } from '@steelport/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECOND_MS } from '../../dates.ts';

/** Keep-alive comment period; also how soon a logged-out stream ends. */
export const KEEP_ALIVE_MS = 25 * SECOND_MS;

/**
 * Streams one user may hold open in one process: a few tabs and devices. A newer stream ends the
 * oldest with a `replaced` event, so one token cannot hold thousands of connections; the portal's
 * tab then waits until it is looked at again before it reconnects (and ends the next oldest),
 * instead of every tab pushing another out every few seconds.
 */
export const STREAMS_PER_USER = 5;

export interface StreamDeps {
  /** the caller's current unread count */
  unread(userId: number): Promise<InboxEvent>;
  listen(userId: number, listener: (event: InboxEvent) => void): () => void;
  /** whether the token still names a live session of this user */
  sessionAlive(token: string, userId: number): Promise<boolean>;
  keepAliveMs?: number;
}

/** The open streams of one app; `closeAll` ends them when the app closes. */
export function inboxStreams(deps: StreamDeps) {
  const open = new Set<(replaced?: boolean) => void>();
  /** Each user's open streams, oldest first. */
  const byUser = new Map<number, ((replaced?: boolean) => void)[]>();
  const keepAliveMs = deps.keepAliveMs ?? KEEP_ALIVE_MS;

  return {
    /** Takes over the reply and streams the caller's inbox events until it goes away. */
    async serve(request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
      const userId = request.user!.id;
      const first = await deps.unread(userId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the events
        'x-accel-buffering': 'no',
        'x-request-id': String(request.id),
      });
      const send = (event: InboxEvent) => res.write(`event: inbox\ndata: ${JSON.stringify(event)}\n\n`);
      res.write(`retry: 5000\n\n`);
      send(first);
      let ended = false;
      const end = (replaced = false) => {
        if (ended) return;
        ended = true;
        if (replaced) res.write('event: replaced\ndata: {}\n\n');
        clearInterval(timer);
        stop();
        open.delete(end);
        const mine = (byUser.get(userId) ?? []).filter((e) => e !== end);
        if (mine.length > 0) byUser.set(userId, mine);
        else byUser.delete(userId);
        res.end();
      };
      const stop = deps.listen(userId, send);
      const timer = setInterval(async () => {
        try {
          if (!(await deps.sessionAlive(token, userId))) {
            res.write('event: logout\ndata: {}\n\n');
            end();
            return;
          }
          res.write(': keep-alive\n\n');
        } catch {
          end();
        }
      }, keepAliveMs);
      timer.unref();
      open.add(end);
      request.raw.on('close', () => end());
      const mine = [...(byUser.get(userId) ?? []), end];
      byUser.set(userId, mine);
      if (mine.length > STREAMS_PER_USER) mine[0]?.(true);
    },

    /** Ends every open stream (the app is closing). */
    closeAll(): void {
      for (const end of [...open]) end();
    },

    /** How many streams are open in this process. */
    get size(): number {
      return open.size;
    },
  };
}
