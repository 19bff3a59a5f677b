/**
 * What the request log may show. The login carry-over opens the portal at
 * `/?X-Token=...&loginUser=...` and a phone may confirm a QR code by its address, so a logged
 * URL can hold a live credential: values of those query parameters are replaced before a line is
 * written. Headers that carry tokens are redacted by pino (app.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/**
 * The request a piece of work runs for (app.ts enters it in `onRequest`): services log through
 * the app's logger they were built with, which knows no request; `logMixin` adds its id.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/**
 * Pino's `mixin`: every line written while a request is being handled carries its `reqId`, also
 * from the app's logger that services hold. `request.log` lines have it bound already and are left
 * as they are (a second `reqId` key would be written twice).
 */
export function logMixin(_merge: object, _level: number, logger: { bindings(): object }): object {
  const context = requestContext.getStore();
  if (!context || 'reqId' in logger.bindings()) return {};
  return { reqId: context.reqId };
}

/** Query parameters whose values never reach a log (compared case-insensitively). */
const SECRET_PARAMS = new Set([
  'x-token',
  'token',
  'loginuser',
  'password',
  'code',
  'authorization',
  // an ERP's key belongs in the X-Api-Key header, but one sent in the query is still a secret
  'x-api-key',
  'apikey',
  'api_key',
]);

/** The URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; its value is still hidden below if it looks secret.
      }
      return SECRET_PARAMS.has(name.toLowerCase()) && eq >= 0 ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** pino serializer of a request: the usual fields with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
