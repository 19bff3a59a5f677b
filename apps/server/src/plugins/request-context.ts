/**
 * Each request's context: its id on every log line written while it is handled
 * (log.ts#logMixin) and on the answer (`x-request-id`), and, once the app is closing, answers
 * that end their connection.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestContext } from '../log.ts';

async function requestContextPlugin(app: FastifyInstance) {
  // While closing, answers in flight end their connection: a keep-alive socket that went idle
  // after the close began would otherwise hold the server open until the shutdown timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // The request's id for every log line written while it is handled (log.ts#logMixin), entered
  // again once the body is read: a body's stream events run outside the first hook's context.
  const enterRequest = (request: { id: string }, _reply: unknown, done: () => void) =>
    requestContext.run({ reqId: String(request.id) }, done);
  app.addHook('onRequest', enterRequest);
  app.addHook('preValidation', enterRequest);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
}

export default fp(requestContextPlugin, { name: 'request-context' });
