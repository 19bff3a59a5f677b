/** A bad or missing setting; main.ts prints its one-line message and stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The environment as configuration reads it. */
export type Env = Record<string, string | undefined>;
