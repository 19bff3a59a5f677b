/**
 * Serves the built portal (apps/web/dist) from the API process: hashed assets with a year-long
 * immutable cache, index.html never cached, and the SPA fallback so /wareHouse or
 * /firminfo/12/embed load the app. Unknown /api and /ma paths answer the code-6 envelope instead.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Code } from '@steelport/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './envelope.ts';

const API_PREFIXES = ['/api/', '/ma/', '/api', '/healthz'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`));
}

async function webPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexFile);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendShell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  // `/` is a directory to the static handler; the shell answers it directly.
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !wantsPage || !hasWeb) {
      return sendError(reply, Code.NotFound, '接口不存在');
    }
    return sendShell(reply);
  });
}

export default fp(webPlugin, { name: 'web' });
