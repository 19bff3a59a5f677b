/**
 * What one client may hold of the server (issue 28): the Node server's deadlines, passed to
 * Fastify at construction (`serverOptions`), and a cap on the connections of one socket address
 * (`capConnectionsPerAddress`). A body trickled in a byte at a time is answered 408 once the
 * request deadline passes; a client opening thousands of idle sockets is refused beyond its cap
 * instead of using up the process's file descriptors.
 */
import type { Server, Socket } from 'node:net';
import type { ClientLimits } from '../config.ts';

/** How often Node looks for requests past their deadline: a deadline is late by at most this. */
const CHECK_EVERY_MAX_MS = 2000;

/** The options of Fastify's constructor that set the HTTP server's deadlines. */
export function serverOptions(limits: ClientLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(CHECK_EVERY_MAX_MS, limits.headersTimeoutMs / 2)),
    },
  };
}

/**
 * Closes a new connection at once when its socket address already holds `max` open ones. Only for
 * a server whose sockets are the clients themselves: behind a proxy every socket is the proxy's.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const held = open.get(address) ?? 0;
    if (held >= max) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
