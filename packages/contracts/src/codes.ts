/**
 * Envelope codes shared by server and portal (docs/api.md#codes). The HTTP status of an answer
 * always matches its code, so proxies and logs tell the same story as the body.
 */
export const Code = {
  Ok: 0,
  /** A business rule said no; the message is meant for the user. */
  Business: 1,
  /** The request is malformed; the message names the fields. */
  Invalid: 2,
  /** The token is unknown, expired or revoked: the portal logs the user out. */
  TokenExpired: 3,
  NeedLogin: 4,
  /** VIP membership or beans are required. */
  NeedVip: 5,
  NotFound: 6,
  /** Too many requests, or a captcha must be passed first. */
  TooMany: 7,
  /** Unexpected failure; the message never carries internals. */
  Internal: 500,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** HTTP status that goes with each envelope code. */
export const httpStatusOf: Record<CodeValue, number> = {
  0: 200,
  1: 400,
  2: 400,
  3: 401,
  4: 401,
  5: 403,
  6: 404,
  7: 429,
  500: 500,
};
