/** Compressed answers (@fastify/compress) for bodies of 1 KB or more. */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, { threshold: 1024 });
}

export default fp(compressionPlugin, { name: 'compression' });
