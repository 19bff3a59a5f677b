/**
 * Cross-origin calls (@fastify/cors): only the origins allowed to embed the portal
 * (ALLOWED_EMBED_ORIGINS) may call the API from a browser, with the headers the portal sends.
 */
import cors from '@fastify/cors';
import { LANG_HEADER } from '@steelport/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function corsPlugin(app: FastifyInstance, opts: { allowedEmbedOrigins: string[] }) {
  await app.register(cors, {
    origin: opts.allowedEmbedOrigins.length > 0 ? opts.allowedEmbedOrigins : false,
    allowedHeaders: ['Content-Type', 'X-Token', 'Authorization', LANG_HEADER],
    maxAge: 600,
  });
}

export default fp(corsPlugin, { name: 'cors' });
