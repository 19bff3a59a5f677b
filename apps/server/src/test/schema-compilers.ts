/**
 * Compiled validators and serializers shared by every app a test worker builds. Each test file
 * builds the whole app, and Fastify compiles every route's schemas again for it (Ajv and
 * fast-json-stringify, about 0.8 s of the 2 s a file spends before its first test); a schema
 * the worker has compiled before, for the same shared schemas and options, is taken from here.
 * The route modules build their schemas afresh for each app (`Envelope(X)`), so schemas are
 * recognised by their JSON, not their identity: a compiled schema depends on nothing else.
 */
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { type SerializerFactory, SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Factory = (externalSchemas: unknown, options: unknown) => (route: { schema: unknown }) => unknown;

/** `factory` with each compiled schema kept by its JSON, its shared schemas' and its options'. */
function remembering<F>(factory: F): F {
  const build = factory as unknown as Factory;
  const compiled = new Map<string, unknown>();
  const remembered: Factory = (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const setting = JSON.stringify([externalSchemas, options]);
    return (route) => {
      const key = `${setting}${JSON.stringify(route.schema)}`;
      let done = compiled.get(key);
      if (done === undefined) {
        done = compile(route);
        compiled.set(key, done);
      }
      return done;
    };
  };
  return remembered as unknown as F;
}

export const sharedSchemaCompilers = {
  buildValidator: remembering<ValidatorFactory>(AjvCompiler()),
  buildSerializer: remembering<SerializerFactory>(SerializerSelector()),
};
