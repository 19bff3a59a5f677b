/**
 * The inbox's fan-out: a match found on one instance reaches an inbox stream held by any
 * instance. With Redis (REDIS_URL) every instance publishes a batch of events on one channel and
 * subscribes to it, then hands each event to the streams of its user held in this process; without
 * Redis there is one process (PGlite) and a local emitter does the same. A PostgreSQL deployment
 * without Redis would need LISTEN/NOTIFY here: until then its instances push only to their own
 * streams (the inbox itself is in the database and always right).
 */
import { EventEmitter } from 'node:events';
import type { InboxEvent } from '@steelport/contracts';
import { Redis } from 'ioredis';

/** One user's news: its unread count now and how many items arrived. */
export interface UserInboxEvent extends InboxEvent {
  userId: number;
}

export interface InboxBus {
  readonly kind: 'redis' | 'local';
  /** Sends events to every instance (one message per batch). */
  publish(events: UserInboxEvent[]): Promise<void>;
  /** Calls `listener` with each event of `userId` in this process; returns the unsubscribe. */
  listen(userId: number, listener: (event: InboxEvent) => void): () => void;
  /** Resolves once this instance receives what others publish (Redis: subscribed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The channel all instances share; ioredis' key prefix does not apply to channels. */
export const INBOX_CHANNEL = 'sp:inbox';

/** Opens the bus: Redis pub/sub when a URL is given, else in-process. */
export function openInboxBus(opts: { redisUrl?: string | undefined; channel?: string }): InboxBus {
  const local = new EventEmitter();
  // Every open stream listens; the default limit of 10 would warn at the eleventh tab.
  local.setMaxListeners(0);
  const deliver = (events: UserInboxEvent[]) => {
    for (const { userId, ...event } of events) local.emit(String(userId), event);
  };
  const listen = (userId: number, listener: (event: InboxEvent) => void) => {
    local.on(String(userId), listener);
    return () => {
      local.off(String(userId), listener);
    };
  };
  if (!opts.redisUrl) {
    return {
      kind: 'local',
      publish: async (events) => deliver(events),
      listen,
      ready: async () => {},
      close: async () => {
        local.removeAllListeners();
      },
    };
  }
  const channel = opts.channel ?? INBOX_CHANNEL;
  // A subscribed connection can only subscribe: publishing needs its own.
  const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2 });
  const sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
  pub.on('error', () => {});
  sub.on('error', () => {});
  const subscribed = sub.subscribe(channel).catch(() => 0);
  sub.on('message', (_channel: string, message: string) => {
    try {
      deliver(JSON.parse(message) as UserInboxEvent[]);
    } catch {
      // not ours: ignore
    }
  });
  return {
    kind: 'redis',
    publish: async (events) => {
      if (events.length === 0) return;
      await pub.publish(channel, JSON.stringify(events));
    },
    listen,
    ready: async () => {
      await subscribed;
    },
    close: async () => {
      local.removeAllListeners();
      await subscribed;
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}
