import type { RouteName, routeMeta } from '@nebula/protocol/api/route-meta';
import type { Routes } from '@nebula/protocol/api/routes';
import type {
  RequestBody,
  RequestParams,
  RequestQuery,
  ResponseData,
} from '@nebula/protocol/api/types';

/** Types only: the route table's zod schemas never reach the bundle through this file. */

export type ApiRoute = Extract<RouteName, keyof Routes>;

export interface BaseCallOptions {
  /** Cancels this call; a cancelled call rejects with CancelledError. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type IsMoney<R extends ApiRoute> = (typeof routeMeta)[R] extends { money: true } ? true : false;

/**
 * A money route's X-Idempotency-Key is required by type: it belongs to the user's action
 * (lib/action-key), not to one request, so the caller — who knows what a retry is — passes it.
 */
type KeyPart<R extends ApiRoute> =
  IsMoney<R> extends true ? { idempotencyKey: string } : { idempotencyKey?: undefined };

type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : { [K in Name]: T };

export type CallOptions<R extends ApiRoute> = BaseCallOptions &
  KeyPart<R> &
  Part<'body', RequestBody<R>> &
  Part<'params', RequestParams<R>> &
  Part<'query', RequestQuery<R>>;

type NeedsOptions<R extends ApiRoute> = [
  RequestBody<R>,
  RequestParams<R>,
  RequestQuery<R>,
] extends [undefined, undefined, undefined]
  ? false
  : true;

/** Options are required exactly when the route takes a body, params, query or a key. */
export type CallArgs<R extends ApiRoute> =
  NeedsOptions<R> extends true
    ? [options: CallOptions<R>]
    : IsMoney<R> extends true
      ? [options: CallOptions<R>]
      : [options?: CallOptions<R>];

export type CallResult<R extends ApiRoute> = ResponseData<R>;

export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** An in-site path like `/site/api/v1/...`; signed when `signed` is true. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signed: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}
