import { type Static, type TSchema, Type } from 'typebox';

/** The largest id or count a request may carry: PostgreSQL's int4, the type of every id column. */
export const INT4_MAX = 2_147_483_647;
/** A row id in a request (path, query or body). */
export const Id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: INT4_MAX, ...(description ? { description } : {}) });

/** Every answer is `{ code, message, data }` (docs/api.md#envelope). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), message: Type.String(), data });

/**
 * Error answers carry `data: null` and the request's id (the X-Request-Id it came with, else the
 * one the server gave it, also in the X-Request-Id answer header), which the server's log lines of
 * that request carry: what a user quotes to support finds them.
 */
export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Null(),
  requestId: Type.Optional(Type.String({ description: '请求编号（X-Request-Id），与服务器日志对应' })),
  retryAfterSeconds: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: '被限流时距可再次请求的秒数（同 Retry-After 响应头），限流知道时才有',
    }),
  ),
});

/** The error statuses any route may answer (invalid, login or token, not entitled, not found, too many). */
export const ErrorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  429: ErrorEnvelope,
};

export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
  /** on error answers: the request's id (X-Request-Id) */
  requestId?: string;
  /** on a refusal of a limit that knows it: seconds until the next try is allowed */
  retryAfterSeconds?: number;
}

/**
 * The most rows one page of any list may ask for: every list's `pageSize` is bounded by this one
 * number (issue 35: some lists had capped at 50), so no request can ask for the whole table.
 */
export const PAGE_SIZE_MAX = 100;

/** 1-based paging; pageSize is capped at PAGE_SIZE_MAX. */
export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
});
export type PageQuery = Static<typeof PageQuery>;

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

export interface PageOf<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
